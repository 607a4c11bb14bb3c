/**
 * The editor over one grid cell. It types the value as text, checked as it is typed by the
 * column's rule (a message under it says what does not fit); vectors, lists and structs are
 * typed as JSON in a larger box. Enter keeps the value (Shift+Enter breaks a line in the
 * larger box), Tab keeps it and moves right, Escape cancels this cell only, Shift+Delete or
 * the Null button sets null, Ctrl+S keeps it and commits. A value that does not fit is kept too, marked on its cell, and
 * blocks Commit until it is fixed.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { Field } from 'apache-arrow'
import { editedAsJson, valueProblem } from './cell-text'
import type { CellText } from './staged-edits'
import styles from './table-edits.module.css'

/** Where the grid goes after a value is kept. */
export type AfterEdit = 'stay' | 'right'

interface Props {
  readonly field: Field
  /** The cell's value when editing starts (staged or original). */
  readonly value: CellText
  /** Text that replaces the value (editing started by typing a character); absent to edit the value. */
  readonly typed?: string | undefined
  /** Select the whole value (Enter, a double-click) rather than put the caret after it (F2). */
  readonly selectAll?: boolean
  /** Width of the cell, so the editor covers it. */
  readonly width: number
  readonly onKeep: (value: CellText, after: AfterEdit) => void
  readonly onCancel: () => void
}

/** An in-place cell editor. */
export function CellEditor({ field, value, typed, selectAll = true, width, onKeep, onCancel }: Props): ReactNode {
  const [text, setText] = useState(typed ?? value ?? '')
  const [isNull, setIsNull] = useState(typed === undefined && value === null)
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const messageId = useId()
  const large = editedAsJson(field) || text.includes('\n')
  const current: CellText = isNull ? null : text
  const problem = valueProblem(field, current)
  // Kept once: a blur after Enter or Escape must not keep a second time.
  const done = useRef(false)
  const finish = (run: () => void): void => {
    if (done.current) return
    done.current = true
    run()
  }
  useEffect(() => {
    const input = ref.current
    if (!input) return
    input.focus()
    if (typed === undefined && selectAll) input.select()
    else input.setSelectionRange(input.value.length, input.value.length)
  }, [typed, selectAll])

  const onKeyDown = (event: KeyboardEvent): void => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
      // Commit (Ctrl+S) keeps this value first; the key goes on to the data tab, which commits.
      finish(() => onKeep(current, 'stay'))
      return
    }
    // The grid's keys (arrows, Home, End, Delete) are the editor's while it is open.
    event.stopPropagation()
    if (event.key === 'Escape') {
      event.preventDefault()
      finish(onCancel)
    } else if (event.key === 'Enter' && !(large && event.shiftKey)) {
      event.preventDefault()
      finish(() => onKeep(current, 'stay'))
    } else if (event.key === 'Tab' && !event.shiftKey) {
      event.preventDefault()
      finish(() => onKeep(current, 'right'))
    } else if (event.key === 'Delete' && event.shiftKey) {
      event.preventDefault()
      finish(() => onKeep(null, 'stay'))
    }
  }
  const common = {
    'aria-label': `Edit ${field.name}`,
    'aria-invalid': problem !== null,
    'aria-describedby': messageId,
    className: styles.editorInput,
    value: isNull ? '' : text,
    placeholder: isNull ? 'null' : '',
    onChange: (event: { target: { value: string } }) => {
      setIsNull(false)
      setText(event.target.value)
    },
    onKeyDown,
    onBlur: () => finish(() => onKeep(current, 'stay'))
  }
  return (
    <div
      className={styles.editor}
      style={{ minWidth: `${width}px` }}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {large ? <textarea ref={ref} rows={4} {...common} /> : <input ref={ref} spellCheck={false} {...common} />}
      <div className={styles.editorBar}>
        <span id={messageId} className={problem ? styles.editorProblem : styles.editorHint} role={problem ? 'alert' : undefined}>
          {problem ?? (isNull ? 'null' : `${String(field.type)}${field.nullable ? '' : ', not null'}`)}
        </span>
        {field.nullable && (
          <button
            type="button"
            className={styles.editorNull}
            title="Set null (Shift+Delete)"
            // Keep focus in the input: a blur would keep the text first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => finish(() => onKeep(null, 'stay'))}
          >
            Null
          </button>
        )}
      </div>
    </div>
  )
}
