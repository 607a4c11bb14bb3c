/**
 * One saved profile in the sidebar: its name opens it; below, its actions (test, edit,
 * duplicate, move up/down, copy as code, delete) as plain buttons, so each is reachable
 * with Tab and named for screen readers.
 */
import type { ReactNode } from 'react'
import type { ProfileView } from '@shared/profile-types'
import { ConnectionButton } from '../../ui/connection-button'
import styles from './profiles.module.css'

/** What a profile row can ask the panel to do. */
export type ProfileAction = 'open' | 'test' | 'edit' | 'duplicate' | 'up' | 'down' | 'code' | 'delete'

interface Props {
  readonly profile: ProfileView
  readonly selected: boolean
  readonly first: boolean
  readonly last: boolean
  readonly onAction: (action: ProfileAction) => void
}

const KIND_LABELS = { dir: 'DIR', rest: 'REST', enterprise: 'ENT' } as const

/** A profile row with its actions. */
export function ProfileItem({ profile, selected, first, last, onAction }: Props): ReactNode {
  const missing = Object.entries(profile.hasSecret).filter(([, has]) => !has).map(([header]) => header)
  const target = profile.properties['root'] ?? profile.properties['uri'] ?? ''
  return (
    <li className={styles.profileItem} data-profile-id={profile.id}>
      <ConnectionButton kind={KIND_LABELS[profile.kind]} kindHidden name={profile.name} current={selected} title={target} onClick={() => onAction('open')} />
      {missing.length > 0 && <p className={styles.profileWarning}>Needs a value for {missing.join(', ')}: edit the profile to enter it.</p>}
      <div role="group" aria-label={`Actions for ${profile.name}`} className={styles.profileActions}>
        <button type="button" onClick={() => onAction('test')}>
          Test connection
        </button>
        <button type="button" onClick={() => onAction('edit')}>
          Edit
        </button>
        <button type="button" onClick={() => onAction('duplicate')}>
          Duplicate
        </button>
        <button type="button" aria-label="Move up" title="Move up" disabled={first} onClick={() => onAction('up')}>
          ↑
        </button>
        <button type="button" aria-label="Move down" title="Move down" disabled={last} onClick={() => onAction('down')}>
          ↓
        </button>
        <button type="button" onClick={() => onAction('code')}>
          Copy as code
        </button>
        <button type="button" onClick={() => onAction('delete')}>
          Delete
        </button>
      </div>
    </li>
  )
}
