/**
 * A small whole-number option (k, nprobes, refine factor): the typed text is kept as it
 * is, and only a valid number is applied, so a half-typed value never reaches a search;
 * an invalid one is marked and says what is allowed.
 */
import { useId, useState, type ReactNode } from 'react'
import styles from './search.module.css'

interface Props {
  readonly label: string
  readonly value: number | null
  readonly min: number
  readonly max: number
  /** Empty text means null (the engine's default). */
  readonly optional?: boolean
  readonly onChange: (value: number | null) => void
}

/** A labelled whole-number input. */
export function NumberOption({ label, value, min, max, optional, onChange }: Props): ReactNode {
  const [draft, setDraft] = useState(value === null ? '' : String(value))
  const problemId = useId()
  const parse = (text: string): number | null | undefined => {
    if (text.trim() === '') return optional ? null : undefined
    const number = Number(text)
    return Number.isInteger(number) && number >= min && number <= max ? number : undefined
  }
  const invalid = parse(draft) === undefined
  return (
    <label className={styles.option}>
      {label}
      <input
        type="text"
        inputMode="numeric"
        value={draft}
        placeholder={optional ? 'default' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? problemId : undefined}
        onChange={(event) => {
          setDraft(event.target.value)
          const parsed = parse(event.target.value)
          if (parsed !== undefined) onChange(parsed)
        }}
      />
      {invalid && (
        <span id={problemId} role="alert" className={styles.inlineProblem}>
          {`${label} must be a whole number from ${min} to ${max}${optional ? ', or empty for the default' : ''}.`}
        </span>
      )}
    </label>
  )
}
