/**
 * Reading a page of rows when one column breaks the whole scan. An engine fails a scan that
 * includes a type it cannot decode, and a REST server answers such a query with an error. Rather than an empty grid, find which
 * columns fail on their own, read the others, and name the failing ones in the page's
 * schema metadata so the grid can say which column could not be read and why.
 */
import { RecordBatch, Schema, Table, tableFromIPC, tableToIPC } from 'apache-arrow'
import './arrow-codecs'
import type { TableRef } from '../../shared/catalog-types'
import type { RowsPage } from '../../shared/contract/tables'
import { CatalogError, toErrorValue, type ErrorCode } from '../../shared/errors'
import { UNREADABLE_COLUMNS_KEY, type UnreadableColumn } from '../../shared/unreadable-columns'
import type { NamespaceClient, ReadRowsRequest } from './namespace-client'

/**
 * The errors a single column can cause: the server or engine refused or failed the query
 * itself. Anything else (a missing table, the connection, the caller's rights, a timeout)
 * says nothing about columns, and probing column by column would only repeat it.
 */
const MAY_BE_ABOUT_COLUMNS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_request',
  'server_error',
  'bad_response',
  'unsupported',
  'invalid_catalog',
  'internal'
])

/** Reads rows; if the read fails because of some columns, reads the rest and names those. */
export async function readRowsSkippingUnreadable(client: NamespaceClient, table: TableRef, request: ReadRowsRequest): Promise<RowsPage> {
  try {
    return await client.readRows(table, request)
  } catch (error) {
    if (!mayBeAboutColumns(error)) throw error
    const columns = request.columns && request.columns.length > 0 ? request.columns : (await client.describeTable(table)).fields.map((f) => f.name)
    const unreadable: UnreadableColumn[] = []
    // One column at a time over the same window, so a failure names its column.
    for (const name of columns) {
      try {
        await client.readRows(table, { ...request, columns: [name] })
      } catch (columnError) {
        if (!mayBeAboutColumns(columnError)) throw columnError
        unreadable.push({ name, message: toErrorValue(columnError).message })
      }
    }
    // Nothing fails alone (the columns fail together) or everything fails (a bad filter,
    // a broken table): the original error says it best.
    if (unreadable.length === 0 || unreadable.length === columns.length) throw error
    const readable = columns.filter((name) => !unreadable.some((u) => u.name === name))
    return withUnreadable(await client.readRows(table, { ...request, columns: readable }), unreadable)
  }
}

function mayBeAboutColumns(error: unknown): boolean {
  return !(error instanceof CatalogError) || MAY_BE_ABOUT_COLUMNS.has(error.code)
}

/** The same page with the unreadable columns named in the schema metadata. */
function withUnreadable(page: RowsPage, unreadable: readonly UnreadableColumn[]): RowsPage {
  const rows = tableFromIPC(page.arrow)
  const metadata = new Map(rows.schema.metadata)
  metadata.set(UNREADABLE_COLUMNS_KEY, JSON.stringify(unreadable))
  const schema = new Schema(rows.schema.fields, metadata)
  const arrow = tableToIPC(
    new Table(
      schema,
      rows.batches.map((batch) => new RecordBatch(schema, batch.data))
    ),
    'stream'
  )
  return { ...page, arrow }
}
