/**
 * What every reader of pasted or imported data produces: rows with the line (or Arrow row
 * number) they came from, read a chunk at a time.
 */

/** The formats the dialog reads. */
export type SourceFormat = 'csv' | 'json' | 'ndjson' | 'arrow' | 'parquet'

/** The formats read as text (and that can be pasted). */
export type TextFormat = Exclude<SourceFormat, 'arrow' | 'parquet'>

/** One row: its values by column name, and where it came from. */
export interface SourceRow {
  readonly line: number
  readonly values: Readonly<Record<string, unknown>>
}

/** Rows read a chunk at a time, so long imports can yield and report progress. */
export interface RowReader {
  /** Column names in order; for JSON, the keys seen in the rows read so far. */
  readonly columns: readonly string[]
  /** True when values are text still to be parsed (CSV); JSON and Arrow values are typed. */
  readonly textual: boolean
  /** What `SourceRow.line` counts: lines of text, or rows of an Arrow table. */
  readonly unit: 'line' | 'row'
  /** From 0 to 1. */
  readonly progress: number
  /** Up to `max` rows; an empty array once the data is exhausted. */
  read(max: number): SourceRow[]
}

/** A reader over `total` typed rows already in memory, each made by `rowAt(i)` and numbered from 1. */
export function indexedRowReader(columns: readonly string[], total: number, rowAt: (index: number) => Record<string, unknown>): RowReader {
  let next = 0
  return {
    columns,
    textual: false,
    unit: 'row',
    get progress() {
      return total === 0 ? 1 : next / total
    },
    read(max) {
      const rows: SourceRow[] = []
      for (; rows.length < max && next < total; next++) rows.push({ line: next + 1, values: rowAt(next) })
      return rows
    }
  }
}

/** A problem with the data as a whole or with one row, at a line. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly line?: number
  ) {
    super(message)
    this.name = 'SourceError'
  }
}
