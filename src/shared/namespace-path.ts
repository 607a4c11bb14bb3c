/**
 * Namespace paths and identifiers.
 *
 * A namespace path is an ordered list of components; the root is `[]`. A component is a
 * name (never a filesystem segment). Names this app creates follow the naming rule
 * (non-empty, only letters, digits, `_`, `-` and `.`); names a catalog lists are data and
 * are used as they are (`my table`, `Q3 sales`, `café`), only never empty.
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
export const COMPONENT_RULE = `use only the letters a-z and A-Z (no accents), digits, "_", "-" and "." (1 to ${MAX_NAME_LENGTH} characters)`

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

/**
 * The longest listed name the app accepts across IPC, in characters. Catalogs may hold
 * names the naming rule refuses; this bound only keeps a hostile listing from sending
 * megabytes back through every request that names the table.
 */
export const MAX_LISTED_NAME_LENGTH = 4096

/** Returns why `name` cannot be a name a catalog listed (empty or absurdly long), or null. */
export function listedNameProblem(name: string): string | null {
  if (name.length === 0) return 'A name cannot be empty.'
  if (name.length > MAX_LISTED_NAME_LENGTH) {
    return `A name can be at most ${MAX_LISTED_NAME_LENGTH} characters long; "${name.slice(0, 24)}…" has ${name.length}.`
  }
  return null
}

/** True when `name` follows the naming rule for names this app creates. */
export function followsNamingRule(name: string): boolean {
  return componentProblem(name) === null
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
 * Joins a path into an identifier (`["a","b"]` -> `a$b`; `[]` -> `$`). Components are
 * taken as listed (any non-empty name); one that contains the delimiter is refused,
 * since such an identifier could not be split back into the same path (see
 * `delimiterFor` to pick a delimiter that fits, and `displayIdentifier` to show one).
 */
export function toIdentifier(path: NamespacePath, delimiter: string = DEFAULT_DELIMITER): string {
  if (delimiter.length === 0) throw new RangeError('The identifier delimiter cannot be empty.')
  if (path.length === 0) return delimiter
  for (const component of path) {
    if (component.includes(delimiter)) {
      throw new RangeError(`"${component}" contains the delimiter "${delimiter}", so it cannot be part of an identifier.`)
    }
  }
  assertListedPath(path)
  return path.join(delimiter)
}

/** Splits an identifier back into a path; the delimiter alone is the root `[]`. */
export function fromIdentifier(identifier: string, delimiter: string = DEFAULT_DELIMITER): string[] {
  if (delimiter.length === 0) throw new RangeError('The identifier delimiter cannot be empty.')
  if (identifier === delimiter) return []
  const path = identifier.split(delimiter)
  assertListedPath(path)
  return path
}

/** Delimiters tried, in order, when a path's names contain the default one. */
const SPARE_DELIMITERS = ['|', '~', '^', '!', ':', '#', '\u001f']

/**
 * The delimiter to send with a path: `preferred` unless some name contains it, then the
 * first spare delimiter no name contains (the spec lets a request name its delimiter).
 */
export function delimiterFor(path: NamespacePath, preferred: string = DEFAULT_DELIMITER): string {
  const fits = (d: string): boolean => path.every((name) => !name.includes(d))
  if (fits(preferred)) return preferred
  const spare = SPARE_DELIMITERS.find(fits)
  if (spare === undefined) throw new RangeError('Every delimiter the app knows appears in these names, so they cannot be joined into one identifier.')
  return spare
}

/**
 * An identifier for people to read and copy: the path joined with `$`, where a name that
 * holds the delimiter, a double quote or surrounding spaces is put in double quotes (with
 * its quotes doubled), so `["a$b", "c"]` reads `"a$b"$c` and is never mistaken for three names.
 */
export function displayIdentifier(path: NamespacePath, delimiter: string = DEFAULT_DELIMITER): string {
  if (path.length === 0) return delimiter
  return path.map((name) => (needsQuotes(name, delimiter) ? `"${name.replaceAll('"', '""')}"` : name)).join(delimiter)
}

/**
 * Reads an identifier as `displayIdentifier` writes it (`a$"b$c"` -> `["a", "b$c"]`);
 * empty text or the delimiter alone is the root. Returns the path and its first problem.
 */
export function parseDisplayIdentifier(text: string, delimiter: string = DEFAULT_DELIMITER): { path: string[]; problem: string | null } {
  if (text === '' || text === delimiter) return { path: [], problem: null }
  const path: string[] = []
  let i = 0
  while (i <= text.length) {
    let name = ''
    if (text[i] === '"') {
      // A quoted name runs to the first lone quote; a doubled quote stands for one.
      let j = i + 1
      let closed = false
      while (j < text.length) {
        if (text[j] !== '"') {
          name += text[j]
          j += 1
        } else if (text[j + 1] === '"') {
          name += '"'
          j += 2
        } else {
          closed = true
          break
        }
      }
      if (!closed) return { path, problem: `A quoted name in "${text.slice(0, 40)}" has no closing quote.` }
      i = j + 1
      if (i < text.length && !text.startsWith(delimiter, i)) return { path, problem: `Put "${delimiter}" after a quoted name.` }
    } else {
      const end = text.indexOf(delimiter, i)
      name = text.slice(i, end === -1 ? text.length : end)
      i = end === -1 ? text.length : end
    }
    const problem = listedNameProblem(name)
    if (problem) return { path, problem }
    path.push(name)
    if (i >= text.length) break
    i += delimiter.length
    if (i >= text.length) return { path, problem: 'A name cannot be empty.' }
  }
  return { path, problem: null }
}

function needsQuotes(name: string, delimiter: string): boolean {
  return name === '' || name.includes(delimiter) || name.includes('"') || name.trim() !== name
}

function assertListedPath(path: NamespacePath): void {
  for (const name of path) {
    const problem = listedNameProblem(name)
    if (problem) throw new RangeError(problem)
  }
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
