/**
 * The profile's charts, drawn in SVG: a histogram (vertical bars over [min, max], with the
 * range under it and the largest count beside it) and a top-values chart (horizontal bars
 * with their labels). Each bar has a tooltip with its range or value and count; a bar that
 * can filter the grid is a button: focusable, and Enter, Space or a click applies its filter.
 */
import type { KeyboardEvent, ReactNode } from 'react'
import styles from './column-profile.module.css'
import { countText } from './profile-format'
import { cx } from '../../ui/class-names'

/** One bar: its label (for the tooltip and screen readers), count, and filter (null: not clickable). */
export interface Bar {
  readonly label: string
  readonly count: number
  readonly filter: string | null
}

const WIDTH = 240
const HEIGHT = 96
const AXIS = 16

function onKey(filter: string, pick: (filter: string) => void) {
  return (event: KeyboardEvent<SVGElement>): void => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      pick(filter)
    }
  }
}

/** Bar props: a button when the bar filters, plain otherwise. */
function barProps(bar: Bar, pick: ((filter: string) => void) | undefined, hint: string): Record<string, unknown> {
  if (bar.filter === null || !pick) return { 'aria-label': `${bar.label}: ${countText(bar.count)}` }
  const filter = bar.filter
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': `${bar.label}: ${countText(bar.count)}. ${hint}`,
    onClick: () => pick(filter),
    onKeyDown: onKey(filter, pick)
  }
}

/** A histogram: equal-width bins left to right, `low` and `high` under the axis. */
export function Histogram({
  bars,
  low,
  high,
  title,
  onPick
}: {
  readonly bars: readonly Bar[]
  readonly low: string
  readonly high: string
  readonly title: string
  readonly onPick?: (filter: string) => void
}): ReactNode {
  const most = Math.max(1, ...bars.map((bar) => bar.count))
  const step = WIDTH / Math.max(1, bars.length)
  const plot = HEIGHT - AXIS
  return (
    <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label={title}>
      <line x1={0} x2={WIDTH} y1={plot + 0.5} y2={plot + 0.5} className={styles.axis} />
      {bars.map((bar, k) => {
        const h = bar.count === 0 ? 0 : Math.max(1.5, (bar.count / most) * (plot - 12))
        const clickable = bar.filter !== null && onPick !== undefined
        return (
          <g key={k} className={cx(styles.bar, clickable && styles.clickable)} {...barProps(bar, onPick, 'Filter the grid to these rows')}>
            <title>{`${bar.label}\n${countText(bar.count)} rows${clickable ? '\nClick to filter the grid' : ''}`}</title>
            {/* The whole column answers the pointer, however short its bar. */}
            <rect x={k * step} y={0} width={step} height={plot} className={styles.hit} />
            <rect x={k * step + 0.75} y={plot - h} width={Math.max(1, step - 1.5)} height={h} className={styles.fill} />
          </g>
        )
      })}
      <text x={0} y={HEIGHT - 3} className={styles.tick}>
        {low}
      </text>
      <text x={WIDTH} y={HEIGHT - 3} textAnchor="end" className={styles.tick}>
        {high}
      </text>
      <text x={2} y={9} className={styles.tick}>
        {countText(most)}
      </text>
    </svg>
  )
}

const ROW = 17
const LABEL_WIDTH = 88
const MAX_LABEL = 14

/** Horizontal bars, most frequent first: the value's label, its bar and count. */
export function TopBars({
  bars,
  title,
  onPick
}: {
  readonly bars: readonly Bar[]
  readonly title: string
  readonly onPick?: (filter: string) => void
}): ReactNode {
  const most = Math.max(1, ...bars.map((bar) => bar.count))
  const room = WIDTH - LABEL_WIDTH - 44
  return (
    <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${bars.length * ROW + 2}`} role="group" aria-label={title}>
      {bars.map((bar, k) => {
        const y = k * ROW + 1
        const clickable = bar.filter !== null && onPick !== undefined
        const shown = bar.label.length > MAX_LABEL ? `${bar.label.slice(0, MAX_LABEL - 1)}…` : bar.label
        return (
          <g key={k} className={cx(styles.bar, clickable && styles.clickable)} {...barProps(bar, onPick, 'Filter the grid to this value')}>
            <title>{`${bar.label}\n${countText(bar.count)} rows${clickable ? '\nClick to filter the grid' : ''}`}</title>
            <rect x={0} y={y} width={WIDTH} height={ROW - 2} className={styles.hit} />
            <text x={LABEL_WIDTH - 6} y={y + 11} textAnchor="end" className={styles.label}>
              {shown}
            </text>
            <rect x={LABEL_WIDTH} y={y + 2} width={Math.max(1, (bar.count / most) * room)} height={ROW - 6} className={styles.fill} />
            <text x={LABEL_WIDTH + Math.max(1, (bar.count / most) * room) + 4} y={y + 11} className={styles.tick}>
              {countText(bar.count)}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
