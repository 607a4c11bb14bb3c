/**
 * Error values that cross process boundaries. A thrown Error loses its class and fields
 * over IPC, so failures travel as `{ code, message, details }` values instead.
 */

/** Every error code the app can report. */
export const ERROR_CODES = [
  'invalid_request',
  'invalid_name',
  'namespace_not_found',
  'namespace_exists',
  'namespace_not_empty',
  'table_not_found',
  'table_exists',
  'unauthenticated',
  'permission_denied',
  'throttled',
  'unavailable',
  'unreachable',
  'timeout',
  'cancelled',
  'server_error',
  'bad_response',
  'unsupported',
  'invalid_catalog',
  'connection_not_found',
  'internal',
  // Indexes and stats: Lance codes 6 and 7.
  'index_not_found',
  'index_exists'
] as const

/** One of the app's error codes. */
export type ErrorCode = (typeof ERROR_CODES)[number]

/** Facts behind an error, for people who want to dig: HTTP status, server text, and so on. */
export interface ErrorDetails {
  readonly status?: number
  readonly lanceCode?: number
  readonly serverMessage?: string
  readonly method?: string
  readonly url?: string
  readonly cause?: string
  readonly issues?: readonly string[]
  readonly [key: string]: unknown
}

/** The serialisable form of an error. */
export interface ErrorValue {
  readonly code: ErrorCode
  readonly message: string
  readonly details?: ErrorDetails
}

/** An Error carrying an error code and details; main-process code throws these. */
export class CatalogError extends Error {
  readonly code: ErrorCode
  readonly details: ErrorDetails | undefined

  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message)
    this.name = 'CatalogError'
    this.code = code
    this.details = details
  }

  /**
   * The value form, safe to send across IPC. Rust source locations a library or server
   * left in the message are dropped (they help nobody reading it); whoever composed the
   * message chose the rest, file paths included. The details lose source locations too, and
   * the text that came from below (`cause`, the server's words) its file paths (`publicDetails`).
   */
  toValue(): ErrorValue {
    const message = withoutSourceLocations(this.message)
    return this.details ? { code: this.code, message, details: publicDetails(this.details) } : { code: this.code, message }
  }
}

/**
 * Converts anything thrown into an error value. The message is what a person reads, so
 * source locations and file paths are taken out of it (`userMessage`); the text in
 * `details.cause` loses them too (`detailText`): the full text is for the log only.
 */
export function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof CatalogError) return error.toValue()
  if (error instanceof Error) {
    if (error.name === 'AbortError') return { code: 'cancelled', message: 'The request was cancelled.' }
    return withCause('internal', error.message || error.name)
  }
  return withCause('internal', String(error))
}

function withCause(code: ErrorCode, text: string): ErrorValue {
  const message = userMessage(text)
  return message === text ? { code, message } : { code, message, details: { cause: detailText(text) } }
}

/**
 * The most characters of a library's or server's text that are read for a message or the
 * details; the rest is cut. Together with patterns that never backtrack over a run of
 * text twice, this keeps an error that quotes a huge input (a 10 MB filter) from blocking.
 */
export const ERROR_TEXT_LIMIT = 4_000

