/**
 * The content area's toolbar: "Create table" (in the namespace of the focused tree row
 * or the selected table), "Rename table" and "Drop table" (disabled, saying why, until a
 * table is selected; Rename also where the catalog cannot rename).
 */
import { FilePlus2, Pencil, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'
import { useConnectionView } from '../../state/ui-store'
import { decodeKey, sameTable, type NodeKey } from '../../lib/node-key'
import { Button } from '../../ui/button'
import { Toolbar, ToolbarSeparator } from '../../ui/toolbar'
import { CreateTableDialog } from '../create-table/create-table-dialog'
import { DropTableDialog, RenameTableDialog } from './table-dialogs'
import { readOnlyReason, useOpenVersion } from '../../state/open-version-store'
import { useRenameUnsupported } from '../connections/use-connections'
import styles from './table-actions.module.css'

/** The dialog open, and for rename and drop the table it was opened for. */
type Open = { readonly kind: 'create' } | { readonly kind: 'rename' | 'drop'; readonly table: TableRef } | null

const NO_TABLE = 'Select a table in the tree first'

/** The toolbar and the dialogs it opens. */
export function TableToolbar({ connectionId, selectedTable }: { readonly connectionId: string; readonly selectedTable: TableRef | null }): ReactNode {
  const [open, setOpen] = useState<Open>(null)
  // A rename or drop dialog belongs to the table it was opened for: once that table is no
  // longer the selected one (dropped, renamed, or another chosen), it is gone for good,
  // never shown again for the next table selected.
  const forSelected = (kind: 'rename' | 'drop'): TableRef | null =>
    open?.kind === kind && selectedTable && sameTable(open.table, selectedTable) ? selectedTable : null
  const renaming = forSelected('rename')
  const dropping = forSelected('drop')
  if (open !== null && open.kind !== 'create' && !renaming && !dropping) setOpen(null)
  const { focusedKey } = useConnectionView()
  // While an older version is open read-only, nothing that writes the table is offered.
  const openVersion = useOpenVersion(connectionId, selectedTable)
  const writeOff = !selectedTable || openVersion !== null
  const writeReason = openVersion !== null ? readOnlyReason(openVersion) : NO_TABLE
  // A catalog that cannot rename is never offered a rename (the table's own reason first).
  const cannotRename = useRenameUnsupported(connectionId)
  return (
    <Toolbar label="Table actions" className={styles.contentToolbar}>
      <Button variant="primary" icon={FilePlus2} onClick={() => setOpen({ kind: 'create' })}>
        Create table
      </Button>
      <ToolbarSeparator />
      <Button
        variant="ghost"
        icon={Pencil}
        disabled={writeOff || cannotRename !== null}
        disabledReason={writeOff ? writeReason : (cannotRename ?? undefined)}
        onClick={() => selectedTable && setOpen({ kind: 'rename', table: selectedTable })}
      >
        Rename table
      </Button>
      <Button
        variant="ghost"
        icon={Trash2}
        disabled={writeOff}
        disabledReason={writeReason}
        onClick={() => selectedTable && setOpen({ kind: 'drop', table: selectedTable })}
      >
        Drop table
      </Button>
      {open?.kind === 'create' && (
        <CreateTableDialog connectionId={connectionId} namespace={selectionNamespace(focusedKey, selectedTable)} onClose={() => setOpen(null)} />
      )}
      {renaming && <RenameTableDialog connectionId={connectionId} table={renaming} onClose={() => setOpen(null)} />}
      {dropping && <DropTableDialog connectionId={connectionId} table={dropping} onClose={() => setOpen(null)} />}
    </Toolbar>
  )
}

/** The namespace the selection points at: a focused namespace row, else the selected table's namespace. */
export function selectionNamespace(focusedKey: NodeKey | null, selectedTable: TableRef | null): NamespacePath {
  const focused = focusedKey === null ? null : decodeKey(focusedKey)
  if (focused?.kind === 'namespace') return focused.path
  if (focused?.kind === 'table') return focused.table.namespace
  return selectedTable?.namespace ?? []
}
