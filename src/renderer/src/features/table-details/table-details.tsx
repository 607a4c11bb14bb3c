/**
 * The pane of the selected table: its name, then two tabs. "Details" holds the facts
 * and the schema tree; "Data" holds the paged grid of rows. The tab stays chosen when
 * another table is selected.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { ErrorAlert } from '../../ui/error-alert'
import { ErrorBoundary } from '../../ui/error-boundary'
import { TableData } from '../table-data/table-data'
import { SchemaTable } from './schema-table'
import { TableFacts } from './table-facts'
import { useTableDescription } from './use-table-description'
import './table-details.css'
import { Skeleton } from '../../ui/skeleton'

const TABS = ['Details', 'Data'] as const
type Tab = (typeof TABS)[number]

/** The details pane of the selected table. */
export function TableDetails({ connectionId, table }: { readonly connectionId: string; readonly table: TableRef }): ReactNode {
  const description = useTableDescription(connectionId, table)
  const [tab, setTab] = useState<Tab>('Details')
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern, automatic activation).
  const onTabKey = (event: KeyboardEvent): void => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = (TABS.indexOf(tab) + step + TABS.length) % TABS.length
    setTab(TABS[next] ?? 'Details')
    tabRefs.current[next]?.focus()
  }
  const tableKey = JSON.stringify([...table.namespace, table.name])
  return (
    <section aria-labelledby="table-title" className="details">
      <h2 id="table-title">{table.name}</h2>
      <div role="tablist" aria-label="Table views" className="tabs" onKeyDown={onTabKey}>
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[i] = element
            }}
            type="button"
            role="tab"
            id={`table-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`table-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="tab"
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`table-panel-${tab}`} aria-labelledby={`table-tab-${tab}`} className="tab-panel">
        {description.isPending && <Skeleton label="Loading table…" lines={['40%', '70%', '55%', '65%']} />}
        {description.isError && <ErrorAlert error={description.error} onRetry={() => void description.refetch()} />}
        {tab === 'Details' && description.isSuccess && (
          <>
            <TableFacts description={description.data} />
            <h3>Schema</h3>
            <SchemaTable fields={description.data.fields} />
          </>
        )}
        {/* Mounted before the description arrives, so rows and count load alongside it. */}
        {tab === 'Data' && !description.isError && (
          <ErrorBoundary what="The data grid" resetKeys={[tableKey]}>
            <TableData key={tableKey} connectionId={connectionId} table={table} fields={description.data?.fields ?? null} />
          </ErrorBoundary>
        )}
      </div>
    </section>
  )
}
