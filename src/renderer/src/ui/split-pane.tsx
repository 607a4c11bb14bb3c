/**
 * Two panes with a separator between them (react-resizable-panels): drag it, or focus it
 * and use the arrow keys (Home/End for the ends). The first pane's size is controlled by
 * the caller in percent, so it can be remembered; a size that arrives after mount (saved
 * state read at start) is applied to the mounted panes.
 */
import { useEffect, useRef, type ReactNode } from 'react'
import { Group, Panel, Separator, type GroupImperativeHandle } from 'react-resizable-panels'
import styles from './split-pane.module.css'

interface Props {
  /** `horizontal`: side by side; `vertical`: stacked. */
  readonly orientation: 'horizontal' | 'vertical'
  /** The first pane's size in percent. */
  readonly size: number
  /** Called once a resize ends (pointer released, or a key pressed). */
  readonly onSizeChange: (size: number) => void
  /** The separator's accessible name (e.g. "Resize sidebar"). */
  readonly separatorLabel: string
  /** Smallest size of each pane, in pixels. */
  readonly minFirst?: number
  readonly minSecond?: number
  readonly first: ReactNode
  readonly second: ReactNode
  readonly className?: string
}

const FIRST = 'first'
const SECOND = 'second'
/** The finest step of react-resizable-panels' layouts, in percent. */
const LAYOUT_STEP = 0.001

/** A resizable split of two panes. */
export function SplitPane({ orientation, size, onSizeChange, separatorLabel, minFirst = 120, minSecond = 120, first, second, className }: Props): ReactNode {
  const group = useRef<GroupImperativeHandle | null>(null)
  useEffect(() => {
    const current = group.current?.getLayout()[FIRST]
    // The library keeps layouts to thousandths of a percent; a difference of a step or more
    // is a new size (a pane fitted to its content may move by less than a pixel).
    if (current !== undefined && Math.abs(current - size) > LAYOUT_STEP / 2) group.current?.setLayout({ [FIRST]: size, [SECOND]: 100 - size })
  }, [size])
  return (
    <Group
      orientation={orientation}
      groupRef={group}
      defaultLayout={{ [FIRST]: size, [SECOND]: 100 - size }}
      className={className ? `${styles.group} ${className}` : styles.group}
      onLayoutChanged={(layout, meta) => {
        const next = meta.requestedLayout?.[FIRST] ?? layout[FIRST]
        if (meta.isUserInteraction && next !== undefined) onSizeChange(next)
      }}
    >
      <Panel id={FIRST} minSize={minFirst} className={styles.pane}>
        {first}
      </Panel>
      <Separator aria-label={separatorLabel} className={orientation === 'horizontal' ? styles.columnSeparator : styles.rowSeparator} />
      <Panel id={SECOND} minSize={minSecond} className={styles.pane}>
        {second}
      </Panel>
    </Group>
  )
}
