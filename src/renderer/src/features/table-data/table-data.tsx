/**
 * The data tab of a table: column choice, SQL filter, the number of matching rows and
 * the virtualized grid. The grid starts afresh when the columns or filter change.
 */
import { useMemo, useState, type ReactNode } from 'react'
import type { FieldInfo, TableRef } from '@shared/catalog-types'
import type { RowsView } from '../../lib/query-keys'
import { ErrorAlert } from '../../ui/error-alert'
import { ColumnChooser } from './column-chooser'
import { DataGrid, type GridColumn } from './data-grid'
import { FilterBar } from './filter-bar'
import { useRowCount, useRowPages } from './use-table-rows'
import './table-data.css'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  /** The table's top-level fields, from its description; null while it loads. */
  readonly fields: readonly FieldInfo[] | null
}

/** Rows of a table, paged as they scroll into view. */
export function TableData({ connectionId, table, fields }: Props): ReactNode {
  const [chosen, setChosen] = useState<readonly string[] | null>(null)
  const [filter, setFilter] = useState('')
  const view: RowsView = useMemo(() => ({ columns: chosen, filter }), [chosen, filter])
  const count = useRowCount(connectionId, table, filter)
  // The first page is asked for alongside the description and the count, not after them:
  // the grid, once it knows the columns, finds it cached.
  useRowPages(connectionId, table, view, fields ? [] : [0])
  const columns: GridColumn[] = useMemo(
    () => (fields ?? []).filter((field) => !chosen || chosen.includes(field.name)).map((field) => ({ name: field.name, type: field.type })),
    [fields, chosen]
  )
  const filterFailed = filter !== '' && count.isError
  return (
    <div className="table-data">
      <div className="data-toolbar">
        <ColumnChooser all={(fields ?? []).map((field) => field.name)} chosen={chosen} onChange={setChosen} />
        <FilterBar filter={filter} onApply={setFilter} error={filterFailed ? count.error : null} />
        <span className="muted" role="status" aria-label="Matching rows">
          {count.isSuccess ? `${count.data.toLocaleString('en-US')} ${filter ? 'matching ' : ''}rows` : count.isPending ? 'Counting rows…' : ''}
        </span>
      </div>
      {count.isError && !filterFailed && <ErrorAlert error={count.error} onRetry={() => void count.refetch()} />}
      {!count.isError && fields && (
        <DataGrid key={JSON.stringify(view)} connectionId={connectionId} table={table} view={view} columns={columns} total={count.data ?? null} />
      )}
    </div>
  )
}
