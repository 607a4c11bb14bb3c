/**
 * One rule for "this catalog does not do that", used wherever the app falls back to a
 * table's location or decides what to offer: a route the catalog does not have (404, 405
 * or 501 without a Lance error code), the spec's 406 Unsupported Operation (whatever its
 * body says), or the Lance error code 0 (Unsupported) on any status.
 */
import { CatalogError } from '../../shared/errors'

const UNROUTED = new Set([404, 405, 501])

/** The spec's status for an operation a catalog does not support. */
export const UNSUPPORTED_STATUS = 406

/** True when `error` says the catalog does not offer the operation that was asked for. */
export function isUnsupportedOperation(error: unknown): error is CatalogError {
  if (!(error instanceof CatalogError)) return false
  const status = error.details?.status
  if (status === UNSUPPORTED_STATUS) return true
  if (typeof status === 'number' && UNROUTED.has(status) && error.details?.lanceCode === undefined) return true
  return error.code === 'unsupported'
}

/** True when the catalog itself said so (an HTTP answer), as opposed to this app knowing it beforehand. */
export function isCatalogAnswer(error: CatalogError): boolean {
  return typeof error.details?.status === 'number'
}
