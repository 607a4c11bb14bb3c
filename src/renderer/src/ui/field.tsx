/**
 * A labelled form field whose problem is shown right below it and announced with it:
 * the input points at the message with aria-describedby and is marked aria-invalid.
 */
import { useId, type ReactNode } from 'react'

interface Props {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error?: string | undefined
  readonly hint?: ReactNode
  readonly type?: 'text' | 'password'
  readonly placeholder?: string
  readonly onBlur?: () => void
  readonly autoFocus?: boolean
  /** Extra content under the field, e.g. an action that fixes the problem. */
  readonly children?: ReactNode
}

/** A text input with its label, hint and inline problem message. */
export function Field({ label, value, onChange, error, hint, type = 'text', placeholder, onBlur, autoFocus, children }: Props): ReactNode {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-problem` : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...{ id, type, value, placeholder, autoFocus }}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint muted">
          {hint}
        </p>
      )}
      {children}
      {/* Announced as it changes, so a rule broken while typing is heard, not only seen. */}
      <p id={`${id}-problem`} className="field-problem" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  )
}
