import type { ReactNode } from 'react'
import styles from './connection-button.module.css'

/** The one short badge of each catalog kind, wherever a connection or profile is listed. */
export const KIND_LABELS = { dir: 'DIR', rest: 'REST', enterprise: 'ENT' } as const

interface Props {
  /** The catalog kind's short label (DIR, REST, ENT). */
  readonly kind: string
  /** Leave the kind out of the button's accessible name (it is said elsewhere). */
  readonly kindHidden?: boolean
  readonly name: string
  readonly current: boolean
  /** The catalog's address, shown as a tooltip. */
  readonly title: string
  readonly onClick: () => void
}

/**
 * A button naming a connection or profile with its kind, marked current while its catalog
 * is the one shown. The connection list and the profiles panel both use it, so they look
 * alike without one feature's stylesheet styling the other's markup.
 */
export function ConnectionButton({ kind, kindHidden = false, name, current, title, onClick }: Props): ReactNode {
  return (
    <button type="button" className={styles.connection} aria-current={current ? 'true' : undefined} title={title} onClick={onClick}>
      <span className={styles.type} aria-hidden={kindHidden || undefined}>
        {kind}
      </span>
      <span className={styles.name} data-testid="connection-name">
        {name}
      </span>
    </button>
  )
}
