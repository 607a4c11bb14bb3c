/**
 * What ended a listing early (a repeated page token, a namespace that did not answer in
 * time, a 404), folded under one line so the results stay in view.
 */
import type { ReactNode } from 'react'
import styles from './find.module.css'

/** The notes of the last walk. */
export function FindNotes({ notes }: { readonly notes: readonly string[] }): ReactNode {
  return (
    <details className={styles.notes}>
      <summary>
        {notes.length === 1 ? 'One part of the catalog could not be read fully' : `${notes.length} parts of the catalog could not be read fully`}; results from
        the rest are shown.
      </summary>
      <ul>
        {notes.map((note, i) => (
          <li key={i}>{note}</li>
        ))}
      </ul>
    </details>
  )
}
