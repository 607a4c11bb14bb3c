/**
 * Every action of the app by name, for the command palette: what each does, and its
 * shortcut where it has one (from the one accelerator table the menu uses). Actions that
 * need a dialog ask the caller to open it; the rest run at once.
 */
import type { NamespacePath } from '@shared/namespace-path'
import { ACCELERATORS } from '@shared/contract/shell-events'
import type { TableRef } from '@shared/catalog-types'
import { useConnections, useDelimiter, useRenameUnsupported } from '../features/connections/use-connections'
import { copyWithToast } from '../state/action-toasts'
import { selectionNamespace } from '../features/table-actions/table-toolbar'
import { decodeKey, displayIdentifier } from '../lib/node-key'
import { shortcutText } from './shortcut-text'
import { useConnectionView, useUiStore } from '../state/ui-store'
import { dispatchAppCommand } from '../lib/use-shell-events'
import { useOpenVersion } from '../state/open-version-store'
import { useDistributionsCommand } from '../features/table-data/distributions-command'

/** A dialog the palette opens for an action. */
export type CommandDialog =
  | { readonly kind: 'create-namespace'; readonly parent: NamespacePath }
  | { readonly kind: 'drop-namespace'; readonly path: NamespacePath }
  | { readonly kind: 'create-table'; readonly namespace: NamespacePath }
  | { readonly kind: 'rename-table'; readonly table: TableRef }
  | { readonly kind: 'drop-table'; readonly table: TableRef }

/** One action of the palette. */
export interface AppCommandEntry {
  readonly id: string
  readonly label: string
  readonly shortcut?: string
  /** Destroys data: the palette never makes it the default for a typed name. */
  readonly destructive?: boolean
  readonly run: () => void
}

interface Callbacks {
  readonly openDialog: (dialog: CommandDialog) => void
  /** Switches the palette to typing a table's path. */
  readonly goToTable: () => void
}

const THEME_NAMES = { system: 'System', light: 'Light', dark: 'Dark' } as const

/** The palette's actions for the current state (connection, selection, focus). */
export function useAppCommands({ openDialog, goToTable }: Callbacks): AppCommandEntry[] {
  const connections = useConnections().data ?? []
  const connectionId = useUiStore((state) => state.connectionId)
  const theme = useUiStore((state) => state.theme)
  const toggleTheme = useUiStore((state) => state.toggleTheme)
  const selectConnection = useUiStore((state) => state.selectConnection)
  const { focusedKey, selectedTable } = useConnectionView()
  const here = selectionNamespace(focusedKey, selectedTable)
  const focusedNamespace = focusedKey && decodeKey(focusedKey)?.kind === 'namespace' ? here : null
  const delimiter = useDelimiter(connectionId ?? '')
  // While an older version of the selected table is open read-only, no rename or drop is offered (Versions view).
  const openVersion = useOpenVersion(connectionId ?? '', selectedTable)
  // A catalog that cannot rename gets no rename entry at all.
  const cannotRename = useRenameUnsupported(connectionId ?? '')
  // The shown grid's Distributions switch, while it would work.
  const distributions = useDistributionsCommand((state) => state.command)
  const identifier = (path: NamespacePath): string => displayIdentifier(path, delimiter)
  const key = (name: keyof typeof ACCELERATORS): string => shortcutText(ACCELERATORS[name])

  const commands: AppCommandEntry[] = [
    { id: 'new-connection', label: 'New connection', shortcut: key('new-connection'), run: () => dispatchAppCommand('new-connection') },
    ...connections.map((connection) => ({
      id: `open:${connection.id}`,
      label: `Open connection ${connection.name} (${connection.type === 'dir' ? 'directory' : 'REST'})`,
      run: () => selectConnection(connection.id)
    })),
    { id: 'refresh', label: 'Refresh', shortcut: key('refresh'), run: () => dispatchAppCommand('refresh') }
  ]
  if (connectionId) {
    const where = here.length === 0 ? '' : ` in ${identifier(here)}`
    commands.push(
      { id: 'go-to-table', label: 'Go to table…', run: goToTable },
      { id: 'find-in-catalog', label: 'Find in catalog…', shortcut: key('find-in-catalog'), run: () => dispatchAppCommand('find-in-catalog') },
      { id: 'create-namespace', label: `Create namespace${where}…`, run: () => openDialog({ kind: 'create-namespace', parent: here }) },
      { id: 'create-table', label: `Create table${where}…`, run: () => openDialog({ kind: 'create-table', namespace: here }) }
    )
    // With a row focused inside a namespace, a top-level namespace is still one command away.
    if (here.length > 0)
      commands.push({ id: 'create-top-namespace', label: 'Create namespace at top level…', run: () => openDialog({ kind: 'create-namespace', parent: [] }) })
    if (focusedNamespace && focusedNamespace.length > 0) {
      const path = focusedNamespace
      commands.push({
        id: 'drop-namespace',
        label: `Drop namespace ${identifier(path)}…`,
        destructive: true,
        run: () => openDialog({ kind: 'drop-namespace', path })
      })
    }
    if (selectedTable && openVersion === null) {
      const table = selectedTable
      const name = identifier([...table.namespace, table.name])
      if (cannotRename === null) commands.push({ id: 'rename-table', label: `Rename table ${name}…`, run: () => openDialog({ kind: 'rename-table', table }) })
      commands.push({ id: 'drop-table', label: `Drop table ${name}…`, destructive: true, run: () => openDialog({ kind: 'drop-table', table }) })
    }
    const copyTarget = selectedTable ? [...selectedTable.namespace, selectedTable.name] : focusedNamespace
    if (copyTarget && copyTarget.length > 0) {
      const text = identifier(copyTarget)
      commands.push({ id: 'copy-identifier', label: `Copy identifier ${text}`, run: () => void copyWithToast(text, 'identifier') })
    }
    if (distributions)
      commands.push({
        id: 'toggle-distributions',
        label: distributions.shown ? 'Hide column distributions' : 'Show column distributions (profiles a sample)',
        run: distributions.toggle
      })
    if (selectedTable) commands.push({ id: 'close-tab', label: 'Close tab', shortcut: key('close-tab'), run: () => dispatchAppCommand('close-tab') })
    commands.push(
      { id: 'focus-tree', label: 'Focus tree', run: () => focusLater('[role="tree"] [role="treeitem"][tabindex="0"]') },
      { id: 'focus-grid', label: 'Focus grid', run: () => focusLater('[role="grid"]') }
    )
  }
  commands.push(
    { id: 'toggle-theme', label: `Toggle theme (now ${THEME_NAMES[theme]})`, run: toggleTheme },
    {
      id: 'keyboard-shortcuts',
      label: 'Keyboard shortcuts',
      shortcut: `${key('keyboard-shortcuts')} or ?`,
      run: () => dispatchAppCommand('keyboard-shortcuts')
    }
  )
  return commands
}

/** Focuses an element once the palette has closed (and handed focus back to its opener). */
function focusLater(selector: string): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus())
}
