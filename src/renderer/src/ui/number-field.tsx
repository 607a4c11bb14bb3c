/**
 * The kit's number field: a whole number typed as text (so a half-typed value stays as
 * typed), with its label, its range, a problem said below it (or beside it, in a
 * toolbar) and announced, and the arrow keys stepping it within its range (Shift or
 * Page Up/Down by ten). Every number a person enters goes through it.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from './class-names'
import { parseWhole, stepWhole, wholeProblem, type WholeBounds } from './whole-number'
import styles from './number-field.module.css'

interface Props extends WholeBounds {
  readonly label: string
  /** The text as typed. */
  readonly value: string
  readonly onChange: (text: string) => void
  readonly hint?: ReactNode
  /** A problem from the form; otherwise the field names a value outside its range itself. */
  readonly error?: string | undefined
  readonly placeholder?: string
  readonly title?: string
  readonly autoFocus?: boolean
  /**
   * `stacked` (a form): label above, problem below; `inline` (a toolbar): label, box and
   * problem on one line; `bare` (a row of an editor): the label is the box's accessible
   * name only.
   */
  readonly layout?: 'stacked' | 'inline' | 'bare'
}

/** A labelled whole-number input. */
export function NumberField(props: Props): ReactNode {
  const { label, value, onChange, hint, error, placeholder, title, autoFocus, layout = 'stacked' } = props
  const id = useId()
  const problem = error ?? wholeProblem(value, props)
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ')
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const size = event.shiftKey || event.key.startsWith('Page') ? 10 : 1
    const delta = { ArrowUp: size, PageUp: size, ArrowDown: -size, PageDown: -size }[event.key]
    if (delta === undefined || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    onChange(stepWhole(value, delta, props))
  }
  const input = (
    <input
      id={id}
      className={cx(styles.input, layout !== 'stacked' && styles.narrow)}
      type="text"
      inputMode="numeric"
      role="spinbutton"
      aria-valuemin={props.min}
      aria-valuemax={props.max}
      aria-valuenow={parseWhole(value, props) ?? undefined}
      aria-label={layout === 'bare' ? label : undefined}
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy || undefined}
      value={value}
      placeholder={placeholder ?? (props.optional ? 'default' : undefined)}
      title={title}
      autoFocus={autoFocus}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
    />
  )
  return (
    <div className={cx('field', layout !== 'stacked' && 'field-inline', layout === 'inline' && 'field-toolbar')}>
      {layout !== 'bare' && <label htmlFor={id}>{label}</label>}
      {input}
      {hint && (
        <p id={`${id}-hint`} className="field-hint muted">
          {hint}
        </p>
      )}
      <p id={`${id}-problem`} className="field-problem" aria-live="polite">
        {problem ?? ''}
      </p>
    </div>
  )
}

/**
 * The draft text of a number field whose owner keeps a number: the text stays as typed,
 * and `onValue` gets the number once it is one the field takes (null when empty is
 * allowed), or undefined while it is not. A new value from outside replaces the text.
 */
export function useNumberDraft(
  value: number | null,
  bounds: WholeBounds,
  onValue: (value: number | null | undefined) => void
): { readonly text: string; readonly onChange: (text: string) => void } {
  const shown = (n: number | null): string => (n === null || !Number.isFinite(n) ? '' : String(n))
  const [text, setText] = useState(() => shown(value))
  const [seen, setSeen] = useState(value)
  if (!Object.is(seen, value)) {
    setSeen(value)
    const typed = parseWhole(text, bounds)
    const same = typed === undefined ? value === null || !Number.isFinite(value) : typed === value
    if (!same) setText(shown(value))
  }
  return {
    text,
    onChange: (next) => {
      setText(next)
      onValue(parseWhole(next, bounds))
    }
  }
}
