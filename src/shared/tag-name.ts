/**
 * The rule for tag names this app creates (a tag names a table version). Plain TypeScript
 * without zod, so the renderer can check a name as it is typed.
 */

/** Why `name` cannot be a tag name, or null when it can. */
export function tagNameProblem(name: string): string | null {
  if (name === '') return 'Give the tag a name.'
  if (name.length > 100) return 'A tag name has at most 100 characters.'
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name)) return 'A tag name uses letters, digits, "_", "-" and "." only, and does not start with a dot.'
  return null
}
