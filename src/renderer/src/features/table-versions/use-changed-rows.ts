/**
 * The rows of one kind (added, deleted, updated) that changed between two versions, a page
 * at a time, decoded into the text each cell shows; an updated cell whose value differs
 * carries its old text too.
 */
import { useInfiniteQuery, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query'
import type { Table } from 'apache-arrow'
import type { TableRef } from '@shared/catalog-types'
import type { ChangedRowsPage, ChangeKind, VersionDiff } from '@shared/contract/changes'
import { api, unwrap } from '../../lib/api'
import { decodeArrow } from '../../lib/arrow-decode'
import { queryKeys } from '../../lib/query-keys'
import { cellAt, summary } from '../table-data/cell-format'

/** Rows asked for per page. */
export const CHANGED_ROWS_PAGE = 50

/** One cell of a changed row: what it holds, and for an updated value what it held. */
export interface ChangedCell {
  readonly text: string
  /** The earlier version's text, where the value changed. */
  readonly old?: string
}

/** A page of changed rows as shown: its columns and each row's cells in their order. */
export interface ChangedRowsView {
  readonly columns: readonly string[]
  readonly rows: readonly (readonly ChangedCell[])[]
  readonly total: number | null
  readonly next: number | null
  readonly limits: string
}

/** Columns LanceDB adds for row ids and addresses, which the page carries to match rows but does not show. */
const ROW_ID_COLUMNS = new Set(['_rowid', '_rowaddr'])

/** The changed rows of `kind` between the two versions `diff` compared, matched as it matched them. */
export function useChangedRows(
  connectionId: string,
  table: TableRef,
  diff: VersionDiff,
  kind: ChangeKind
): UseInfiniteQueryResult<InfiniteData<ChangedRowsView, number>> {
  return useInfiniteQuery({
    queryKey: queryKeys.changedRows(connectionId, table, diff.from, diff.to, diff.key, kind),
    queryFn: async ({ pageParam }) => {
      const request = { connectionId, table, from: diff.from, to: diff.to, kind, offset: pageParam, limit: CHANGED_ROWS_PAGE }
      return viewOf(await unwrap(api.changes.rows(diff.key === null ? request : { ...request, key: diff.key })))
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined
  })
}

function viewOf(page: ChangedRowsPage): ChangedRowsView {
  const before = page.before ? decodeArrow(page.before) : null
  const after = page.after ? decodeArrow(page.after) : null
  const shown = after ?? before
  const columns = shown ? shown.schema.fields.map((f) => f.name).filter((name) => !ROW_ID_COLUMNS.has(name)) : []
  const text = (t: Table, column: string, row: number): string => {
    const vector = t.getChild(column)
    return vector ? summary(cellAt(vector, row)) : ''
  }
  const rows = page.rows.map((row) => {
    const [t, index] = row.after !== null && after ? [after, row.after] : [before, row.before]
    return columns.map((column): ChangedCell => {
      const cell = t && index !== null ? text(t, column, index) : ''
      if (!row.changed.includes(column) || !before || row.before === null) return { text: cell }
      return { text: cell, old: text(before, column, row.before) }
    })
  })
  return { columns, rows, total: page.total, next: page.next, limits: page.limits }
}
