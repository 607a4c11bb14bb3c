/**
 * Where the new table's rows come from: none (an empty table from the schema builder),
 * pasted text (CSV, a JSON array or NDJSON), or a file (those, or Arrow IPC).
 */
import { useId, useState, type ReactNode } from 'react'
import type { LoadedFile } from '@shared/formats/source-preview'
import { loadFile } from './load-file'
import type { SourceFormat } from '@shared/formats/source-types'
import styles from './create-table.module.css'
import { Select } from '../../ui/select'

/** The kinds of source. */
export type SourceKind = 'schema' | 'paste' | 'file'

/** What the person has given so far. */
export interface SourceInput {
  readonly kind: SourceKind
  readonly text: string
  readonly format: SourceFormat | 'auto'
  readonly file: LoadedFile | null
}

/** Nothing yet: an empty table. */
export const EMPTY_SOURCE: SourceInput = { kind: 'schema', text: '', format: 'auto', file: null }

const KINDS: readonly (readonly [SourceKind, string])[] = [
  ['schema', 'Empty table (define the schema)'],
  ['paste', 'Paste rows'],
  ['file', 'Import a file']
]

interface Props {
  readonly input: SourceInput
  readonly onChange: (input: SourceInput) => void
  readonly disabled: boolean
}

/** The source choice and its inputs. */
export function SourceSection({ input, onChange, disabled }: Props): ReactNode {
  const ids = { format: useId(), pasted: useId(), file: useId() }
  const [loading, setLoading] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const choose = async (file: File | undefined): Promise<void> => {
    setFileError(null)
    if (!file) return onChange({ ...input, file: null })
    setLoading(file.name)
    try {
      onChange({ ...input, file: await loadFile(file) })
    } catch (error) {
      onChange({ ...input, file: null })
      setFileError(`${file.name} cannot be read: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setLoading(null)
    }
  }
  return (
    <fieldset className={styles.sourceSection} disabled={disabled}>
      <legend>Source</legend>
      <div className={styles.sourceKinds}>
        {KINDS.map(([kind, label]) => (
          <label key={kind}>
            <input type="radio" name="table-source" value={kind} checked={input.kind === kind} onChange={() => onChange({ ...input, kind })} />
            {label}
          </label>
        ))}
      </div>
      {input.kind === 'paste' && (
        <>
          <div className="field">
            <label htmlFor={ids.format}>Format</label>
            <Select id={ids.format} value={input.format} onChange={(event) => onChange({ ...input, format: event.target.value as SourceFormat | 'auto' })}>
              <option value="auto">Detect (CSV, JSON array or NDJSON)</option>
              <option value="csv">CSV (first line names the columns)</option>
              <option value="json">JSON array of objects</option>
              <option value="ndjson">NDJSON (one object per line)</option>
            </Select>
          </div>
          <div className="field">
            <label htmlFor={ids.pasted}>Pasted rows</label>
            <textarea
              id={ids.pasted}
              rows={8}
              spellCheck={false}
              className={styles.pasteArea}
              placeholder={'id,name,score\n1,alpha,0.5'}
              value={input.text}
              onChange={(event) => onChange({ ...input, text: event.target.value })}
            />
          </div>
        </>
      )}
      {input.kind === 'file' && (
        <>
          <div className="field">
            <label htmlFor={ids.file}>File to import</label>
            <input
              id={ids.file}
              type="file"
              accept=".csv,.tsv,.txt,.json,.ndjson,.jsonl,.arrow,.arrows,.ipc,.feather,.parquet,.pq"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </div>
          <p className="muted">CSV, JSON array, NDJSON, Arrow IPC (file or stream) or Parquet.</p>
          {loading && <p className="muted">Reading {loading}…</p>}
          {fileError && (
            <p role="alert" className="error-alert">
              {fileError}
            </p>
          )}
          {input.file && (
            <p className="muted">
              {input.file.name}: {input.file.format === 'arrow' ? 'Arrow IPC' : input.file.format === 'parquet' ? 'Parquet' : input.file.format.toUpperCase()},{' '}
              {input.file.size.toLocaleString('en-US')} bytes
            </p>
          )}
        </>
      )}
    </fieldset>
  )
}
