/**
 * Closable, reorderable tabs after the WAI-ARIA tabs pattern (automatic activation):
 * Left/Right/Home/End move between tabs, Delete closes the focused one, Ctrl+Shift+Left/Right
 * (Cmd on macOS) moves it. The mouse closes with the × or a middle click and reorders by
 * dragging. The × is a pointer affordance only (a button inside a tab would nest
 * interactive elements); keyboard and screen-reader users close with Delete.
 */
import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react'
import styles from './tabs.module.css'

/** One tab. */
export interface TabItem {
  readonly key: string
  readonly label: string
  /** Shown as a tooltip (e.g. the table's full identifier). */
  readonly title?: string
}

interface Props {
  readonly label: string
  readonly items: readonly TabItem[]
  readonly activeKey: string | null
  readonly onSelect: (key: string) => void
  readonly onClose: (key: string) => void
  readonly onMove: (from: number, to: number) => void
  /** The active tab's panel. */
  readonly children: ReactNode
}

/** A tab strip and the active tab's panel. */
export function Tabs({ label, items, activeKey, onSelect, onClose, onMove, children }: Props): ReactNode {
  const base = useId()
  const refs = useRef(new Map<string, HTMLElement>())
  const [dragging, setDragging] = useState<number | null>(null)
  const tabId = (key: string): string => `${base}-tab-${items.findIndex((item) => item.key === key)}`
  const panelId = `${base}-panel`
  const focusLater = (key: string | undefined): void => {
    if (key) requestAnimationFrame(() => refs.current.get(key)?.focus())
  }

  const onKeyDown = (event: KeyboardEvent, index: number): void => {
    const item = items[index]
    if (!item) return
    const reorder = event.shiftKey && (event.ctrlKey || event.metaKey)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step !== 0 && reorder) {
      event.preventDefault()
      onMove(index, index + step)
      focusLater(item.key)
    } else if (step !== 0 || event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : (index + step + items.length) % items.length
      const target = items[next]
      if (!target) return
      onSelect(target.key)
      focusLater(target.key)
    } else if (event.key === 'Delete') {
      event.preventDefault()
      onClose(item.key)
      focusLater((items[index + 1] ?? items[index - 1])?.key)
    }
  }

  const onDrop = (event: DragEvent, index: number): void => {
    event.preventDefault()
    if (dragging !== null && dragging !== index) onMove(dragging, index)
    setDragging(null)
  }

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.strip}>
        {items.map((item, index) => {
          const active = item.key === activeKey
          return (
            <div
              key={item.key}
              ref={(element) => {
                if (element) refs.current.set(item.key, element)
                else refs.current.delete(item.key)
              }}
              role="tab"
              id={tabId(item.key)}
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              aria-keyshortcuts="Delete Control+Shift+ArrowLeft Control+Shift+ArrowRight"
              tabIndex={active || (activeKey === null && index === 0) ? 0 : -1}
              title={item.title}
              className={active ? `${styles.tab} ${styles.active}` : styles.tab}
              draggable
              data-dragging={dragging === index || undefined}
              onClick={() => onSelect(item.key)}
              onMouseDown={(event) => event.button === 1 && event.preventDefault()}
              onAuxClick={(event) => event.button === 1 && onClose(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move'
                setDragging(index)
              }}
              onDragOver={(event) => dragging !== null && event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => setDragging(null)}
            >
              <span className={styles.label}>{item.label}</span>
              <span
                aria-hidden="true"
                title="Close (Delete)"
                className={styles.close}
                onClick={(event) => {
                  event.stopPropagation()
                  onClose(item.key)
                }}
              >
                ×
              </span>
            </div>
          )
        })}
      </div>
      {activeKey !== null && (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(activeKey)} className={styles.panel}>
          {children}
        </div>
      )}
    </div>
  )
}
