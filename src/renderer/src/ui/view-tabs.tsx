/**
 * Fixed tabs after the WAI-ARIA tabs pattern (automatic activation): a strip of views of
 * one thing (a table's Schema, Versions, Indexes…), none closable. Left/Right move to the
 * previous/next tab, Home/End to the first/last; only the active tab is a tab stop.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import styles from './view-tabs.module.css'

/** One view. */
export interface ViewTab {
  readonly key: string
  readonly label: string
}

interface Props {
  /** The accessible name of the strip. */
  readonly label: string
  readonly tabs: readonly ViewTab[]
  readonly activeKey: string
  readonly onSelect: (key: string) => void
  /** The active view. */
  readonly children: ReactNode
}

/** A strip of view tabs over the active view, which fills the rest. */
export function ViewTabs({ label, tabs, activeKey, onSelect, children }: Props): ReactNode {
  const base = useId()
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const active = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === activeKey)
  )

  const onKeyDown = (event: KeyboardEvent, index: number): void => {
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    const target = next === null ? undefined : tabs[next]
    if (!target || next === null) return
    event.preventDefault()
    onSelect(target.key)
    refs.current[next]?.focus()
  }

  return (
    <div className={styles.views}>
      <div role="tablist" aria-label={label} className={styles.strip}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${index}`}
            aria-selected={index === active}
            aria-controls={`${base}-panel`}
            tabIndex={index === active ? 0 : -1}
            className={index === active ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`} className={styles.panel}>
        {children}
      </div>
    </div>
  )
}
