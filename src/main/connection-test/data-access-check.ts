/**
 * The "Data access" step of a REST connection test: does the catalog serve the spec's
 * data routes, or only metadata (as catalogs made for LanceDB's client do), so that the
 * app reads and writes data at each table's location? It asks `count_rows` about a table
 * that does not exist: a catalog with the route answers "table not found" (Lance code 4);
 * one without it has no such route. Nothing is read or written.
 */
import { randomBytes } from 'node:crypto'
import type { ConnectionTestStep } from '../../shared/connection-test'
import { CatalogError } from '../../shared/errors'
import type { HttpTransport } from '../../catalog/rest/http'
import { isUnsupportedOperation } from '../../catalog/rest/unsupported'
import { elapsed } from './dir-check'

/** What the step says for each mode. */
export const DATA_ACCESS_MESSAGES = {
  routes: 'Data access: the catalog serves the data routes (query, count_rows, create); the app reads and writes data through them.',
  location:
    'Data access: metadata-only catalog: data read from table locations (opened through LanceDB with the storage options the catalog returns); new tables are declared, then written there.'
} as const

/** Probes the data routes with a made-up table name and reports which access applies. */
export async function dataAccessStep(
  http: HttpTransport,
  delimiter: string,
  base: string,
  headers: Readonly<Record<string, string>>
): Promise<ConnectionTestStep> {
  const title = 'Data access'
  const id = `lcb-data-probe-${randomBytes(4).toString('hex')}`
  const path = `/v1/table/${encodeURIComponent(id)}/count_rows`
  const request = { method: 'POST', url: `${base}${path}`, headers }
  const started = performance.now()
  try {
    await http.request({ method: 'POST', path, query: { delimiter }, json: { id: [id] }, idempotent: true, notFound: 'table_not_found' })
    return { title, request, status: 200, latencyMs: elapsed(started), verdict: 'ok', message: DATA_ACCESS_MESSAGES.routes }
  } catch (error) {
    const latencyMs = elapsed(started)
    const status = error instanceof CatalogError && typeof error.details?.status === 'number' ? error.details.status : undefined
    const seen = { title, request, ...(status === undefined ? {} : { status }), latencyMs }
    if (isUnsupportedOperation(error)) return { ...seen, verdict: 'ok', message: DATA_ACCESS_MESSAGES.location }
    if (error instanceof CatalogError && error.code === 'table_not_found') return { ...seen, verdict: 'ok', message: DATA_ACCESS_MESSAGES.routes }
    const cause = error instanceof Error ? error.message : String(error)
    return {
      ...seen,
      verdict: 'warning',
      message: `Data access: could not tell whether the catalog serves the data routes (${cause}). The app tries them first and falls back to table locations.`
    }
  }
}
