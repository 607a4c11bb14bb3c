/**
 * The content area's toolbar: "Create table" (in the namespace of the focused tree row
 * or the selected table) and, with a table selected, "Rename table" and "Drop table".
 */
import { useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'
import { useConnectionView } from '../../app/ui-store'
import { decodeKey, type NodeKey } from '../../lib/node-key'
import { CreateTableDialog } from '../create-table/create-table-dialog'
import { DropTableDialog, RenameTableDialog } from './table-dialogs'
import './table-actions.css'

type Open = 'create' | 'rename' | 'drop' | null

/** The toolbar and the dialogs it opens. */
export function TableToolbar({ connectionId, selectedTable }: { readonly connectionId: string; readonly selectedTable: TableRef | null }): ReactNode {
  const [open, setOpen] = useState<Open>(null)
  const { focusedKey } = useConnectionView()
  return (
    <div className="content-toolbar" role="toolbar" aria-label="Table actions">
      <button type="button" onClick={() => setOpen('create')}>
        Create table
      </button>
      {selectedTable && (
        <>
          <button type="button" onClick={() => setOpen('rename')}>
            Rename table
          </button>
          <button type="button" onClick={() => setOpen('drop')}>
            Drop table
          </button>
        </>
      )}
      {open === 'create' && <CreateTableDialog connectionId={connectionId} namespace={selectionNamespace(focusedKey, selectedTable)} onClose={() => setOpen(null)} />}
      {open === 'rename' && selectedTable && <RenameTableDialog connectionId={connectionId} table={selectedTable} onClose={() => setOpen(null)} />}
      {open === 'drop' && selectedTable && <DropTableDialog connectionId={connectionId} table={selectedTable} onClose={() => setOpen(null)} />}
    </div>
  )
}

/** The namespace the selection points at: a focused namespace row, else the selected table's namespace. */
export function selectionNamespace(focusedKey: NodeKey | null, selectedTable: TableRef | null): NamespacePath {
  const focused = focusedKey === null ? null : decodeKey(focusedKey)
  if (focused?.kind === 'namespace') return focused.path
  if (focused?.kind === 'table') return focused.table.namespace
  return selectedTable?.namespace ?? []
}
