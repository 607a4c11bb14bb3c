/**
 * The schema evolution controls of the Schema view: an "Add column" button beside the schema
 * and, on each top-level column's row, a "Column actions" menu (rename, make nullable
 * where the column is not, drop), each opening its dialog.
 */
import { useState, type ReactNode } from 'react'
import { Columns3, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react'
import type { FieldInfo, TableRef } from '@shared/catalog-types'
import { Button, IconButton } from '../../ui/button'
import { Menu, type MenuItem } from '../../ui/menu'
import { AddColumnDialog, DropColumnDialog, MakeNullableDialog, RenameColumnDialog } from './schema-dialogs'
import styles from './table-schema.module.css'
import { readOnlyReason, useOpenVersion } from '../../state/open-version-store'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly fields: readonly FieldInfo[]
}

/** "Add column", shown above the schema. */
export function AddColumnButton({ connectionId, table, fields }: Props): ReactNode {
  const [open, setOpen] = useState(false)
  const readOnly = useOpenVersion(connectionId, table)
  return (
    <div className={styles.bar}>
      <Button
        icon={Plus}
        size="sm"
        disabled={readOnly !== null}
        disabledReason={readOnly === null ? undefined : readOnlyReason(readOnly)}
        onClick={() => setOpen(true)}
      >
        Add column
      </Button>
      {open && <AddColumnDialog connectionId={connectionId} table={table} columns={fields.map((f) => f.name)} onClose={() => setOpen(false)} />}
    </div>
  )
}

type Dialogs = 'rename' | 'nullable' | 'drop'

/** The actions menu of one top-level column. */
export function ColumnActions({ connectionId, table, fields, field }: Props & { readonly field: FieldInfo }): ReactNode {
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null)
  const [dialog, setDialog] = useState<Dialogs | null>(null)
  const readOnly = useOpenVersion(connectionId, table)
  const items: MenuItem[] = [
    { label: 'Rename column…', icon: Pencil, run: () => setDialog('rename') },
    ...(field.nullable ? [] : [{ label: 'Make nullable…', icon: Columns3, run: () => setDialog('nullable') }]),
    { label: 'Drop column…', icon: Trash2, danger: true, separated: true, run: () => setDialog('drop') }
  ]
  const props = { connectionId, table, columns: fields.map((f) => f.name), column: field.name, onClose: () => setDialog(null) }
  return (
    <>
      <IconButton
        icon={MoreHorizontal}
        size="sm"
        label={`Column actions for ${field.name}`}
        disabled={readOnly !== null}
        disabledReason={readOnly === null ? undefined : readOnlyReason(readOnly)}
        aria-haspopup="menu"
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect()
          setMenu({ x: box.left, y: box.bottom })
        }}
      />
      {menu && (
        <Menu
          label={`Column ${field.name}`}
          items={items.map((item) => ({
            ...item,
            run: () => {
              setMenu(null)
              item.run()
            }
          }))}
          x={menu.x}
          y={menu.y}
          onClose={() => setMenu(null)}
        />
      )}
      {dialog === 'rename' && <RenameColumnDialog {...props} />}
      {dialog === 'nullable' && <MakeNullableDialog {...props} />}
      {dialog === 'drop' && <DropColumnDialog {...props} />}
    </>
  )
}
