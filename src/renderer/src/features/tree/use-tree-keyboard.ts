/**
 * Keyboard access to the tree, after the WAI-ARIA treeview pattern: Up/Down move, Right
 * expands or enters, Left collapses or goes to the parent, Home/End jump, Enter opens,
 * typing jumps to a loaded name; Shift+F10 or the Menu key opens the actions menu.
 * Focus is roving: exactly one row has tabindex 0, and its key survives refreshes.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react'
import { useConnectionView, useUiStore } from '../../app/ui-store'
import { findRowIndex, type TreeRow } from './flatten'
import type { MenuTarget } from './namespace-menu'

type ItemRow = Extract<TreeRow, { kind: 'namespace' | 'table' }>

const isItem = (row: TreeRow | undefined): row is ItemRow => row?.kind === 'namespace' || row?.kind === 'table'
const TYPE_AHEAD_RESET_MS = 700

interface Options {
  readonly rows: readonly TreeRow[]
  readonly scrollToIndex: (index: number) => void
  readonly scrollRef: RefObject<HTMLDivElement | null>
  readonly openMenu: (target: MenuTarget) => void
}

/** The key handler and the key of the row that holds focus. */
export function useTreeKeyboard({ rows, scrollToIndex, scrollRef, openMenu }: Options): {
  readonly focusKey: string | null
  readonly onKeyDown: (event: KeyboardEvent) => void
} {
  const view = useConnectionView()
  const focusRow = useUiStore((state) => state.focusRow)
  const setExpanded = useUiStore((state) => state.setExpanded)
  const selectTable = useUiStore((state) => state.selectTable)
  const typed = useRef({ text: '', at: 0 })
  const moved = useRef(false)

  // One scan per new set of rows, not per render: key presses re-render far more often.
  const focused = useMemo(() => {
    const index = findRowIndex(rows, view.focusedKey)
    if (index >= 0) return { index, key: view.focusedKey }
    const first = rows.findIndex(isItem)
    return { index: first, key: rows[first]?.key ?? null }
  }, [rows, view.focusedKey])
  const focusKey = focused.key

  // The effect below must run when the focused key changes, not when a page arrives
  // (that would yank the view back while someone scrolls), so it reads these via refs.
  const latest = useRef({ rows, scrollToIndex })
  useEffect(() => {
    latest.current = { rows, scrollToIndex }
  })

  // After a key (or a dialog that closed and left focus nowhere) moved focus, bring the
  // row into view and give it DOM focus once drawn.
  useEffect(() => {
    const active = document.activeElement
    const focusIsLost = active === null || active === document.body
    if (!focusKey || !(moved.current || focusIsLost)) return
    const index = findRowIndex(latest.current.rows, focusKey)
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
    const row = rows[index]
    if (!isItem(row)) return
    moved.current = true
    focusRow(row.key)
  }
  const nextItem = (from: number, step: 1 | -1): number => {
    for (let i = from + step; i >= 0 && i < rows.length; i += step) if (isItem(rows[i])) return i
    return from
  }

  const onKeyDown = (event: KeyboardEvent): void => {
    const index = Math.max(0, focused.index)
    const row = rows[index]
    if (!isItem(row)) return
    const handled = (): void => event.preventDefault()
    switch (event.key) {
      case 'ArrowDown':
        handled()
        return move(nextItem(index, 1))
      case 'ArrowUp':
        handled()
        return move(nextItem(index, -1))
      case 'Home':
        handled()
        return move(nextItem(-1, 1))
      case 'End':
        handled()
        return move(nextItem(rows.length, -1))
      case 'ArrowRight':
        handled()
        if (row.kind !== 'namespace') return
        if (!row.expanded) return setExpanded(row.path, true)
        return isItem(rows[index + 1]) && rows[index + 1]?.level === row.level + 1 ? move(index + 1) : undefined
      case 'ArrowLeft': {
        handled()
        if (row.kind === 'namespace' && row.expanded) return setExpanded(row.path, false)
        for (let i = index - 1; i >= 0; i--) if (rows[i]?.level === row.level - 1 && isItem(rows[i])) return move(i)
        return
      }
      case 'Enter':
      case ' ':
        handled()
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
    for (let n = 0; n < rows.length; n++) {
      const i = (start + n) % rows.length
      const candidate = rows[i]
      if (isItem(candidate) && candidate.name.toLowerCase().startsWith(state.text)) return move(i)
    }
  }

  return { focusKey, onKeyDown }
}
