/**
 * Namespace paths and identifiers.
 *
 * A namespace path is an ordered list of components; the root is `[]`. A component is a
 * name (never a filesystem segment): non-empty, only letters, digits, `_`, `-` and `.`.
 * An identifier joins the components with a delimiter (`$` by default); an identifier
 * equal to the delimiter alone denotes the root.
 */

/** An ordered list of namespace components; `[]` is the root. */
export type NamespacePath = readonly string[]

/** The delimiter Lance uses to join identifier components unless told otherwise. */
export const DEFAULT_DELIMITER = '$'

/**
 * The longest name a component may have, in characters (names are ASCII, so bytes too).
 * A directory catalog stores a root table as the folder `NAME.lance`, and file systems
 * hold at most 255 bytes per file name, so 249 is the longest table name LanceDB can
 * store; no catalog can hold a longer one, and refusing it up front gives a clear error
 * instead of a file-system failure half-way through a create.
 */
export const MAX_NAME_LENGTH = 249

/** The component rule in words, for error messages and form hints. */
export const COMPONENT_RULE = `use only letters, digits, "_", "-" and "." (1 to ${MAX_NAME_LENGTH} characters)`

const COMPONENT_PATTERN = /^[A-Za-z0-9_.-]+$/

/** Returns why `component` is not a valid namespace or table name, or null if it is. */
export function componentProblem(component: string): string | null {
  if (component.length === 0) return `A name cannot be empty: ${COMPONENT_RULE}.`
  if (component.length > MAX_NAME_LENGTH) {
    return `A name can be at most ${MAX_NAME_LENGTH} characters long; "${component.slice(0, 24)}…" has ${component.length}.`
  }
  if (!COMPONENT_PATTERN.test(component)) {
    const bad = [...component].find((ch) => !COMPONENT_PATTERN.test(ch)) ?? ''
    return `"${component}" is not a valid name: ${describeChar(bad)} is not allowed; ${COMPONENT_RULE}.`
  }
  return null
}

/** Returns the first problem with a path's components, or null if every one is valid. */
export function pathProblem(path: NamespacePath): string | null {
  for (const component of path) {
    const problem = componentProblem(component)
    if (problem) return problem
  }
  return null
}

/** Throws a `RangeError` naming the bad component if `path` breaks the component rule. */
export function assertValidPath(path: NamespacePath): void {
  const problem = pathProblem(path)
  if (problem) throw new RangeError(problem)
}

/**
 * Joins a path into an identifier (`["a","b"]` -> `a$b`; `[]` -> `$`).
 * Refuses components that are invalid or contain the delimiter, since such an
 * identifier could not be split back into the same path.
 */
export function toIdentifier(path: NamespacePath, delimiter: string = DEFAULT_DELIMITER): string {
  if (delimiter.length === 0) throw new RangeError('The identifier delimiter cannot be empty.')
  if (path.length === 0) return delimiter
  for (const component of path) {
    if (component.includes(delimiter)) {
      throw new RangeError(
        `"${component}" contains the delimiter "${delimiter}", so it cannot be part of an identifier.`
      )
    }
  }
  assertValidPath(path)
  return path.join(delimiter)
}

/** Splits an identifier back into a path; the delimiter alone is the root `[]`. */
export function fromIdentifier(identifier: string, delimiter: string = DEFAULT_DELIMITER): string[] {
  if (delimiter.length === 0) throw new RangeError('The identifier delimiter cannot be empty.')
  if (identifier === delimiter) return []
  const path = identifier.split(delimiter)
  assertValidPath(path)
  return path
}

/** Two paths are equal when they have the same components in the same order. */
export function samePath(a: NamespacePath, b: NamespacePath): boolean {
  return a.length === b.length && a.every((component, i) => component === b[i])
}

function describeChar(ch: string): string {
  if (ch === ' ') return 'a space'
  if (ch === '/') return '"/"'
  const code = ch.codePointAt(0) ?? 0
  return code < 0x20 || code === 0x7f ? `control character U+${code.toString(16).padStart(4, '0')}` : `"${ch}"`
}
