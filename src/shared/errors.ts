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
  // Indexes and stats (issue 16): Lance codes 6 and 7.
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
   * message chose the rest, file paths included.
   */
  toValue(): ErrorValue {
    const message = withoutSourceLocations(this.message)
    return this.details ? { code: this.code, message, details: this.details } : { code: this.code, message }
  }
}

/**
 * Converts anything thrown into an error value. The message is what a person reads, so
 * source locations and file paths are taken out of it (`userMessage`); the full text stays
 * in `details.cause`.
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
  return message === text ? { code, message } : { code, message, details: { cause: text } }
}

// Where Rust code failed: ", /usr/local/cargo/registry/src/…/dir.rs:2004:14" (LanceDB's
// messages), and the Debug form "location: Location { file: \"….rs\", line: 793, column: 21 }".
const RUST_SOURCE = /,?\s*(?:[\w.~-]*\/)+[\w.-]+\.rs:\d+(?::\d+)?/g
const RUST_LOCATION = /,?\s*location: Location \{[^}]*\}/g
const BACKTRACE = /,?\s*backtrace: \w+/g
// A file path of two or more folders, absolute (/srv/x/y) or as object stores write local
// ones (srv/x/y); not the path part of a URL (preceded by ":/", a host name or a dot).
const FILE_PATH = /(?<![\w.:/-])\/?(?:[\w.$@+~-]+\/){2,}[\w.$@+~#-]*/g

/** `text` without Rust source locations and backtrace markers. */
export function withoutSourceLocations(text: string): string {
  const cleaned = text.replace(RUST_SOURCE, '').replace(RUST_LOCATION, '').replace(BACKTRACE, '')
  return cleaned === text ? text : cleaned.replace(/\s+/g, ' ').trim()
}

/**
 * The part of a library's or server's error text a person should read: the first sentence
 * before any "Caused by:" chain, without Rust source locations or backtraces, and with file
 * paths shortened to their last name (`…/broken.lance`), so neither the layout of a server's
 * disk nor of the machine that built LanceDB shows up in a message.
 */
export function userMessage(text: string): string {
  const first = text.split(/\s+Caused by:/)[0] ?? text
  const cleaned = withoutSourceLocations(first)
    .replace(FILE_PATH, (path) => {
      const parts = path.split('/').filter((part) => part !== '')
      return `…/${parts[parts.length - 1] ?? ''}`
    })
    .replace(/\s+/g, ' ')
    .trim()
  return cleaned === '' ? text.trim() : cleaned
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
