/**
 * A merge insert over REST: the spec's MergeInsertIntoTable (`POST /v1/table/{id}/merge_insert`)
 * with the rows as an Arrow IPC stream body and the merge in query parameters, answering the
 * version it committed and how many rows it updated, inserted and deleted. A catalog without
 * the route is handled by the caller (rest-table.ts falls back to the table's location).
 */
import { CatalogError } from '../../shared/errors'
import type { CallOptions } from '../table-handle'
import type { MergeRowsRequest, MergeRowsResult } from '../merge-rows'
import type { HttpTransport } from './http'
import { count, isRecord } from './json-values'
import type { RestTableTarget } from './rest-names'
import { queryString } from '../../shared/connection-policy'

/**
 * The longest query a merge sends: the delete condition travels in the URL, and servers
 * refuse long request lines (Node's default is 16 KiB for all headers together).
 */
export const MAX_MERGE_QUERY_LENGTH = 8 * 1024

/** Runs `request` through the catalog's merge_insert route. */
export async function restMergeRows(
  http: HttpTransport,
  target: RestTableTarget,
  request: MergeRowsRequest,
  options: CallOptions = {}
): Promise<MergeRowsResult> {
  const query = {
    ...target.query,
    on: request.on,
    when_matched_update_all: true,
    when_not_matched_insert_all: true,
    ...(request.deleteWhere === undefined ? {} : { when_not_matched_by_source_delete_filt: request.deleteWhere })
  }
  if (queryString(query).length > MAX_MERGE_QUERY_LENGTH) {
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
