/**
 * The head of a record table: one row of column headings, each a `<th scope="col">`, so
 * the app's tables name their columns one way for screen readers and styles alike.
 */
import type { ReactNode } from 'react'

/** A column's heading: its text, or its content with a class for the heading cell (a numeric column's alignment). */
export type ColumnHeading = string | { readonly label: ReactNode; readonly className?: string }

interface Props {
  /** The headings in column order; `false` leaves out a column shown only sometimes. */
  readonly columns: readonly (ColumnHeading | false)[]
}

/** The `<thead>` of a table. */
export function ColumnHeads({ columns }: Props): ReactNode {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => {
          if (column === false) return null
          const { label, className } = typeof column === 'string' ? { label: column, className: undefined } : column
          return (
            <th key={i} scope="col" className={className}>
              {label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
