/**
 * The first rows of the data as they will be written, and the first value among the
 * read-ahead rows that does not fit the schema (with its line and field), before
 * anything is sent.
 */
import { useMemo, type ReactNode } from 'react'
import { RowError, convertRows } from '@shared/formats/build-table'
import { describe } from '@shared/formats/convert'
import type { FieldSpec } from '@shared/formats/schema-spec'
import type { SourcePreview } from '@shared/formats/source-preview'
import { timeNotes } from './time-notes'
import styles from './create-table.module.css'

/** Rows shown in the preview table. */
const SHOWN_ROWS = 10

/** The preview table and the first problem, if any. */
export function RowsPreview({ source, fields }: { readonly source: SourcePreview; readonly fields: readonly FieldSpec[] }): ReactNode {
  const problem = useMemo(() => {
    try {
      convertRows(source.sample, fields, source.textual, source.unit)
      return null
    } catch (error) {
      return error instanceof RowError ? error : null
    }
  }, [source, fields])
  const notes = useMemo(() => timeNotes(fields, source.sample), [source, fields])
  const rows = source.sample.slice(0, SHOWN_ROWS)
  return (
    <div className={styles.rowsPreview}>
      {notes.length > 0 && (
        <ul aria-label="How times are read" className={styles.timeNotes}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="error-alert">
          {problem.message} Change the field's type or fix the data.
        </p>
      )}
      <div className={styles.previewScroll}>
        <table aria-label="First rows" className={styles.previewTable}>
          <thead>
            <tr>
              <th scope="col">{source.unit === 'line' ? 'Line' : 'Row'}</th>
              {fields.map((field, i) => (
                <th scope="col" key={i}>
                  {field.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line}>
                <td className="muted">{row.line}</td>
                {fields.map((field, i) => (
                  <td key={i}>{show(row.values[field.name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        {source.sample.length > SHOWN_ROWS
          ? `Showing ${SHOWN_ROWS} of the first ${source.sample.length.toLocaleString('en-US')} rows read.`
          : `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}.`}
      </p>
    </div>
  )
}

function show(value: unknown): ReactNode {
  if (value === null || value === undefined) return <span className={styles.previewNull}>null</span>
  if (value === '') return <span className={styles.previewEmpty}>""</span>
  if (typeof value === 'string') return value
  return describe(value)
}
