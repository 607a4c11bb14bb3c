/**
 * A merge insert over REST: the spec's MergeInsertIntoTable (`POST /v1/table/{id}/merge_insert`)
 * with the rows as an Arrow IPC stream body and the merge in query parameters, answering the
 * version it committed and how many rows it updated, inserted and deleted. A catalog without
 * the route is handled by the caller (rest-table.ts falls back to the table's location), and
 * so is a delete condition too long for a URL. `probeMergeRoute` asks whether the catalog
 * offers the route at all, changing nothing.
 */
import { randomBytes } from 'node:crypto'
import { CatalogError } from '../../shared/errors'
import type { TableRef } from '../../shared/catalog-types'
import type { CallOptions } from '../table-handle'
import type { MergeRowsRequest, MergeRowsResult } from '../merge-rows'
import { lanceArrow } from '../lance-arrow'
import { emptyIpc } from '../arrow-schema'
import { keyListFilter } from '../key-list'
import type { HttpTransport } from './http'
import { count, isRecord } from './json-values'
import type { RestNames, RestTableTarget } from './rest-names'
import { isCatalogAnswer, isUnsupportedOperation } from './unsupported'
import { queryString, type QueryValues } from '../../shared/connection-policy'

/**
 * The longest query a merge sends: the delete condition travels in the URL, and servers
 * refuse long request lines (Node's default is 16 KiB for all headers together).
 */
export const MAX_MERGE_QUERY_LENGTH = 8 * 1024

/** The merge's query parameters, or null when its delete condition makes the URL too long for the route. */
export function mergeQuery(target: RestTableTarget, request: MergeRowsRequest): QueryValues | null {
  const deleteKeys = request.deleteKeys ?? []
  const query = {
    ...target.query,
    on: request.on,
    when_matched_update_all: true,
    when_not_matched_insert_all: true,
    ...(deleteKeys.length === 0 ? {} : { when_not_matched_by_source_delete_filt: keyListFilter({ column: request.on, literals: deleteKeys }) })
  }
  return queryString(query).length > MAX_MERGE_QUERY_LENGTH ? null : query
}

/** Runs `request` through the catalog's merge_insert route. */
export async function restMergeRows(
  http: HttpTransport,
  target: RestTableTarget,
  request: MergeRowsRequest,
  options: CallOptions = {}
): Promise<MergeRowsResult> {
  const query = mergeQuery(target, request)
  if (query === null) {
    throw new CatalogError(
      'invalid_request',
      `The rows to delete are too many to name in one request to ${target.subject} (the catalog takes them in the URL, at most ${MAX_MERGE_QUERY_LENGTH} characters); commit the deletes in smaller parts.`
    )
  }
  const body = await http.json({
    method: 'POST',
    path: `/v1/table/${target.encodedId}/merge_insert`,
    query,
    body: request.rows,
    contentType: 'application/vnd.apache.arrow.stream',
    idempotent: false,
    signal: options.signal,
    subject: target.subject,
    notFound: 'table_not_found'
  })
  const answer = isRecord(body) ? body : {}
  const version = count(answer['version'])
  if (version === null) throw new CatalogError('bad_response', `The server's answer to a merge insert on ${target.subject} has no version.`)
  const rows = (name: string): number => Number(count(answer[name]) ?? 0)
  return { version, updated: rows('num_updated_rows'), inserted: rows('num_inserted_rows'), deleted: rows('num_deleted_rows') }
}

/**
 * Whether the catalog offers merge_insert, asked without changing anything: a merge of no
 * rows into a table that cannot exist (a random name beside `table`). "Table not found",
 * or any other refusal of the request itself, means the route is there; 406 or no such
 * route (./unsupported.ts) means it is not; anything else (no permission, a network
 * failure) cannot tell (null).
 */
export async function probeMergeRoute(http: HttpTransport, names: RestNames, table: TableRef, options: CallOptions = {}): Promise<boolean | null> {
  const target = names.target({ namespace: table.namespace, name: `lcb-merge-probe-${randomBytes(8).toString('hex')}` })
  const key = new lanceArrow.Field('id', new lanceArrow.Int64(), false)
  try {
    await http.json({
      method: 'POST',
      path: `/v1/table/${target.encodedId}/merge_insert`,
      query: { ...target.query, on: key.name, when_matched_update_all: true, when_not_matched_insert_all: true },
      body: emptyIpc([key]),
      contentType: 'application/vnd.apache.arrow.stream',
      idempotent: false,
      signal: options.signal,
      subject: target.subject,
      notFound: 'table_not_found'
    })
    return true
  } catch (error) {
    if (!(error instanceof CatalogError) || !isCatalogAnswer(error)) return null
    const missing: boolean = isUnsupportedOperation(error)
    if (missing) return false
    const status = error.details?.status
    return error.code === 'table_not_found' || error.code === 'invalid_request' || status === 400 || status === 404 ? true : null
  }
}
