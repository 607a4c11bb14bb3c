/**
 * Builds the Arrow IPC stream to send: rows are read, converted to the schema and turned
 * into record batches a chunk at a time, yielding to the event loop between chunks so
 * the dialog can show progress and a cancel can stop the work before anything is sent.
 */
import { RecordBatch, Struct, Table, makeData, tableToIPC } from 'apache-arrow'
import { columnData } from './arrow-columns'
import { ConversionError, convertField } from './convert'
import { arrowSchema, type FieldSpec } from './schema-spec'
import type { RowReader, SourceRow } from './source-types'

/** A value that does not fit its field, at its line (or row) and field. */
export class RowError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    readonly unit: 'line' | 'row',
    reason: string
  ) {
    super(`${unit === 'line' ? 'Line' : 'Row'} ${line}, field "${field}": ${reason}.`)
    this.name = 'RowError'
  }
}

/** How a build reports progress and learns it was cancelled. */
export interface BuildOptions {
  readonly signal?: AbortSignal
  /** Called after each chunk with the fraction read (0 to 1) and the rows so far. */
  readonly onProgress?: (fraction: number, rows: number) => void
  /** Rows per record batch and per slice of work between yields. */
  readonly chunkRows?: number
}

/** Converts rows to column arrays for `fields`; throws a RowError for the first misfit. */
export function convertRows(rows: readonly SourceRow[], fields: readonly FieldSpec[], textual: boolean, unit: 'line' | 'row'): unknown[][] {
  const columns = fields.map(() => new Array<unknown>(rows.length))
  rows.forEach((row, r) => {
    fields.forEach((field, c) => {
      try {
        ;(columns[c] as unknown[])[r] = convertField(row.values[field.name], field, textual)
      } catch (error) {
        if (error instanceof ConversionError) throw new RowError(row.line, field.name, unit, error.message)
        throw error
      }
    })
  })
  return columns
}

/** One record batch of converted columns. */
export function recordBatch(fields: readonly FieldSpec[], columns: readonly unknown[][], length: number): RecordBatch {
  const schema = arrowSchema(fields)
  const children = fields.map((field, c) => columnData(field.type, columns[c] ?? []))
  return new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length, nullCount: 0, children }))
}

/** Reads every row, converts and encodes it; an abort rejects with an AbortError. */
export async function buildArrowStream(reader: RowReader, fields: readonly FieldSpec[], options: BuildOptions = {}): Promise<Uint8Array> {
  const chunkRows = options.chunkRows ?? 5000
  const batches: RecordBatch[] = []
  let total = 0
  for (;;) {
    throwIfAborted(options.signal)
    const rows = reader.read(chunkRows)
    if (rows.length === 0) break
    batches.push(recordBatch(fields, convertRows(rows, fields, reader.textual, reader.unit), rows.length))
    total += rows.length
    options.onProgress?.(reader.progress, total)
    await nextTask()
  }
  throwIfAborted(options.signal)
  const schema = arrowSchema(fields)
  // With no rows the stream is the schema alone; main adds an empty batch where needed.
  return tableToIPC(batches.length > 0 ? new Table(batches) : new Table(schema), 'stream')
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('The import was cancelled.', 'AbortError')
}

/** Resolves on a later task, so rendering and input get a turn between chunks. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
