/**
 * Create and drop namespace dialogs. Names are checked as you type with the same rule
 * main enforces; a mutation refetches only the parent's namespace list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { componentProblem, toIdentifier, type NamespacePath } from '@shared/namespace-path'
import { useUiStore } from '../../app/ui-store'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Field } from '../../ui/field'
import { namespaceKey } from './flatten'

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
  const [name, setName] = useState('')
  const problem = name === '' ? null : componentProblem(name)
  const create = useMutation({
    mutationFn: () => unwrap(api.namespaces.create({ connectionId, path: [...parent, name] })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.namespacesOf(connectionId, parent) })
      if (parent.length > 0) setExpanded(parent, true)
      focusRow(namespaceKey([...parent, name]))
      onClose()
    }
  })
  const where = parent.length === 0 ? 'the catalog root' : toIdentifier(parent)
  return (
    <Dialog
      title="Create namespace"
      onClose={onClose}
      onSubmit={() => name !== '' && !problem && create.mutate()}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={name === '' || problem !== null || create.isPending}>
            {create.isPending ? 'Creating…' : 'Create'}
          </button>
        </>
      }
    >
      <p className="muted">In {where}</p>
      <Field label="Namespace name" value={name} onChange={setName} error={problem ?? undefined} autoFocus />
      {create.isError && <ErrorAlert error={create.error} />}
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
  const parent = path.slice(0, -1)
  const drop = useMutation({
    mutationFn: () => unwrap(api.namespaces.drop({ connectionId, path })),
    onSuccess: async () => {
      setExpanded(path, false)
      await client.invalidateQueries({ queryKey: queryKeys.namespacesOf(connectionId, parent) })
      onClose()
    }
  })
  return (
    <Dialog
      title="Drop namespace"
      onClose={onClose}
      onSubmit={() => drop.mutate()}
      actions={
        <>
          <button type="button" autoFocus onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={drop.isPending}>
            {drop.isPending ? 'Dropping…' : 'Drop'}
          </button>
        </>
      }
    >
      <p>
        Drop the namespace <code>{toIdentifier(path)}</code>? Only an empty namespace can be dropped.
      </p>
      {drop.isError && <ErrorAlert error={drop.error} />}
    </Dialog>
  )
}
