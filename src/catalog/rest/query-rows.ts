/**
 * Reading a page of rows with the spec's `query` route: a plain scan (`vector: null`)
 * with `k` rows from `offset`, cut to the page's byte cap as the Arrow stream arrives.
 */
import type { TableRef } from '../../shared/catalog-types'
import { assertNever } from '../../shared/assert-never'
import { READ_PAGE_MAX_BYTES, type RowsPage } from '../../shared/contract/tables'
import { CatalogError } from '../../shared/errors'
import type { CallOptions, ReadRowsRequest } from '../namespace-client'
import { rowsOfIpc, toArrowStream } from './arrow-ipc'
import { checkAnswer } from './answer-bounds'
import { ArrowPageReader } from './arrow-page-reader'
import type { HttpTransport } from './http'
import { isCount, jsonVersion } from './json-values'
import type { RestNames } from './rest-names'

/** Tries of a query whose first batch was over the page cap, each asking for fewer rows. */
const MAX_QUERY_ATTEMPTS = 8

/** One page of `table`'s rows through `POST /v1/table/{id}/query`. */
export async function queryRows(
  http: HttpTransport,
  names: RestNames,
  table: TableRef,
  request: ReadRowsRequest,
  options: CallOptions = {}
): Promise<RowsPage> {
  const segment = names.tableSegment(table)
  if (!isCount(request.offset) || !isCount(request.limit)) {
    throw new CatalogError('invalid_request', 'Rows are read with a whole, non-negative offset and limit.')
  }
  const maxBytes = request.maxBytes ?? READ_PAGE_MAX_BYTES
  if (!(maxBytes >= 1)) throw new CatalogError('invalid_request', `A page's byte cap must be at least 1 (got ${maxBytes}).`)
  const what = `the query on ${names.tableName(table)}`
  let k = request.limit
  // An answer that cannot be cut to a page (one huge batch, or file framing) is asked for
  // again with as many rows as its batch sizes say fit; this ends at one row at the latest.
  for (let attempt = 0; attempt < MAX_QUERY_ATTEMPTS; attempt++) {
    let reader: ArrowPageReader | undefined
    await http.request({
      method: 'POST',
      path: `/v1/table/${segment}/query`,
      query: { delimiter: names.tableDelimiter(table) },
      json: {
        id: [...table.namespace, table.name],
        // `vector` is required but nullable: null asks for a plain scan.
        vector: null,
        k,
        offset: request.offset,
        ...(request.columns && request.columns.length > 0 ? { columns: { column_names: request.columns } } : {}),
        ...(request.filter ? { filter: request.filter } : {}),
        ...(request.version !== undefined ? { version: jsonVersion(request.version) } : {})
      },
      idempotent: true,
      signal: options.signal,
      subject: names.tableName(table),
      notFound: 'table_not_found',
      sink: () => (reader = new ArrowPageReader(maxBytes))
    })
    const outcome = reader?.outcome() ?? { kind: 'not-arrow', cause: 'no body' }
    // Fewer rows asked than wanted and all of them answered: the rest lies beyond this page.
    const cut = (rows: number): boolean => k < request.limit && rows === k
    switch (outcome.kind) {
      case 'page':
        checkAnswer(outcome.page.arrow, what)
        return cut(outcome.page.rowCount) ? { ...outcome.page, truncated: true } : outcome.page
      case 'file': {
        const arrow = toArrowStream(outcome.bytes, what)
        checkAnswer(arrow, what)
        const rowCount = rowsOfIpc(arrow, what)
        return { arrow, rowCount, truncated: cut(rowCount) }
      }
      case 'not-arrow':
        throw new CatalogError('bad_response', `The server's answer to ${what} is not Arrow IPC data.`, { cause: outcome.cause })
      case 'ask-fewer':
        k = outcome.rows
        break
      default:
        return assertNever(outcome)
    }
  }
  throw new CatalogError('bad_response', `The server answered ${what} in batches larger than ${maxBytes} bytes even for fewer rows.`, { limitBytes: maxBytes })
}
