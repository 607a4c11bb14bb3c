/**
 * Grey placeholder bars where content is loading, so the layout does not jump when it
 * arrives. The bars are hidden from assistive technology; `label` is announced instead.
 */
import type { CSSProperties, ReactNode } from 'react'
import styles from './skeleton.module.css'

interface Props {
  /** What is loading, for screen readers and as text in the page ("Loading table…"). */
  readonly label: string
  /** Widths of the bars, one per line (CSS lengths or percentages). */
  readonly lines?: readonly string[]
  readonly style?: CSSProperties
}

/** Placeholder lines with an accessible loading label. */
export function Skeleton({ label, lines = ['60%'], style }: Props): ReactNode {
  return (
    <span role="status" className={styles.lines} style={style}>
      <span className="visually-hidden">{label}</span>
      {lines.map((width, index) => (
        <span key={index} aria-hidden className={styles.skeleton} style={{ width }} />
      ))}
    </span>
  )
}
