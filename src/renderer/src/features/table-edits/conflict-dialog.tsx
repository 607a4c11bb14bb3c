/**
 * What a commit found when the table moved since the edits were made: the edited rows
 * that changed elsewhere (changed, deleted, or a new row's key taken). Nothing was written.
 * The person reloads those rows (their edits of them go, the rest stay staged) or keeps
 * theirs (commit again, overwriting exactly those rows); Escape or Cancel keeps every
 * edit staged and commits nothing.
 */
import type { ReactNode } from 'react'
import type { EditConflict } from '@shared/contract/edits'
import type { ExactInt } from '@shared/exact-int'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import styles from './table-edits.module.css'

interface Props {
  readonly table: string
  /** The key column's name. */
  readonly keyColumn: string
  readonly base: ExactInt
  readonly version: ExactInt
  readonly conflicts: readonly EditConflict[]
  readonly pending: boolean
  readonly error: unknown
  readonly onKeepMine: () => void
  readonly onReload: () => void
  readonly onClose: () => void
}

const STATES: Readonly<Record<EditConflict['state'], string>> = {
  changed: 'changed elsewhere',
  deleted: 'deleted elsewhere',
  added: 'added elsewhere with this key'
}

/** The conflict dialog. */
export function ConflictDialog({ table, keyColumn, base, version, conflicts, pending, error, onKeepMine, onReload, onClose }: Props): ReactNode {
  const one = conflicts.length === 1
  return (
    <Dialog
      title="Rows changed elsewhere"
      onClose={onClose}
      onSubmit={onKeepMine}
      footer={{
        submitLabel: pending ? 'Committing…' : 'Keep mine and commit',
        submitVariant: 'danger',
        busy: pending,
        extra: (
          <Button onClick={onReload} disabled={pending}>
            Reload {one ? 'that row' : 'those rows'}
          </Button>
        )
      }}
    >
      <p>
        {table} moved from version {base} to {version} since the edits were made, and {conflicts.length} of the edited {one ? 'row' : 'rows'} changed there.
        Nothing was committed.
      </p>
      <ul className={styles.conflicts} aria-label="Rows changed elsewhere">
        {conflicts.map((conflict) => (
          <li key={`${conflict.state}:${conflict.key}`}>
            {keyColumn} = {conflict.key}: {STATES[conflict.state]}
          </li>
        ))}
      </ul>
      <p>
        Reload drops your edits of {one ? 'that row' : 'those rows'} and keeps the rest staged. Keep mine commits every edit, writing over what changed
        elsewhere in {one ? 'that row' : 'those rows'} only.
      </p>
      {error !== null && error !== undefined && <ErrorAlert error={error} />}
    </Dialog>
  )
}
