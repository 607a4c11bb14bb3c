/**
 * Create and drop namespace dialogs. Names are checked as you type with the same rule
 * main enforces; a mutation refetches only the parent's namespace list. A catalog that
 * runs the create or drop as a transaction gets the table dialogs' wait: its status, and
 * a Cancel that asks the catalog to cancel.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { componentProblem, type NamespacePath } from '@shared/namespace-path'
import { useUiStore } from '../../state/ui-store'
import { api, unwrap } from '../../lib/api'
import { displayIdentifier, namespaceKey } from '../../lib/node-key'
import { queryKeys } from '../../lib/query-keys'
import { Dialog } from '../../ui/dialog'
import { Field } from '../../ui/field'
import { useDelimiter } from '../connections/use-connections'
import { namespaceCreated, namespaceDropped } from '../../state/action-toasts'
import { OperationError, TransactionStatus, useWatchedOperation, waitingFooter } from '../operations/operation-progress'

interface CreateProps {
  readonly connectionId: string
  readonly parent: NamespacePath
  readonly onClose: () => void
}

/** Asks for a name and creates a namespace under `parent`. */
export function CreateNamespaceDialog({ connectionId, parent, onClose }: CreateProps): ReactNode {
  const client = useQueryClient()
  const setExpanded = useUiStore((state) => state.setExpanded)
  const focusRow = useUiStore((state) => state.focusRow)
  const delimiter = useDelimiter(connectionId)
  const [name, setName] = useState('')
  const problem = name === '' ? null : componentProblem(name)
  const watched = useWatchedOperation()
  const create = useMutation({
    mutationFn: (path: NamespacePath) => unwrap(api.namespaces.create({ connectionId, path, operationId: watched.start() })),
    onSuccess: (_value, path) => {
      namespaceCreated(client, connectionId, path)
      return client.invalidateQueries({ queryKey: queryKeys.namespacesOf(connectionId, parent) })
    }
  })
  const submit = (): void => {
    if (name === '' || problem) return
    // Closing and focus go through mutate()'s own callbacks, which React Query skips once
    // this dialog has unmounted: a late answer must not close or refocus whatever is open now.
    create.mutate([...parent, name], {
      onSuccess: (_value, path) => {
        if (parent.length > 0) setExpanded(parent, true)
        focusRow(namespaceKey(path))
        onClose()
      }
    })
  }
  const where = parent.length === 0 ? 'the catalog root' : displayIdentifier(parent, delimiter)
  return (
    <Dialog
      title="Create namespace"
      onClose={onClose}
      onSubmit={submit}
      footer={{
        ...waitingFooter(create.isPending, watched, 'Creating…', 'Create'),
        busy: create.isPending,
        submitDisabled: name === '' || problem !== null,
        disabledReason: problem ? 'Fix the name above first' : 'Type a name first'
      }}
    >
      <p className="muted">In {where}</p>
      <Field label="Namespace name" value={name} onChange={setName} error={problem ?? undefined} autoFocus />
      {create.isPending && <TransactionStatus progress={watched.progress} />}
      {create.isError && <OperationError error={create.error} />}
    </Dialog>
  )
}

interface DropProps {
  readonly connectionId: string
  readonly path: NamespacePath
  readonly onClose: () => void
}

/** Confirms and drops a namespace; a non-empty one is refused in plain words. */
export function DropNamespaceDialog({ connectionId, path, onClose }: DropProps): ReactNode {
  const client = useQueryClient()
  const setExpanded = useUiStore((state) => state.setExpanded)
  const delimiter = useDelimiter(connectionId)
  const parent = path.slice(0, -1)
  const watched = useWatchedOperation()
  const drop = useMutation({
    mutationFn: () => unwrap(api.namespaces.drop({ connectionId, path, operationId: watched.start() })),
    onSuccess: async () => {
      namespaceDropped(client, connectionId, path)
      setExpanded(path, false)
      await client.invalidateQueries({ queryKey: queryKeys.namespacesOf(connectionId, parent) })
    }
  })
  return (
    <Dialog
      title="Drop namespace"
      onClose={onClose}
      // onClose through mutate(): skipped if this dialog closed before the answer came.
      onSubmit={() => drop.mutate(undefined, { onSuccess: onClose })}
      footer={{
        submitVariant: 'danger',
        busy: drop.isPending,
        cancel: { autoFocus: true },
        // While the catalog runs the drop as a transaction, Cancel asks it to cancel.
        ...waitingFooter(drop.isPending, watched, 'Dropping…', 'Drop')
      }}
    >
      <p>
        Drop the namespace <code>{displayIdentifier(path, delimiter)}</code>? Only an empty namespace can be dropped.
      </p>
      {drop.isPending && <TransactionStatus progress={watched.progress} />}
      {drop.isError && <OperationError error={drop.error} />}
    </Dialog>
  )
}
