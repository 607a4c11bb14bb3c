/**
 * A menu of actions shown at a point (a context menu, or under a button): focus moves to
 * its first item, arrows, Home and End move between items, Escape or Tab or a click
 * outside closes it, and it is moved back inside the window before it is painted.
 */
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { cx } from './class-names'
import styles from './menu.module.css'

/** One action of a menu. */
export interface MenuItem {
  readonly label: string
  readonly run: () => void
  readonly icon?: LucideIcon
  /** The item destroys something. */
  readonly danger?: boolean
  /** A line above this item, starting a new group. */
  readonly separated?: boolean
  /** Set when the item cannot be used now: it stays focusable, does nothing and shows why. */
  readonly disabledReason?: string
}

interface Props {
  /** The menu's accessible name. */
  readonly label: string
  readonly items: readonly MenuItem[]
  /** Where to show it, in window coordinates. */
  readonly x: number
  readonly y: number
  readonly onClose: () => void
  /** Extra content under the items (e.g. why the last action failed). */
  readonly children?: ReactNode
}

/** Space kept between the menu and the window's edge. */
const MENU_MARGIN = 4

/** The menu, with a backdrop that closes it on click. */
export function Menu({ label, items, x, y, onClose, children }: Props): ReactNode {
  const menuRef = useRef<HTMLDivElement>(null)
  const [position, setPosition] = useState({ left: x, top: y })
  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [])
  // Opened at the pointer, the menu may run past the window's edge, out of the pointer's
  // reach: move it back inside before it is painted.
  useLayoutEffect(() => {
    const menu = menuRef.current
    if (!menu) return
    const { width, height } = menu.getBoundingClientRect()
    const left = Math.max(MENU_MARGIN, Math.min(x, window.innerWidth - width - MENU_MARGIN))
    const top = Math.max(MENU_MARGIN, Math.min(y, window.innerHeight - height - MENU_MARGIN))
    setPosition((current) => (current.left === left && current.top === top ? current : { left, top }))
  }, [x, y, items.length, children])
  const onKeyDown = (event: KeyboardEvent): void => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const at = entries.indexOf(document.activeElement as HTMLElement)
    const move = (index: number): void => {
      event.preventDefault()
      entries[(index + entries.length) % entries.length]?.focus()
    }
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      onClose()
    } else if (event.key === 'ArrowDown') move(at + 1)
    else if (event.key === 'ArrowUp') move(at - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(entries.length - 1)
  }
  return (
    <>
      <div className={styles.backdrop} onClick={onClose} onContextMenu={(event) => (event.preventDefault(), onClose())} />
      <div
        ref={menuRef}
        role="menu"
        aria-label={label}
        className={styles.menu}
        style={{ left: `${position.left}px`, top: `${position.top}px` }}
        onKeyDown={onKeyDown}
      >
        {items.map(({ label: itemLabel, run, icon: Icon, danger, separated, disabledReason }) => (
          <Fragment key={itemLabel}>
            {separated && <hr className={styles.separator} aria-hidden />}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={disabledReason === undefined ? undefined : true}
              className={cx(styles.item, danger && disabledReason === undefined && styles.danger)}
              onClick={disabledReason === undefined ? run : undefined}
            >
              {Icon && <Icon aria-hidden size={14} className={styles.icon} />}
              {itemLabel}
              {disabledReason !== undefined && <span className={styles.reason}>({disabledReason})</span>}
            </button>
          </Fragment>
        ))}
        {children}
      </div>
    </>
  )
}
