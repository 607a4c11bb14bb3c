/**
 * The toasts finished catalog actions raise, and their Undo where an undo is honest:
 * - created namespace: Undo drops it (the catalog refuses if something was put in it meanwhile);
 * - created table (mode "create" only): Undo drops the table just made; after an overwrite or
 *   exist_ok create there is no undo, since dropping would lose rows that were there before;
 * - renamed table: Undo renames it back;
 * - dropped table or namespace: no undo, a drop cannot be reversed (the toast says so);
 * - copied identifier: no undo, there is nothing to take back.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import { toIdentifier, type NamespacePath } from '@shared/namespace-path'
import { useUiStore } from '../../app/ui-store'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { showErrorToast, showToast } from '../../ui/toast-store'

const tableId = (table: TableRef): string => toIdentifier([...table.namespace, table.name])

/** A namespace was created. */
export function namespaceCreated(client: QueryClient, connectionId: string, path: NamespacePath): void {
  showToast(`Created namespace ${toIdentifier(path)}`, {
    label: 'Undo',
    done: `Dropped namespace ${toIdentifier(path)} again`,
    run: async () => {
      await unwrap(api.namespaces.drop({ connectionId, path }))
      await client.invalidateQueries({ queryKey: queryKeys.namespacesOf(connectionId, path.slice(0, -1)) })
    }
  })
}

/** A namespace was dropped. */
export function namespaceDropped(path: NamespacePath): void {
  showToast(`Dropped namespace ${toIdentifier(path)} (a drop cannot be undone)`)
}

/** A table was created; only a plain create (nothing replaced) can be undone. */
export function tableCreated(client: QueryClient, connectionId: string, table: TableRef, replacedNothing: boolean): void {
  if (!replacedNothing) return showToast(`Created table ${tableId(table)}`)
  showToast(`Created table ${tableId(table)}`, {
    label: 'Undo',
    done: `Dropped table ${tableId(table)} again`,
    run: async () => {
      await unwrap(api.tables.drop({ connectionId, table }))
      forgetTable(client, connectionId, table)
      await client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, table.namespace) })
    }
  })
}

/** A table was dropped. */
export function tableDropped(table: TableRef): void {
  showToast(`Dropped table ${tableId(table)} (a drop cannot be undone)`)
}

/** A table was renamed; Undo renames it back. */
export function tableRenamed(client: QueryClient, connectionId: string, from: TableRef, to: TableRef): void {
  showToast(`Renamed ${tableId(from)} to ${to.name}`, {
    label: 'Undo',
    done: `Renamed ${tableId(to)} back to ${from.name}`,
    run: async () => {
      await unwrap(api.tables.rename({ connectionId, table: to, newName: from.name }))
      client.removeQueries({ queryKey: queryKeys.table(connectionId, to) })
      client.removeQueries({ queryKey: queryKeys.rowsOf(connectionId, to) })
      useUiStore.getState().renameTable(to, from)
      await client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, from.namespace) })
    }
  })
}

/** Copies text and says so, or says why it could not. */
export async function copyWithToast(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    showToast(`Copied ${what} ${text}`)
  } catch (error) {
    showErrorToast(`Could not copy ${text} (${error instanceof Error ? error.message : String(error)}); select it in the details pane and copy it by hand.`)
  }
}

/** A dropped table's tabs close and its cached data goes. */
export function forgetTable(client: QueryClient, connectionId: string, table: TableRef): void {
  useUiStore.getState().closeTable(table)
  client.removeQueries({ queryKey: queryKeys.table(connectionId, table) })
  client.removeQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
}
