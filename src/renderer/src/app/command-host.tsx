/**
 * The command palette as the app uses it: Ctrl/Cmd+K (or the menu) opens it over every
 * action by name; "Go to table…" switches it to typing a table's path, completed over the
 * tables the tree has loaded, and opens it in a new tab (or focuses its open tab). A typed
 * path is looked up first: one that names no table is an error inside the palette. `?` outside text fields opens the shortcuts sheet. Actions
 * that need a dialog open it here, once the palette has closed.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { useDelimiter } from '../features/connections/use-connections'
import { CreateTableDialog } from '../features/create-table/create-table-dialog'
import { DropTableDialog, RenameTableDialog } from '../features/table-actions/table-dialogs'
import { CreateNamespaceDialog, DropNamespaceDialog } from '../features/tree/namespace-dialogs'
import { CommandPalette, type PaletteItem } from '../ui/command-palette'
import { useIndexedTables } from '../features/find/use-find'
import { goToTable } from '../state/go-to-table'
import { api, ApiError, unwrap } from '../lib/api'
import { queryKeys } from '../lib/query-keys'
import { loadedTables } from './loaded-tables'
import { matchCommands, matchTables, parseTablePath, rankForQuery, tablePath } from './palette-search'
import { useUiStore } from '../state/ui-store'
import { useAppCommands, type CommandDialog } from './use-app-commands'
import { dispatchAppCommand, useShellCommand } from '../lib/use-shell-events'

/** Tables listed while typing a path; the rest are a keystroke away. */
const TABLE_MATCHES = 50
/** Tables listed under the commands for a query in command mode. */
const TABLES_AMONG_COMMANDS = 5

type Mode = 'commands' | 'tables'

/** An entry with what it does; `typed` entries name a path nobody has listed yet. */
type HostItem = PaletteItem & { readonly run: () => void; readonly typed?: TableRef }

