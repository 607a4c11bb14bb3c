/**
 * Reading one page of rows from a table LanceDB has opened: a dir catalog's tables and a
 * metadata-only REST catalog's tables (opened at their location) read the same way.
 */
import type { Table as LanceTable } from '@lancedb/lancedb'
import type { FieldInfo, TableRef } from '../../shared/catalog-types'
import { READ_PAGE_MAX_BYTES, type RowsPage } from '../../shared/contract/tables'
import { describeFields, emptyIpc } from '../arrow-schema'
import { holdsBytes } from '../../shared/media-kind'
import type { ReadRowsRequest } from '../namespace-client'
import { pageFromBatches } from '../rows-page'
import { checkoutLanceVersion } from './versions'
import { boundedFilter } from './bounded-sql'
import { queryBatches } from './query-batches'
import { keyListFilter } from '../key-list'

/** One byte-capped page of `table`'s rows, with the request's columns, filter and window. */
export async function readLanceRows(table: LanceTable, request: ReadRowsRequest, ref?: TableRef): Promise<RowsPage> {
  if (request.version !== undefined) await checkoutLanceVersion(table, ref ?? { namespace: [], name: table.name }, request.version)
  const maxBytes = request.maxBytes ?? READ_PAGE_MAX_BYTES
  const columns = request.columns ?? (request.leaveOutBytes === true ? plainColumns(describeFields(await table.schema())) : undefined)
  let query = table.query()
  if (columns) query = query.select([...columns])
  // A key list is this app's own flat IN list, taken whole; a filter from elsewhere is bounded.
  const filter = request.keys ? keyListFilter(request.keys) : boundedFilter(request.filter)
  if (filter !== undefined) query = query.where(filter)
  // Batches stream from LanceDB and the page stops pulling them once full, so a read
  // of many large rows holds one page, not every row asked for.
  const page =
    request.limit === 0
      ? null
      : await pageFromBatches(queryBatches(query.offset(request.offset).limit(request.limit), request.batchRows), request.limit, maxBytes)
  if (page) return page
  // LanceDB answers an empty result without columns; answer with the columns asked for.
  const { fields } = await table.schema()
  const arrow = emptyIpc(columns ? columns.flatMap((c) => fields.filter((f) => f.name === c)) : fields)
  return { arrow, rowCount: 0, truncated: false }
}

/** The columns of `fields` that hold no bytes; undefined (every column) where none or all of them do. */
export function plainColumns(fields: readonly FieldInfo[]): string[] | undefined {
  const plain = fields.filter((field) => !holdsBytes(field)).map((field) => field.name)
  return plain.length === 0 || plain.length === fields.length ? undefined : plain
}
