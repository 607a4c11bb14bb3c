/**
 * Keyboard access to the tree, after the WAI-ARIA treeview pattern: Up/Down move, Right
 * expands or enters, Left collapses or goes to the parent, Home/End jump, Enter opens (Ctrl+Enter in a new tab),
 * typing jumps to a loaded name; Shift+F10 or the Menu key opens the actions menu.
 * Focus is roving: exactly one row has tabindex 0, and its key survives refreshes.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useConnectionView, useUiStore } from '../../state/ui-store'
import type { NodeKey } from '../../lib/node-key'
import type { TreeRow } from './flatten'
import type { MenuTarget } from './namespace-menu'
import type { TreeView } from './use-tree-rows'

type ItemRow = Extract<TreeRow, { kind: 'namespace' | 'table' }>

const isItem = (row: TreeRow | undefined): row is ItemRow => row?.kind === 'namespace' || row?.kind === 'table'
const TYPE_AHEAD_RESET_MS = 700

interface Options {
  readonly tree: TreeView
  readonly scrollToIndex: (index: number) => void
  readonly scrollRef: RefObject<HTMLDivElement | null>
  readonly openMenu: (target: MenuTarget) => void
}

/** The key handler and the key of the row that holds focus. */
export function useTreeKeyboard({ tree, scrollToIndex, scrollRef, openMenu }: Options): {
  readonly focusKey: string | null
  readonly onKeyDown: (event: KeyboardEvent) => void
} {
  const view = useConnectionView()
  const focusRow = useUiStore((state) => state.focusRow)
  const setExpanded = useUiStore((state) => state.setExpanded)
  const selectTable = useUiStore((state) => state.selectTable)
  const openTable = useUiStore((state) => state.openTable)
  const typed = useRef({ text: '', at: 0 })
  const moved = useRef(false)

  // The row that was the Tab stop last time. Until a click or a key names a row, the stop
  // is the first row by default; a row added above it (a create answered late, a refresh)
  // must not take the stop from under someone who tabbed onto it, so it stays put.
  const [lastStop, setLastStop] = useState<Stop | null>(null)
  // The model finds a key's row through its parent's counts, without a scan of the rows.
  const focused = useMemo(() => tabStop(tree, view.focusedKey, lastStop), [tree, view.focusedKey, lastStop])
  const focusKey = focused.key
  if (focusKey !== null && (focusKey !== lastStop?.key || focused.index !== lastStop.index)) setLastStop({ key: focusKey, index: focused.index })

  // The effect below must run when the focused key changes, not when a page arrives
  // (that would yank the view back while someone scrolls), so it reads these via refs.
  const latest = useRef({ tree, scrollToIndex })
  useEffect(() => {
    latest.current = { tree, scrollToIndex }
  })

  // After a key (or a dialog that closed and left focus nowhere, or a table opened elsewhere
  // while focus sat on another row) moved the stop, bring the row into view and give it DOM
  // focus once drawn.
  useEffect(() => {
    const active = document.activeElement
    const focusIsLost = active === null || active === document.body
    const onAnotherRow = active instanceof HTMLElement && scrollRef.current?.contains(active) === true && active.dataset['key'] !== focusKey
    if (!focusKey || !(moved.current || focusIsLost || onAnotherRow)) return
    const index = latest.current.tree.indexOfKey(focusKey)
    if (index < 0) return
    latest.current.scrollToIndex(index)
    const frame = requestAnimationFrame(() => {
      const element = scrollRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`)
      if (element) {
        element.focus({ preventScroll: true })
        moved.current = false
      }
    })
    return () => cancelAnimationFrame(frame)
  }, [focusKey, scrollRef])

  const move = (index: number): void => {
    const row = tree.rowAt(index)
    if (!isItem(row)) return
    moved.current = true
    focusRow(row.key)
  }

  const onKeyDown = (event: KeyboardEvent): void => {
    const index = Math.max(0, focused.index)
    const row = tree.rowAt(index)
    if (!isItem(row)) return
    const handled = (): void => event.preventDefault()
    switch (event.key) {
      case 'ArrowDown':
        handled()
        return move(nextItem(tree, index, 1))
      case 'ArrowUp':
        handled()
        return move(nextItem(tree, index, -1))
      case 'Home':
        handled()
        return move(nextItem(tree, -1, 1))
      case 'End':
        handled()
        return move(nextItem(tree, tree.count, -1))
      case 'ArrowRight':
        handled()
        if (row.kind !== 'namespace') return
        if (!row.expanded) return setExpanded(row.path, true)
        return isItem(tree.rowAt(index + 1)) && tree.rowAt(index + 1)?.level === row.level + 1 ? move(index + 1) : undefined
      case 'ArrowLeft': {
        handled()
        if (row.kind === 'namespace' && row.expanded) return setExpanded(row.path, false)
        const parent = tree.parentIndexOf(index)
        return parent >= 0 ? move(parent) : undefined
      }
      case 'Enter':
      case ' ':
        handled()
        // Ctrl+Enter (Cmd+Enter on macOS) opens a table in a new tab.
        if (row.kind === 'table' && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return openTable({ namespace: row.path, name: row.name })
        if (row.kind === 'table') return selectTable({ namespace: row.path, name: row.name })
        return setExpanded(row.path, !row.expanded)
      case 'ContextMenu':
      case 'F10': {
        if (event.key === 'F10' && !event.shiftKey) return
        handled()
        const box = (event.target as HTMLElement).getBoundingClientRect()
        return openMenu({ kind: row.kind, path: row.path, name: row.name, x: box.left + 24, y: box.bottom })
      }
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          handled()
          typeAhead(event.key, index)
        }
    }
  }

  const typeAhead = (key: string, from: number): void => {
    const now = Date.now()
    const state = typed.current
    state.text = now - state.at > TYPE_AHEAD_RESET_MS ? key.toLowerCase() : state.text + key.toLowerCase()
    state.at = now
    // A fresh search starts after the focused row; a growing one may match it again.
    const start = state.text.length === 1 ? from + 1 : from
    const found = tree.findItem(start, (name) => name.toLowerCase().startsWith(state.text))
    if (found >= 0) move(found)
  }

  return { focusKey, onKeyDown }
}

/** A Tab stop: its row's key and where that row was. */
interface Stop {
  readonly key: NodeKey
  readonly index: number
}

/**
 * The Tab stop: the first of these keys whose row is in the tree; else, when the last
 * stop's row left the tree (a dropped table), the row that took its place or the one above;
 * else the first row.
 */
function tabStop(tree: TreeView, focusedKey: NodeKey | null, lastStop: Stop | null): { readonly index: number; readonly key: NodeKey | null } {
  for (const key of [focusedKey, lastStop?.key ?? null]) {
    const index = key === null ? -1 : tree.indexOfKey(key)
    if (index >= 0) return { index, key }
  }
  const near = lastStop === null ? -1 : Math.min(lastStop.index, tree.count - 1)
  const at = near >= 0 && isItem(tree.rowAt(near)) ? near : nextItem(tree, near + 1, -1)
  const index = at >= 0 && isItem(tree.rowAt(at)) ? at : nextItem(tree, -1, 1)
  const row = tree.rowAt(index)
  return { index, key: isItem(row) ? row.key : null }
}

/** The next namespace or table row from `from` in direction `step`, or `from` if there is none. */
function nextItem(tree: TreeView, from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < tree.count; i += step) if (isItem(tree.rowAt(i))) return i
  return from
}