/** Mounts once: the palette, the dialogs it opens and the `?` key. */
export function CommandHost(): ReactNode {
  const [mode, setMode] = useState<Mode | null>(null)
  const [query, setQuery] = useState('')
  const [dialog, setDialog] = useState<CommandDialog | null>(null)
  const [error, setError] = useState<string | null>(null)
  const connectionId = useUiStore((state) => state.connectionId)
  const delimiter = useDelimiter(connectionId ?? '')
  const open = (next: Mode): void => {
    setQuery('')
    setError(null)
    setMode(next)
  }
  const changeQuery = (next: string): void => {
    setError(null)
    setQuery(next)
  }
  const close = (): void => setMode(null)
  useShellCommand('command-palette', () => open('commands'))
  useQuestionMark()

  const commands = useAppCommands({ openDialog: setDialog, goToTable: () => open('tables') })
  const client = useQueryClient()
  // Read once per opening: the cache does not change while someone types.
  const tables = useMemo(() => (mode && connectionId ? loadedTables(client, connectionId) : []), [mode, connectionId, client])
  // Tables the Find index knows, loaded in the tree or not.
  const indexed = useIndexedTables(connectionId, query, delimiter, mode === 'tables')

  const items: HostItem[] = useMemo(() => {
    // Like a browser's address bar: a new tab, or the table's tab if it is open already.
    const tableItem = (table: TableRef, label: string): HostItem => ({
      id: `table:${tablePath(table, delimiter)}`,
      label,
      completion: tablePath(table, delimiter),
      run: () => goToTable(table, { newTab: true })
    })
    if (mode === null) return []
    if (mode === 'tables') {
      const matches = matchTables(tables, query, TABLE_MATCHES, delimiter).map((table) => tableItem(table, tablePath(table, delimiter)))
      for (const table of matchTables(indexed, query, TABLE_MATCHES, delimiter)) {
        if (matches.length >= TABLE_MATCHES || matches.some((item) => item.completion === tablePath(table, delimiter))) continue
        matches.push({ ...tableItem(table, tablePath(table, delimiter)), hint: 'in catalog' })
      }
      const typed = parseTablePath(query, delimiter)
      // A path the tree has not loaded yet can still be opened, once the catalog says it exists.
      if (typed && !matches.some((item) => item.completion === tablePath(typed, delimiter)))
        matches.push({ ...tableItem(typed, `Open ${tablePath(typed, delimiter)}`), hint: 'not loaded', typed })
      return matches
    }
    const found = matchCommands(commands, query).map((command) => ({
      id: command.id,
      label: command.label,
      hint: command.shortcut,
      destructive: command.destructive,
      run: command.run
    }))
    if (query.trim() === '') return found
    const tableItems = matchTables(tables, query, TABLES_AMONG_COMMANDS, delimiter).map((table) =>
      tableItem(table, `Go to table ${tablePath(table, delimiter)}`)
    )
    return rankForQuery(found, tableItems, query)
  }, [mode, tables, indexed, query, commands, delimiter])

  const run = (item: PaletteItem): void => {
    const entry = items.find((candidate) => candidate.id === item.id)
    if (!entry) return
    if (entry.typed && connectionId) {
      const table = entry.typed
      const id = connectionId
      setError(null)
      // The palette stays open until the catalog answers; a miss is said here, not in a tab.
      client.fetchQuery({ queryKey: queryKeys.table(id, table), queryFn: () => unwrap(api.tables.describe({ connectionId: id, table })) }).then(
        () => {
          close()
          entry.run()
        },
        (reason: unknown) => setError(missingText(reason, tablePath(table, delimiter)))
      )
      return
    }
    // "Go to table…" keeps the palette open in its other mode.
    if (item.id !== 'go-to-table') close()
    entry.run()
  }

  const closeDialog = (): void => setDialog(null)
  return (
    <>
      {mode && (
        <CommandPalette
          title={mode === 'commands' ? 'Command palette' : 'Go to table'}
          placeholder={mode === 'commands' ? 'Type a command or a table name' : 'Table path, e.g. analytics$events'}
          {...{ query, items, error }}
          onQueryChange={changeQuery}
          onRun={run}
          onClose={close}
          emptyText={mode === 'commands' ? 'No command matches.' : 'No loaded table matches; type its full path (namespace$table).'}
        />
      )}
      {dialog && connectionId && <CommandDialogView connectionId={connectionId} dialog={dialog} onClose={closeDialog} />}
    </>
  )
}

function CommandDialogView({
  connectionId,
  dialog,
  onClose
}: {
  readonly connectionId: string
  readonly dialog: CommandDialog
  readonly onClose: () => void
}): ReactNode {
  switch (dialog.kind) {
    case 'create-namespace':
      return <CreateNamespaceDialog connectionId={connectionId} parent={dialog.parent} onClose={onClose} />
    case 'drop-namespace':
      return <DropNamespaceDialog connectionId={connectionId} path={dialog.path} onClose={onClose} />
    case 'create-table':
      return <CreateTableDialog connectionId={connectionId} namespace={dialog.namespace} onClose={onClose} />
    case 'rename-table':
      return <RenameTableDialog connectionId={connectionId} table={dialog.table} onClose={onClose} />
    case 'drop-table':
      return <DropTableDialog connectionId={connectionId} table={dialog.table} onClose={onClose} />
  }
}

/** What the palette says when a typed path cannot be opened. */
function missingText(reason: unknown, path: string): string {
  if (reason instanceof ApiError && (reason.code === 'table_not_found' || reason.code === 'namespace_not_found'))
    return `Table ${path} does not exist. Check the path, or pick a table from the list.`
  const message = reason instanceof Error ? reason.message : String(reason)
  return `Could not open ${path}: ${message}`
}

/** `?` (outside text fields and dialogs) opens the shortcuts sheet. */
function useQuestionMark(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return
      const target = event.target instanceof HTMLElement ? event.target : null
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog')) return
      event.preventDefault()
      dispatchAppCommand('keyboard-shortcuts')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
