/**
 * Drop and rename table dialogs. Dropping asks for the table's name to be typed; renaming
 * stays within the namespace, and a backend that cannot rename says so in plain words.
 * Each refetches only the namespace's table list and forgets the old table's cached data.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { componentProblem, toIdentifier } from '@shared/namespace-path'
import { useConnectionView, useUiStore } from '../../app/ui-store'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Field } from '../../ui/field'
import { tableKey } from '../tree/flatten'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly onClose: () => void
}

const sameTable = (a: TableRef | null, b: TableRef): boolean =>
  a !== null && a.name === b.name && JSON.stringify(a.namespace) === JSON.stringify(b.namespace)

/** Drops a table once its name has been typed. */
export function DropTableDialog({ connectionId, table, onClose }: Props): ReactNode {
  const client = useQueryClient()
  const { selectedTable } = useConnectionView()
  const selectTable = useUiStore((state) => state.selectTable)
  const [typed, setTyped] = useState('')
  const drop = useMutation({
    mutationFn: () => unwrap(api.tables.drop({ connectionId, table })),
    onSuccess: async () => {
      if (sameTable(selectedTable, table)) selectTable(null)
      client.removeQueries({ queryKey: queryKeys.table(connectionId, table) })
      client.removeQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
      await client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, table.namespace) })
    }
  })
  const matches = typed === table.name
  return (
    <Dialog
      title="Drop table"
      onClose={onClose}
      // onClose through mutate(): skipped if this dialog closed before the answer came, so a
      // late answer cannot close a dialog opened since.
      onSubmit={() => matches && drop.mutate(undefined, { onSuccess: onClose })}
      footer={{
        submitLabel: drop.isPending ? 'Dropping…' : 'Drop',
        submitVariant: 'danger',
        busy: drop.isPending,
        submitDisabled: !matches,
        disabledReason: "Type the table's name above first"
      }}
    >
      <p>
        Drop the table <code>{toIdentifier([...table.namespace, table.name])}</code> and all its rows? This cannot be undone.
      </p>
      <label className="field">
        Type the table name to confirm
        <input autoFocus value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
      </label>
      {drop.isError && <ErrorAlert error={drop.error} />}
    </Dialog>
  )
}

/** Renames a table within its namespace. */
export function RenameTableDialog({ connectionId, table, onClose }: Props): ReactNode {
  const client = useQueryClient()
  const { selectedTable } = useConnectionView()
  const selectTable = useUiStore((state) => state.selectTable)
  const focusRow = useUiStore((state) => state.focusRow)
  const [name, setName] = useState(table.name)
  const problem = name === '' ? null : componentProblem(name)
  const renamed: TableRef = { namespace: table.namespace, name }
  const rename = useMutation({
    mutationFn: () => unwrap(api.tables.rename({ connectionId, table, newName: name })),
    onSuccess: async () => {
      const wasSelected = sameTable(selectedTable, table)
      client.removeQueries({ queryKey: queryKeys.table(connectionId, table) })
      client.removeQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
      await client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, table.namespace) })
      if (wasSelected) selectTable(renamed)
    }
  })
  const ready = name !== '' && problem === null && name !== table.name && !rename.isPending
  return (
    <Dialog
      title="Rename table"
      onClose={onClose}
      onSubmit={() =>
        ready &&
        // Focus and closing through mutate(): skipped if this dialog closed before the answer.
        rename.mutate(undefined, {
          onSuccess: () => {
            focusRow(tableKey(table.namespace, name))
            onClose()
          }
        })
      }
      footer={{ submitLabel: rename.isPending ? 'Renaming…' : 'Rename', busy: rename.isPending, submitDisabled: !ready, disabledReason: problem ? 'Fix the name above first' : 'Type a new name first' }}
    >
      <p className="muted">
        Renames <code>{toIdentifier([...table.namespace, table.name])}</code> within its namespace.
      </p>
      <Field label="New name" value={name} onChange={setName} error={problem ?? undefined} autoFocus />
      {rename.isError && <ErrorAlert error={rename.error} />}
    </Dialog>
  )
}
