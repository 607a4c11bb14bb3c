/**
 * Mounts Find in catalog for the shown connection: Ctrl/Cmd+Shift+F (or the menu, or
 * the palette) opens it, and a chosen result opens where it lives.
 */
import { useState, type ReactNode } from 'react'
import type { FindHit } from '@shared/contract/find'
import { goToTable } from '../../state/go-to-table'
import { useUiStore } from '../../state/ui-store'
import { useShellCommand } from '../../lib/use-shell-events'
import { namespaceKey } from '../../lib/node-key'
import { useDelimiter } from '../connections/use-connections'
import { FindDialog } from './find-dialog'
import { useFoundColumnStore } from './found-column'

/** The box and its shortcut. */
export function FindHost(): ReactNode {
  const [open, setOpen] = useState(false)
  const connectionId = useUiStore((state) => state.connectionId)
  const delimiter = useDelimiter(connectionId ?? '')
  useShellCommand('find-in-catalog', () => setOpen(true))
  if (!open || !connectionId) return null
  const close = (): void => setOpen(false)
  const openHit = (hit: FindHit): void => {
    close()
    revealHit(connectionId, hit)
  }
  return <FindDialog connectionId={connectionId} delimiter={delimiter} onOpen={openHit} onClose={close} />
}

/** Opens a result: a table (or a column's table) in a new tab, revealed in the tree; a namespace expanded and focused. */
export function revealHit(connectionId: string, hit: FindHit): void {
  if (hit.kind === 'namespace') {
    const path = [...hit.namespace, hit.name]
    const store = useUiStore.getState()
    for (let depth = 1; depth <= path.length; depth++) store.setExpanded(path.slice(0, depth), true)
    store.focusRow(namespaceKey(path))
    return
  }
  const table = { namespace: hit.namespace, name: hit.table ?? hit.name }
  if (hit.kind === 'column' && hit.column) useFoundColumnStore.getState().show(connectionId, table, hit.column)
  goToTable(table, { newTab: true })
}
