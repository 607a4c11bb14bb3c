/**
 * One saved profile in the connection list: its name opens it; a "more" button beside it
 * opens a menu of its actions (test, edit, duplicate, move up/down, copy as code, delete).
 * Focus goes back to that button when the menu closes, so a dialog an action opens
 * returns focus there too.
 */
import { useState, type ReactNode } from 'react'
import { MoreHorizontal } from 'lucide-react'
import type { ProfileView } from '@shared/profile-types'
import { Menu, type MenuItem } from '../../ui/menu'
import { ConnectionButton, KIND_LABELS } from '../../ui/connection-button'
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

/** A profile row with its actions menu. */
export function ProfileItem({ profile, selected, first, last, onAction }: Props): ReactNode {
  const missing = Object.entries(profile.hasSecret)
    .filter(([, has]) => !has)
    .map(([header]) => header)
  const target = profile.properties['root'] ?? profile.properties['uri'] ?? ''
  // The menu opens under the button that opened it, and gives focus back to it.
  const [menuAt, setMenuAt] = useState<{ x: number; y: number; trigger: HTMLElement } | null>(null)
  const close = (): void => {
    menuAt?.trigger.focus()
    setMenuAt(null)
  }
  const choose = (action: ProfileAction): void => {
    close()
    onAction(action)
  }
  const entries: readonly (readonly [string, ProfileAction, Partial<MenuItem>])[] = [
    ['Test connection', 'test', {}],
    ['Edit', 'edit', {}],
    ['Duplicate', 'duplicate', {}],
    ['Copy as code', 'code', {}],
    ['Move up', 'up', { separated: true, ...(first ? { disabledReason: 'already first' } : {}) }],
    ['Move down', 'down', last ? { disabledReason: 'already last' } : {}],
    ['Delete', 'delete', { separated: true, danger: true }]
  ]
  const items: MenuItem[] = entries.map(([label, action, extra]) => ({ label, run: () => choose(action), ...extra }))
  return (
    <li className={styles.profileItem} data-profile-id={profile.id}>
      <div className={styles.profileRow}>
        {/* The whole name in the tooltip too: a long one is cut, and its copy's " (copy)" with it. */}
        <ConnectionButton
          kind={KIND_LABELS[profile.kind]}
          kindHidden
          name={profile.name}
          current={selected}
          title={`${profile.name}\n${target}`}
          onClick={() => onAction('open')}
        />
        {/* A native title, not the kit's tooltip: a tooltip laid out below the last row
            would make the list's scroll box grow and shift under the pointer. */}
        <button
          type="button"
          className={styles.moreButton}
          aria-label={`Actions for ${profile.name}`}
          title={`Actions for ${profile.name}`}
          aria-haspopup="menu"
          aria-expanded={menuAt !== null}
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect()
            setMenuAt({ x: box.left, y: box.bottom + 2, trigger: event.currentTarget })
          }}
        >
          <MoreHorizontal aria-hidden size={16} />
        </button>
      </div>
      {missing.length > 0 && <p className={styles.profileWarning}>Needs a value for {missing.join(', ')}: edit the profile to enter it.</p>}
      {menuAt && <Menu label={`Actions for ${profile.name}`} items={items} x={menuAt.x} y={menuAt.y} onClose={close} />}
    </li>
  )
}
