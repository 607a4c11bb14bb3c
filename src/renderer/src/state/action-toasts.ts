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
import type { ConnectionSummary, TableRef } from '@shared/catalog-types'
import { DEFAULT_DELIMITER, type NamespacePath } from '@shared/namespace-path'
import { useUiStore } from './ui-store'
import { api, unwrap } from '../lib/api'
import { displayIdentifier } from '../lib/node-key'
import { queryKeys } from '../lib/query-keys'
import { showErrorToast, showToast } from '../ui/toast-store'

/** Identifiers in toasts use the connection's delimiter, read from the cached connection list. */
function namer(client: QueryClient, connectionId: string): { ns: (path: NamespacePath) => string; table: (table: TableRef) => string } {
  const connections = client.getQueryData<readonly ConnectionSummary[]>(queryKeys.connections())
  const delimiter = connections?.find((connection) => connection.id === connectionId)?.delimiter ?? DEFAULT_DELIMITER
  return { ns: (path) => displayIdentifier(path, delimiter), table: (table) => displayIdentifier([...table.namespace, table.name], delimiter) }
}

/** A namespace was created. */
export function namespaceCreated(client: QueryClient, connectionId: string, path: NamespacePath): void {
  const name = namer(client, connectionId)
  showToast(`Created namespace ${name.ns(path)}`, {
    label: 'Undo',
    done: `Dropped namespace ${name.ns(path)} again`,
    run: async () => {
      await unwrap(api.namespaces.drop({ connectionId, path }))
      await client.invalidateQueries({ queryKey: queryKeys.namespacesOf(connectionId, path.slice(0, -1)) })
    }
  })
}

/** A namespace was dropped. */
export function namespaceDropped(client: QueryClient, connectionId: string, path: NamespacePath): void {
  showToast(`Dropped namespace ${namer(client, connectionId).ns(path)} (a drop cannot be undone)`)
}

/** A table was created; only a plain create (nothing replaced) can be undone. */
export function tableCreated(client: QueryClient, connectionId: string, table: TableRef, replacedNothing: boolean): void {
  const name = namer(client, connectionId)
  if (!replacedNothing) return showToast(`Created table ${name.table(table)}`)
  showToast(`Created table ${name.table(table)}`, {
    label: 'Undo',
    done: `Dropped table ${name.table(table)} again`,
    run: async () => {
      await unwrap(api.tables.drop({ connectionId, table }))
      forgetTable(client, connectionId, table)
      await client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, table.namespace) })
    }
  })
}

/** A table was dropped. */
export function tableDropped(client: QueryClient, connectionId: string, table: TableRef): void {
  showToast(`Dropped table ${namer(client, connectionId).table(table)} (a drop cannot be undone)`)
}

/** A table was renamed; Undo renames it back. */
export function tableRenamed(client: QueryClient, connectionId: string, from: TableRef, to: TableRef): void {
  const name = namer(client, connectionId)
  showToast(`Renamed ${name.table(from)} to ${to.name}`, {
    label: 'Undo',
    done: `Renamed ${name.table(to)} back to ${from.name}`,
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
