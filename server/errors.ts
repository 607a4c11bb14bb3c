/**
 * Error responses of the reference catalog server: spec-shaped JSON bodies
 * (`{ error, code, type, detail, instance }`) with the HTTP status that matches the
 * error code. Handlers throw `CatalogError`s; this file turns anything thrown into a reply.
 * No reply shows where the server keeps its catalogs or where LanceDB was built: the
 * server's own messages lose the root folder and Rust source locations, and text from
 * below (LanceDB, the file system) is reduced to `userMessage`.
 */
import { CatalogError, lanceCodeFor, userMessage, withoutSourceLocations, type ErrorCode, type ErrorDetails } from '../src/shared/errors'

/** The JSON body of every error reply (the spec's ErrorResponse plus `type`). */
export interface ErrorBody {
  readonly error: string
  readonly code: number
  readonly type: string
  readonly detail?: string
  readonly instance: string
}

/** A CatalogError whose HTTP status is fixed by the thrower (unknown route, wrong method). */
export class HttpStatusError extends CatalogError {
  readonly status: number

  constructor(status: number, code: ErrorCode, message: string, details?: ErrorDetails) {
    super(code, message, details)
    this.name = 'HttpStatusError'
    this.status = status
  }
}

/** The HTTP status the spec uses for each of our error codes. */
export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case 'namespace_not_found':
    case 'table_not_found':
    case 'index_not_found':
    case 'connection_not_found':
      return 404
    case 'namespace_exists':
    case 'namespace_not_empty':
    case 'table_exists':
    case 'index_exists':
      return 409
    case 'invalid_request':
    case 'invalid_name':
      return 400
    case 'unauthenticated':
      return 401
    case 'permission_denied':
      return 403
    case 'unsupported':
      return 406
    case 'throttled':
      return 429
    case 'unavailable':
      return 503
    default:
      return 500
  }
}

/**
 * Status and body for anything a handler threw; `instance` is the request path, `root` the
 * server's catalog folder, written relative to itself wherever a message names it.
 */
export function errorReply(error: unknown, instance: string, root: string): { status: number; body: ErrorBody } {
  const hide = (text: string): string => withoutRoot(text, root)
  if (error instanceof CatalogError) {
    const status = error instanceof HttpStatusError ? error.status : httpStatusFor(error.code)
    const message = hide(withoutSourceLocations(error.message))
    const detail = detailOf(error, hide)
    return {
      status,
      body: {
        error: message,
        code: typeof error.details?.lanceCode === 'number' ? error.details.lanceCode : lanceCodeFor(error.code),
        type: `/errors/${error.code.replaceAll('_', '-')}`,
        ...(detail !== undefined && detail !== message ? { detail } : {}),
        instance
      }
    }
  }
  // Anything else is a bug or an unexpected failure below us (LanceDB, the file system).
  const message = hide(userMessage(error instanceof Error ? error.message || error.name : String(error)))
  return {
    status: 500,
    body: { error: `The server failed unexpectedly: ${message}`, code: lanceCodeFor('internal'), type: '/errors/internal', instance }
  }
}

/**
 * The spec's Lance error codes the app's error codes have no name for, with their status:
 * the errors a client tells apart by code (a tag that exists, a missing version, ...).
 */
export const SPEC_CODES = {
  namespaceExists: { status: 409, lanceCode: 2, code: 'namespace_exists' },
  tableExists: { status: 409, lanceCode: 5, code: 'table_exists' },
  tagNotFound: { status: 404, lanceCode: 8, code: 'table_not_found' },
  tagExists: { status: 409, lanceCode: 9, code: 'invalid_request' },
  versionNotFound: { status: 404, lanceCode: 11, code: 'table_not_found' },
  columnNotFound: { status: 404, lanceCode: 12, code: 'invalid_request' }
} as const satisfies Record<string, { status: number; lanceCode: number; code: ErrorCode }>

/** An error answered with the status and Lance code the spec gives `kind`. */
export function specError(kind: keyof typeof SPEC_CODES, message: string): CatalogError {
  const { status, lanceCode, code } = SPEC_CODES[kind]
  return new HttpStatusError(status, code, message, { lanceCode })
}

/** Shorthand for a 400 with Lance code 13. */
export function invalidRequest(message: string): CatalogError {
  return new CatalogError('invalid_request', message)
}

function detailOf(error: CatalogError, hide: (text: string) => string): string | undefined {
  const detail = rawDetailOf(error)
  return detail === undefined ? undefined : hide(userMessage(detail))
}

/** `text` with the folder `root` (absolute, or as object stores write it, without the leading "/") made relative. */
function withoutRoot(text: string, root: string): string {
  const forms = [root, root.replace(/^\/+/, '')].filter((form) => form.length > 1)
  let result = text
  for (const form of forms) result = result.replaceAll(`${form}/`, '').replaceAll(form, '.')
  return result
}

function rawDetailOf(error: CatalogError): string | undefined {
  const details = error.details
  if (!details) return undefined
  if (typeof details.serverMessage === 'string' && details.serverMessage !== error.message) return details.serverMessage
  if (typeof details.cause === 'string') return details.cause
  if (details.issues && details.issues.length > 0) return details.issues.join('; ')
  return undefined
}
