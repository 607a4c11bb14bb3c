/**
 * Opens a table as if it had been found in the tree: its namespaces expand, its row takes
 * the tree's focus, and it shows in the active tab (or a new tab).
 */
import type { TableRef } from '@shared/catalog-types'
import { tableKey } from '../lib/node-key'
import { useUiStore } from './ui-store'

/** Shows `table` of the current connection, revealing it in the tree. */
export function goToTable(table: TableRef, options: { readonly newTab?: boolean } = {}): void {
  const store = useUiStore.getState()
  for (let depth = 1; depth <= table.namespace.length; depth++) store.setExpanded(table.namespace.slice(0, depth), true)
  store.focusRow(tableKey(table))
  if (options.newTab) store.openTable(table)
  else store.selectTable(table)
}
