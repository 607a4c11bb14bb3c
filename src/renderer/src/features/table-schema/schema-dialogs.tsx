/**
 * The schema evolution dialogs: add a column computed by an SQL expression, rename a
 * column, make a column nullable, drop a column. Each names the table and the column,
 * says that it makes a new version, and keeps the dialog open with the reason if the
 * change fails.
 */
import { useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { api, unwrap } from '../../lib/api'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Field } from '../../ui/field'
import { useSchemaChange } from './use-schema-change'

interface TableProps {
  readonly connectionId: string
  readonly table: TableRef
  /** Names already taken. */
  readonly columns: readonly string[]
  readonly onClose: () => void
}

/** Adds a column whose values an SQL expression computes from each row. */
export function AddColumnDialog({ connectionId, table, columns, onClose }: TableProps): ReactNode {
  const [name, setName] = useState('')
  const [expression, setExpression] = useState('')
  const add = useSchemaChange(
    connectionId,
    table,
    (v: { name: string; expression: string }) => unwrap(api.schema.addColumns({ connectionId, table, columns: [v] })),
    (v) => `Added column ${v.name}`
  )
  const nameProblem =
    name.trim() === '' ? 'Give the column a name.' : columns.includes(name.trim()) ? `The table already has a column named "${name.trim()}".` : undefined
  const expressionProblem = expression.trim() === '' ? 'Give an SQL expression, such as id * 2.' : undefined
  const [tried, setTried] = useState(false)
  return (
    <Dialog
      title="Add column"
      onClose={onClose}
      onSubmit={() => {
        setTried(true)
        if (!nameProblem && !expressionProblem) add.mutate({ name: name.trim(), expression: expression.trim() }, { onSuccess: onClose })
      }}
      footer={{ submitLabel: add.isPending ? 'Adding…' : 'Add column', busy: add.isPending }}
    >
      <p>
        Adds a column to <code>{table.name}</code>, computed once for every existing row from an SQL expression over its other columns. This makes a new version
        of the table.
      </p>
      <Field label="Column name" value={name} onChange={setName} autoFocus error={tried ? nameProblem : undefined} />
      <Field
        label="SQL expression"
        value={expression}
        onChange={setExpression}
        placeholder="id * 2"
        hint="Any SQL expression LanceDB can evaluate per row, e.g. id * 2 or upper(text)."
        error={tried ? expressionProblem : undefined}
      />
      {add.isError && <ErrorAlert error={add.error} />}
    </Dialog>
  )
}

interface ColumnProps extends TableProps {
  readonly column: string
}

/** Renames a column. */
export function RenameColumnDialog({ connectionId, table, columns, column, onClose }: ColumnProps): ReactNode {
  const [name, setName] = useState(column)
  const rename = useSchemaChange(
    connectionId,
    table,
    (newName: string) => unwrap(api.schema.alterColumns({ connectionId, table, alterations: [{ path: column, rename: newName }] })),
    (newName) => `Renamed column ${column} to ${newName}`
  )
  const trimmed = name.trim()
  const problem =
    trimmed === ''
      ? 'Give the column a name.'
      : trimmed !== column && columns.includes(trimmed)
        ? `The table already has a column named "${trimmed}".`
        : undefined
  return (
    <Dialog
      title="Rename column"
      onClose={onClose}
      onSubmit={() => !problem && trimmed !== column && rename.mutate(trimmed, { onSuccess: onClose })}
      footer={{
        submitLabel: rename.isPending ? 'Renaming…' : 'Rename column',
        busy: rename.isPending,
        submitDisabled: Boolean(problem) || trimmed === column,
        disabledReason: problem ?? 'Type a different name first'
      }}
    >
      <p>
        Rename column <code>{column}</code> of table <code>{table.name}</code>? This makes a new version; older versions keep the old name.
      </p>
      <Field label="New column name" value={name} onChange={setName} autoFocus error={problem} />
      {rename.isError && <ErrorAlert error={rename.error} />}
    </Dialog>
  )
}

/** Makes a non-nullable column nullable (Lance cannot go back). */
export function MakeNullableDialog({ connectionId, table, column, onClose }: ColumnProps): ReactNode {
  const alter = useSchemaChange(
    connectionId,
    table,
    () => unwrap(api.schema.alterColumns({ connectionId, table, alterations: [{ path: column, nullable: true }] })),
    () => `Made column ${column} nullable`
  )
  return (
    <ConfirmDialog
      title="Make column nullable"
      confirmLabel={alter.isPending ? 'Changing…' : 'Make nullable'}
      pending={alter.isPending}
      error={alter.error}
      onConfirm={() => alter.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        Let column <code>{column}</code> of table <code>{table.name}</code> hold nulls? This makes a new version. Lance cannot make a column non-nullable again.
      </p>
    </ConfirmDialog>
  )
}

/** Drops a column. */
export function DropColumnDialog({ connectionId, table, column, onClose }: ColumnProps): ReactNode {
  const drop = useSchemaChange(
    connectionId,
    table,
    () => unwrap(api.schema.dropColumns({ connectionId, table, columns: [column] })),
    () => `Dropped column ${column}`
  )
  return (
    <ConfirmDialog
      title="Drop column"
      danger
      confirmLabel={drop.isPending ? 'Dropping…' : 'Drop column'}
      pending={drop.isPending}
      error={drop.error}
      onConfirm={() => drop.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        Drop column <code>{column}</code> from table <code>{table.name}</code>? This makes a new version without it; older versions still hold its values.
      </p>
    </ConfirmDialog>
  )
}
