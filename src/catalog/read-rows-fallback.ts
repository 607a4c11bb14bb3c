/**
 * Reading a page of rows when one column breaks the whole scan. An engine fails a scan that
 * includes a type it cannot decode, and a REST server answers such a query with an error.
 * Rather than an empty grid, find which columns break the read (by halving the column set,
 * not one query per column), read the others, and name the failing ones in the page's
 * schema metadata so the grid can say which column could not be read and why. One read
 * makes at most READ_FALLBACK_MAX_REQUESTS requests.
 */
import { RecordBatch, Schema, Table, tableToIPC } from 'apache-arrow'
import { ANSWER_IPC_BUDGET } from '../shared/arrow-preflight'
import { decodeArrowIpc } from '../shared/arrow-ipc-decode'
import './arrow-codecs'
import type { TableRef } from '../shared/catalog-types'
import type { RowsPage } from '../shared/contract/tables'
import { CatalogError, toErrorValue, type ErrorCode } from '../shared/errors'
import { UNREADABLE_COLUMNS_KEY, type UnreadableColumn } from '../shared/unreadable-columns'
import type { NamespaceClient, ReadRowsRequest } from './namespace-client'
import { plainColumns } from './lance/lance-rows'

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

/**
 * The most requests one read makes through this fallback: the failed read, the describe
 * that lists the columns (when the request names none; two requests over REST), the probes
 * and the final read. Halving finds one unreadable column among 50 in 6 probes, so one such
 * column costs 10 requests and two cost 17; past the budget the read fails with its first
 * error rather than keep a catalog busy (and the person waiting) on one column at a time.
 */
export const READ_FALLBACK_MAX_REQUESTS = 20
/** What a describe costs: over REST the table's describe and its row count. */
const DESCRIBE_REQUESTS = 2

/** Reads rows; if the read fails because of some columns, reads the rest and names those. */
export async function readRowsSkippingUnreadable(client: NamespaceClient, table: TableRef, request: ReadRowsRequest): Promise<RowsPage> {
  try {
    return await client.table(table).readRows(request)
  } catch (error) {
    if (!mayBeAboutColumns(error)) throw error
    const budget = { spent: 1 }
    const columns = request.columns && request.columns.length > 0 ? request.columns : await describedColumns(client, table, request, budget)
    const unreadable: UnreadableColumn[] = []
    let remaining = columns
    let failure = error
    for (;;) {
      // `remaining` fails as a whole (with `failure`): find one column that breaks it.
      const found = await oneFailingColumn(client, table, request, remaining, failure, budget)
      // Out of requests, or the columns fail together rather than alone: the first error says it best.
      if (!found) throw error
      unreadable.push({ name: found.name, message: toErrorValue(found.failure).message })
      remaining = remaining.filter((name) => name !== found.name)
      if (remaining.length === 0 || budget.spent >= READ_FALLBACK_MAX_REQUESTS) throw error
      budget.spent++
      try {
        return withUnreadable(await client.table(table).readRows({ ...request, columns: remaining }), unreadable)
      } catch (next) {
        if (!mayBeAboutColumns(next)) throw next
        // The same failure without that column as with it: it is not about columns (a bad
        // filter, a broken table, a route that fails every query), and probing on would only
        // repeat it.
        if (sameError(next, found.failure)) throw error
        failure = next
      }
    }
  }
}

/** The table's column names (without its byte columns where the request leaves them out), counting the describe against the budget. */
async function describedColumns(client: NamespaceClient, table: TableRef, request: ReadRowsRequest, budget: { spent: number }): Promise<readonly string[]> {
  budget.spent += DESCRIBE_REQUESTS
  const { fields } = await client.table(table).describe()
  return (request.leaveOutBytes === true ? plainColumns(fields) : undefined) ?? fields.map((field) => field.name)
}

/**
 * One column of `columns` (which fail together with `failure`) whose presence fails the read,
 * found by halving: the first half is read; if it fails the column is there, otherwise in
 * the second half. Null when fewer than two columns are left to tell apart or the budget
 * (less the final read) runs out.
 */
async function oneFailingColumn(
  client: NamespaceClient,
  table: TableRef,
  request: ReadRowsRequest,
  columns: readonly string[],
  failure: unknown,
  budget: { spent: number }
): Promise<{ readonly name: string; readonly failure: unknown } | null> {
  if (columns.length < 2) return null
  let group = columns
  let groupFailure = failure
  while (group.length > 1) {
    if (budget.spent + 1 >= READ_FALLBACK_MAX_REQUESTS) return null
    const half = group.slice(0, Math.ceil(group.length / 2))
    budget.spent++
    try {
      await client.table(table).readRows({ ...request, columns: half })
      group = group.slice(half.length)
    } catch (halfError) {
      if (!mayBeAboutColumns(halfError)) throw halfError
      group = half
      groupFailure = halfError
    }
  }
  const [name] = group
  return name === undefined ? null : { name, failure: groupFailure }
}

function sameError(a: unknown, b: unknown): boolean {
  const [first, second] = [toErrorValue(a), toErrorValue(b)]
  return first.code === second.code && first.message === second.message
}

function mayBeAboutColumns(error: unknown): boolean {
  return !(error instanceof CatalogError) || MAY_BE_ABOUT_COLUMNS.has(error.code)
}

/** The same page with the unreadable columns named in the schema metadata. */
function withUnreadable(page: RowsPage, unreadable: readonly UnreadableColumn[]): RowsPage {
  const rows = decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET)
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
