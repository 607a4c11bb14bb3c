/**
 * One path segment of a REST route (`/v1/namespace/{id}/list`). Percent-encoded like any
 * URI component, and `.` or `..` as `%2E` / `%2E%2E`: as they are, URL resolution would
 * treat them as "this folder" and "the parent folder" and drop them from the path, so a
 * connection whose delimiter is `.` could not name its root (whose id is the delimiter,
 * per the spec) and a namespace named `..` would address another route.
 */
export function pathSegment(text: string): string {
  if (text === '.' || text === '..') return text.replaceAll('.', '%2E')
  return encodeURIComponent(text)
}
