/**
 * Error responses of the reference catalog server: spec-shaped JSON bodies
 * (`{ error, code, type, detail, instance }`) with the HTTP status that matches the
 * error code. Handlers throw `CatalogError`s; this file turns anything thrown into a reply.
 * Messages pass through `userMessage`, so no reply shows where the server keeps its
 * catalogs or where LanceDB was built (Rust source locations).
 */
import { CatalogError, lanceCodeFor, userMessage, type ErrorCode } from '../../src/shared/errors'

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

  constructor(status: number, code: ErrorCode, message: string) {
    super(code, message)
    this.name = 'HttpStatusError'
    this.status = status
  }
}

/** The HTTP status the spec uses for each of our error codes. */
export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case 'namespace_not_found':
    case 'table_not_found':
    case 'connection_not_found':
      return 404
    case 'namespace_exists':
    case 'namespace_not_empty':
    case 'table_exists':
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

/** Status and body for anything a handler threw; `instance` is the request path. */
export function errorReply(error: unknown, instance: string): { status: number; body: ErrorBody } {
  if (error instanceof CatalogError) {
    const status = error instanceof HttpStatusError ? error.status : httpStatusFor(error.code)
    const detail = detailOf(error)
    return {
      status,
      body: {
        error: userMessage(error.message),
        code: lanceCodeFor(error.code),
        type: `/errors/${error.code.replaceAll('_', '-')}`,
        ...(detail ? { detail } : {}),
        instance
      }
    }
  }
  // Anything else is a bug or an unexpected failure below us (LanceDB, the file system).
  const message = userMessage(error instanceof Error ? error.message || error.name : String(error))
  return {
    status: 500,
    body: { error: `The server failed unexpectedly: ${message}`, code: lanceCodeFor('internal'), type: '/errors/internal', instance }
  }
}

/** Shorthand for a 400 with Lance code 13. */
export function invalidRequest(message: string): CatalogError {
  return new CatalogError('invalid_request', message)
}

function detailOf(error: CatalogError): string | undefined {
  const detail = rawDetailOf(error)
  if (detail === undefined) return undefined
  const clean = userMessage(detail)
  return clean === userMessage(error.message) ? undefined : clean
}

function rawDetailOf(error: CatalogError): string | undefined {
  const details = error.details
  if (!details) return undefined
  if (typeof details.serverMessage === 'string' && details.serverMessage !== error.message) return details.serverMessage
  if (typeof details.cause === 'string') return details.cause
  if (details.issues && details.issues.length > 0) return details.issues.join('; ')
  return undefined
}
