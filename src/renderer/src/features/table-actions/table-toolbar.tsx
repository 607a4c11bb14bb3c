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
import { decodeKey, type NodeKey } from '../../lib/node-key'
import { Button } from '../../ui/button'
import { Toolbar, ToolbarSeparator } from '../../ui/toolbar'
import { CreateTableDialog } from '../create-table/create-table-dialog'
import { DropTableDialog, RenameTableDialog } from './table-dialogs'
import { readOnlyReason, useOpenVersion } from '../../state/open-version-store'
import { useRenameUnsupported } from '../connections/use-connections'
import styles from './table-actions.module.css'

type Open = 'create' | 'rename' | 'drop' | null

const NO_TABLE = 'Select a table in the tree first'

/** The toolbar and the dialogs it opens. */
export function TableToolbar({ connectionId, selectedTable }: { readonly connectionId: string; readonly selectedTable: TableRef | null }): ReactNode {
  const [open, setOpen] = useState<Open>(null)
  const { focusedKey } = useConnectionView()
  // While an older version is open read-only, nothing that writes the table is offered.
  const openVersion = useOpenVersion(connectionId, selectedTable)
  const writeOff = !selectedTable || openVersion !== null
  const writeReason = openVersion !== null ? readOnlyReason(openVersion) : NO_TABLE
  // A catalog that cannot rename is never offered a rename (the table's own reason first).
  const cannotRename = useRenameUnsupported(connectionId)
  return (
    <Toolbar label="Table actions" className={styles.contentToolbar}>
      <Button variant="primary" icon={FilePlus2} onClick={() => setOpen('create')}>
        Create table
      </Button>
      <ToolbarSeparator />
      <Button
        variant="ghost"
        icon={Pencil}
        disabled={writeOff || cannotRename !== null}
        disabledReason={writeOff ? writeReason : (cannotRename ?? undefined)}
        onClick={() => setOpen('rename')}
      >
        Rename table
      </Button>
      <Button variant="ghost" icon={Trash2} disabled={writeOff} disabledReason={writeReason} onClick={() => setOpen('drop')}>
        Drop table
      </Button>
      {open === 'create' && (
        <CreateTableDialog connectionId={connectionId} namespace={selectionNamespace(focusedKey, selectedTable)} onClose={() => setOpen(null)} />
      )}
      {open === 'rename' && selectedTable && <RenameTableDialog connectionId={connectionId} table={selectedTable} onClose={() => setOpen(null)} />}
      {open === 'drop' && selectedTable && <DropTableDialog connectionId={connectionId} table={selectedTable} onClose={() => setOpen(null)} />}
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
