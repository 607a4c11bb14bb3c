/**
 * Drop and rename table dialogs. Dropping asks for the table's name to be typed; renaming
 * stays within the namespace, and a backend that cannot rename says so in plain words.
 * Each refetches only the namespace's table list and forgets the old table's cached data.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { componentProblem } from '@shared/namespace-path'
import { useUiStore } from '../../state/ui-store'
import { api, unwrap } from '../../lib/api'
import { displayIdentifier, tableKey } from '../../lib/node-key'
import { queryKeys } from '../../lib/query-keys'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Field } from '../../ui/field'
import { useDelimiter } from '../connections/use-connections'
import { forgetTable, tableDropped, tableRenamed } from '../../state/action-toasts'
import { OperationError, TransactionStatus, useWatchedOperation, waitingFooter } from '../operations/operation-progress'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly onClose: () => void
}

/** Drops a table once its name has been typed. */
export function DropTableDialog({ connectionId, table, onClose }: Props): ReactNode {
  const client = useQueryClient()
  const delimiter = useDelimiter(connectionId)
  const [typed, setTyped] = useState('')
  const watched = useWatchedOperation()
  const drop = useMutation({
    mutationFn: () => unwrap(api.tables.drop({ connectionId, table, operationId: watched.start() })),
    onSuccess: async () => {
      tableDropped(client, connectionId, table)
      forgetTable(client, connectionId, table)
      await client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, table.namespace) })
    }
  })
  const identifier = displayIdentifier([...table.namespace, table.name], delimiter)
  // The name alone, or the whole identifier the dialog shows: both name this table.
  const matches = typed === table.name || typed === identifier
  return (
    <Dialog
      title="Drop table"
      onClose={onClose}
      // onClose through mutate(): skipped if this dialog closed before the answer came, so a
      // late answer cannot close a dialog opened since.
      onSubmit={() => matches && drop.mutate(undefined, { onSuccess: onClose })}
      footer={{
        submitVariant: 'danger',
        busy: drop.isPending,
        submitDisabled: !matches,
        disabledReason: "Type the table's name above first",
        // While the catalog runs the drop as a transaction, Cancel asks it to cancel.
        ...waitingFooter(drop.isPending, watched, 'Dropping…', 'Drop')
      }}
    >
      <p>
        Drop the table <code>{identifier}</code> and all its rows? This cannot be undone.
      </p>
      <label className="field">
        Type the table name to confirm
        <input autoFocus value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
      </label>
      {identifier !== table.name && (
        <p className="muted">
          Either <code>{table.name}</code> or <code>{identifier}</code>.
        </p>
      )}
      {drop.isPending && <TransactionStatus progress={watched.progress} />}
      {drop.isError && <OperationError error={drop.error} />}
    </Dialog>
  )
}

/** Renames a table within its namespace. */
export function RenameTableDialog({ connectionId, table, onClose }: Props): ReactNode {
  const client = useQueryClient()
  const renameTable = useUiStore((state) => state.renameTable)
  const focusRow = useUiStore((state) => state.focusRow)
  const delimiter = useDelimiter(connectionId)
  const [name, setName] = useState(table.name)
  const problem = name === '' ? null : componentProblem(name)
  const renamed: TableRef = { namespace: table.namespace, name }
  const rename = useMutation({
    mutationFn: () => unwrap(api.tables.rename({ connectionId, table, newName: name })),
    onSuccess: async () => {
      tableRenamed(client, connectionId, table, renamed)
      client.removeQueries({ queryKey: queryKeys.table(connectionId, table) })
      client.removeQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
      await client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, table.namespace) })
      renameTable(table, renamed)
    },
    // A REST catalog that answered it does not rename (406 or no route) is remembered by
    // main: Rename stops being offered on this connection.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.capabilities(connectionId) })
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
            focusRow(tableKey(renamed))
            onClose()
          }
        })
      }
      footer={{
        submitLabel: rename.isPending ? 'Renaming…' : 'Rename',
        busy: rename.isPending,
        submitDisabled: !ready,
        disabledReason: problem ? 'Fix the name above first' : 'Type a new name first'
      }}
    >
      <p className="muted">
        Renames <code>{displayIdentifier([...table.namespace, table.name], delimiter)}</code> within its namespace.
      </p>
      <Field label="New name" value={name} onChange={setName} error={problem ?? undefined} autoFocus />
      {rename.isError && <ErrorAlert error={rename.error} />}
    </Dialog>
  )
}
