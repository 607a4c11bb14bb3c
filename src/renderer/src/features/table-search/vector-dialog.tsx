/**
 * "Search by vector": a query vector pasted as JSON, checked against the column's
 * dimension before it is sent. A bad vector keeps the dialog open with the text as typed
 * and says what is wrong; a good one starts the search.
 */
import { useId, useState, type ReactNode } from 'react'
import type { VectorColumnInfo } from '@shared/search-types'
import { Dialog } from '../../ui/dialog'
import { Select } from '../../ui/select'
import { parseQueryVector } from './query-vector'
import styles from './search.module.css'

interface Props {
  readonly columns: readonly VectorColumnInfo[]
  readonly initialColumn: VectorColumnInfo
  readonly onSearch: (column: VectorColumnInfo, vector: number[]) => void
  readonly onClose: () => void
}

/** The dialog. */
export function VectorDialog({ columns, initialColumn, onSearch, onClose }: Props): ReactNode {
  const [column, setColumn] = useState(initialColumn)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const textId = useId()
  const problemId = useId()
  const hintId = useId()
  const submit = (): void => {
    const parsed = parseQueryVector(text, column.name, column.dimension)
    if (!parsed.ok) return setProblem(parsed.error)
    onSearch(column, parsed.vector)
    onClose()
  }
  return (
    <Dialog title="Search by vector" onClose={onClose} onSubmit={submit} footer={{ submitLabel: 'Search' }}>
      {columns.length > 1 && (
        <label className={styles.dialogField}>
          Vector column
          <Select value={column.name} onChange={(event) => setColumn(columns.find((c) => c.name === event.target.value) ?? column)}>
            {columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name} ({c.dimension} values)
              </option>
            ))}
          </Select>
        </label>
      )}
      <div className={styles.dialogField}>
        <label htmlFor={textId}>Query vector (JSON)</label>
        <p id={hintId} className="muted">
          A JSON array of {column.dimension} numbers for column “{column.name}”.
        </p>
        <textarea
          id={textId}
          className={styles.vectorText}
          value={text}
          autoFocus
          spellCheck={false}
          placeholder="[0.12, -0.5, …]"
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          onChange={(event) => {
            setText(event.target.value)
            setProblem(null)
          }}
        />
        {problem && (
          <p id={problemId} role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  )
}
