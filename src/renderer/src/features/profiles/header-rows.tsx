/**
 * The editor's HTTP header rows: name, value, a "Secret" checkbox (always on for
 * Authorization and x-api-key), and remove. A secret row that has a stored value shows
 * its mask as a placeholder; leaving the value empty keeps it.
 */
import { X } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { isSecretHeader } from '@shared/connection-policy'
import type { FieldErrors } from '@shared/profile-validation'
import { IconButton } from '../../ui/button'
import { emptyRow, type HeaderRow } from './editor-form'
import styles from './profiles.module.css'
import { cx } from '../../ui/class-names'

interface Props {
  readonly rows: readonly HeaderRow[]
  readonly onChange: (rows: readonly HeaderRow[]) => void
  /** Errors keyed `row:<key>:name` / `row:<key>:value`, already filtered to what should show. */
  readonly errors: FieldErrors
  readonly listError?: string | undefined
  /** The legend is for assistive technology only (a disclosure's summary already says it). */
  readonly hideLegend?: boolean
}

/** Editable header rows with add and remove. */
export function HeaderRows({ rows, onChange, errors, listError, hideLegend }: Props): ReactNode {
  const update = (key: number, change: Partial<HeaderRow>): void => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)))
  return (
    <fieldset className={cx(styles.headerRows, hideLegend && styles.bareFieldset)}>
      <legend className={cx(hideLegend && 'visually-hidden')}>Headers</legend>
      {rows.length === 0 && <p className="muted">No extra headers.</p>}
      {rows.map((row, i) => (
        <Row
          key={row.key}
          row={row}
          position={i + 1}
          nameError={errors[`row:${row.key}:name`]}
          valueError={errors[`row:${row.key}:value`]}
          onChange={(change) => update(row.key, change)}
          onRemove={() => onChange(rows.filter((r) => r.key !== row.key))}
        />
      ))}
      {listError && <p className="field-problem">{listError}</p>}
      <button type="button" onClick={() => onChange([...rows, emptyRow()])}>
        Add header
      </button>
    </fieldset>
  )
}

interface RowProps {
  readonly row: HeaderRow
  readonly position: number
  readonly nameError: string | undefined
  readonly valueError: string | undefined
  readonly onChange: (change: Partial<HeaderRow>) => void
  readonly onRemove: () => void
}

function Row({ row, position, nameError, valueError, onChange, onRemove }: RowProps): ReactNode {
  const id = useId()
  const alwaysSecret = isSecretHeader(row.name.trim())
  const secret = row.secret || alwaysSecret
  return (
    <div className={styles.headerRow} role="group" aria-label={`Header ${position}`}>
      <input
        aria-label="Header name"
        placeholder="Name"
        value={row.name}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={nameError ? true : undefined}
        aria-describedby={nameError ? `${id}-name` : undefined}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <input
        aria-label="Header value"
        type={secret ? 'password' : 'text'}
        placeholder={row.stored ? `${row.stored} (stored; leave empty to keep)` : 'Value'}
        value={row.value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={valueError ? true : undefined}
        aria-describedby={valueError ? `${id}-value` : undefined}
        onChange={(event) => onChange({ value: event.target.value })}
      />
      <label className={styles.secretToggle} title={alwaysSecret ? 'This header is always kept secret.' : undefined}>
        <input type="checkbox" checked={secret} disabled={alwaysSecret} onChange={(event) => onChange({ secret: event.target.checked })} /> Secret
      </label>
      <IconButton icon={X} label={`Remove header ${position}`} size="sm" onClick={onRemove} />
      {nameError && (
        <p id={`${id}-name`} className={cx('field-problem', styles.headerProblem)}>
          {nameError}
        </p>
      )}
      {valueError && (
        <p id={`${id}-value`} className={cx('field-problem', styles.headerProblem)}>
          {valueError}
        </p>
      )}
    </div>
  )
}