// The ways text starts before a source location or backtrace marker: ", " or whitespace.
// Written so that no match starts inside a run of whitespace (each run is read once).
const LEAD = String.raw`(?:,\s*|(?<![\s,])\s+)?`
// Where Rust code failed: ", /usr/local/cargo/registry/src/…/dir.rs:2004:14" (LanceDB's
// messages), and the Debug form "location: Location { file: \"….rs\", line: 793, column: 21 }".
// A path starts only where no path character precedes it, so each path is read once.
const RUST_SOURCE = new RegExp(String.raw`${LEAD}(?<![\w.~/-])(?:[\w.~-]*\/)+[\w.-]+\.rs:\d+(?::\d+)?`, 'g')
const RUST_LOCATION = new RegExp(String.raw`${LEAD}location: Location \{[^{}]*\}`, 'g')
const BACKTRACE = new RegExp(String.raw`${LEAD}backtrace: \w+`, 'g')
// A file path of two or more folders, absolute (/srv/x/y) or as object stores write local
// ones (srv/x/y); not the path part of a URL (preceded by ":/", a host name or a dot). It
// starts only where no character of a path precedes it.
const FILE_PATH = /(?<![\w.:/$@+~#-])\/?(?:[\w.$@+~-]+\/){2,}[\w.$@+~#-]*/g
const CAUSED_BY = /(?<!\s)\s+Caused by:/

/** `text` cut to ERROR_TEXT_LIMIT characters (marked with "…" where cut). */
function cut(text: string): string {
  return text.length <= ERROR_TEXT_LIMIT ? text : `${text.slice(0, ERROR_TEXT_LIMIT)}…`
}

/** `text` (cut to ERROR_TEXT_LIMIT) without Rust source locations and backtrace markers. */
export function withoutSourceLocations(text: string): string {
  const cleaned = cut(text).replace(RUST_SOURCE, '').replace(RUST_LOCATION, '').replace(BACKTRACE, '')
  return cleaned === text ? text : cleaned.replace(/\s+/g, ' ').trim()
}

/** `text` with each file path shortened to its last name (`…/broken.lance`). */
function withShortPaths(text: string): string {
  return text.replace(FILE_PATH, (path) => {
    const parts = path.split('/').filter((part) => part !== '')
    return `…/${parts[parts.length - 1] ?? ''}`
  })
}

/**
 * The part of a library's or server's error text a person should read: the first sentence
 * before any "Caused by:" chain, without Rust source locations or backtraces, and with file
 * paths shortened to their last name (`…/broken.lance`), so neither the layout of a server's
 * disk nor of the machine that built LanceDB shows up in a message.
 */
export function userMessage(text: string): string {
  const short = cut(text)
  const causedBy = short.search(CAUSED_BY)
  const first = causedBy === -1 ? short : short.slice(0, causedBy)
  const cleaned = withShortPaths(withoutSourceLocations(first)).replace(/\s+/g, ' ').trim()
  return cleaned === '' ? short.trim() : cleaned
}

/**
 * A library's or server's full text as the technical details show it: the whole chain
 * ("Caused by:" included), without Rust source locations and with file paths shortened.
 */
export function detailText(text: string): string {
  return withShortPaths(withoutSourceLocations(text))
}

// Details that carry text from below (LanceDB, a server, the file system), not ours.
const TEXT_FROM_BELOW: ReadonlySet<string> = new Set(['cause', 'serverMessage', 'serverDetail'])

/**
 * Details as the page may see them: text from below through `detailText`, every other
 * string without Rust source locations. Numbers, lists and the like stay as they are.
 */
export function publicDetails(details: ErrorDetails): ErrorDetails {
  const entries = Object.entries(details).map(([key, value]) => {
    if (typeof value !== 'string' || key === 'url') return [key, value]
    return [key, TEXT_FROM_BELOW.has(key) ? detailText(value) : withoutSourceLocations(value)]
  })
  return Object.fromEntries(entries) as ErrorDetails
}

/** Lance namespace error codes (from the REST spec's ErrorResponse) mapped to ours. */
export function errorCodeFromLance(lanceCode: number): ErrorCode | undefined {
  switch (lanceCode) {
    case 0:
      return 'unsupported'
    case 1:
      return 'namespace_not_found'
    case 2:
      return 'namespace_exists'
    case 3:
      return 'namespace_not_empty'
    case 4:
      return 'table_not_found'
    case 5:
      return 'table_exists'
    case 6:
      return 'index_not_found'
    case 7:
      return 'index_exists'
    case 13:
      return 'invalid_request'
    case 15:
      return 'permission_denied'
    case 16:
      return 'unauthenticated'
    case 17:
      return 'unavailable'
    case 18:
      return 'server_error'
    case 21:
      return 'throttled'
    default:
      return undefined
  }
}

/** Our codes mapped back to Lance codes, for the reference server's error bodies. */
export function lanceCodeFor(code: ErrorCode): number {
  switch (code) {
    case 'unsupported':
      return 0
    case 'namespace_not_found':
      return 1
    case 'namespace_exists':
      return 2
    case 'namespace_not_empty':
      return 3
    case 'table_not_found':
      return 4
    case 'table_exists':
      return 5
    case 'index_not_found':
      return 6
    case 'index_exists':
      return 7
    case 'invalid_request':
    case 'invalid_name':
      return 13
    case 'permission_denied':
      return 15
    case 'unauthenticated':
      return 16
    case 'unavailable':
      return 17
    case 'throttled':
      return 21
    default:
      return 18
  }
}
