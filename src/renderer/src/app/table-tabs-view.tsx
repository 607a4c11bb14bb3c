/**
 * The open tables of the shown connection as tabs over the table pane. Only the active
 * tab's pane is mounted; the others keep their place and their cached data (react-query),
 * so switching back is quick.
 */
import { Table2 } from 'lucide-react'
import type { ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { useDelimiter } from '../features/connections/use-connections'
import { TableDetails } from '../features/table-details/table-details'
import { displayIdentifier, tableKey } from '../lib/node-key'
import { EmptyState } from '../ui/empty-state'
import { ErrorBoundary } from '../ui/error-boundary'
import { Tabs } from '../ui/tabs'
import { useConnectionView, useUiStore } from '../state/ui-store'

/** A tab's key: the table's node key (React keys and DOM ids need strings). */
const keyOf = (table: TableRef): string => tableKey(table)

/** The table tabs and the active table's pane. */
export function TableTabsView({ connectionId }: { readonly connectionId: string }): ReactNode {
  const { tabs, selectedTable } = useConnectionView()
  const delimiter = useDelimiter(connectionId)
  const selectTable = useUiStore((state) => state.selectTable)
  const closeTable = useUiStore((state) => state.closeTable)
  const moveTab = useUiStore((state) => state.moveTab)
  const byKey = (key: string): TableRef | undefined => tabs.find((table) => keyOf(table) === key)
  if (tabs.length === 0 || !selectedTable) {
    return (
      <EmptyState icon={Table2} title="No table open">
        Select a table to see its schema and row count.
      </EmptyState>
    )
  }
  const activeKey = keyOf(selectedTable)
  return (
    <Tabs
      label="Open tables"
      items={tabs.map((table) => ({ key: keyOf(table), label: table.name, title: displayIdentifier([...table.namespace, table.name], delimiter) }))}
      activeKey={activeKey}
      onSelect={(key) => {
        const table = byKey(key)
        if (table) selectTable(table)
      }}
      onClose={(key) => {
        const table = byKey(key)
        if (table) closeTable(table)
      }}
      onMove={moveTab}
    >
      <ErrorBoundary what="The table details" resetKeys={[connectionId, activeKey]}>
        <TableDetails key={activeKey} connectionId={connectionId} table={selectedTable} />
      </ErrorBoundary>
    </Tabs>
  )
}
