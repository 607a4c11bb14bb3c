/**
 * Parquet files as a row source, read with hyparquet (the library the app also writes
 * Parquet exports with; chosen by `npm run bench:parquet`). Values come typed: bigints
 * for INT64, numbers, strings, booleans, Dates for dates, timestamps as their stored count
 * of milli-, micro- or nanoseconds (hyparquet's own Dates would cut them to milliseconds),
 * arrays for lists (so fixed-length float lists become vectors), objects for structs.
 */
import { parquetMetadata, parquetReadObjects, type ParquetParsers } from 'hyparquet'
import { TimeCount } from './exact-time'
import { indexedRowReader, SourceError, type RowReader } from './source-types'
import { FILE_IMPORT_BUDGET } from '../arrow-bounds'

/** A Parquet file's column names and rows. */
export interface ParquetRows {
  readonly columns: readonly string[]
  readonly rows: readonly Record<string, unknown>[]
  /** Top-level timestamp columns the file marks as not adjusted to UTC: zone-less wall-clock times. */
  readonly zoneless?: readonly string[]
}

/** True when the bytes start with Parquet's magic number. */
export function looksParquet(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x41 && head[2] === 0x52 && head[3] === 0x31 // "PAR1"
}

/** Reads every row of a Parquet file; a file hyparquet cannot read is refused with its reason. */
export async function readParquetRows(file: ArrayBuffer): Promise<ParquetRows> {
  let metadata: ReturnType<typeof parquetMetadata>
  try {
    metadata = parquetMetadata(file)
  } catch (error) {
    throw new SourceError(`The file is not readable Parquet (${error instanceof Error ? error.message : String(error)}).`)
  }
  // Pages compress well: a 15 KiB file can declare millions of rows. Refuse before reading any.
  const declared = Number(metadata.num_rows)
  if (!(declared <= FILE_IMPORT_BUDGET.maxRows)) {
    throw new SourceError(
      `The file declares ${declared.toLocaleString('en')} rows; at most ${FILE_IMPORT_BUDGET.maxRows.toLocaleString('en')} can be imported at once. Split it into smaller files.`
    )
  }
  try {
    // The top-level columns: the root's direct children, in order.
    const columns: string[] = []
    const zoneless: string[] = []
    let remaining = metadata.schema[0]?.num_children ?? 0
    for (let i = 1; i < metadata.schema.length && remaining > 0;) {
      const element = metadata.schema[i]!
      columns.push(element.name)
      if (element.logical_type?.type === 'TIMESTAMP' && !element.logical_type.isAdjustedToUTC) zoneless.push(element.name)
      remaining--
      i = skipSubtree(metadata.schema, i)
    }
    const rows = await parquetReadObjects({ file, metadata, parsers: EXACT_TIMESTAMPS })
    return { columns, rows, zoneless }
  } catch (error) {
    throw new SourceError(`The file is not readable Parquet (${error instanceof Error ? error.message : String(error)}).`)
  }
}

const EXACT_TIMESTAMPS: Partial<ParquetParsers> = {
  timestampFromMilliseconds: (count) => new TimeCount(BigInt(count), 'ms'),
  timestampFromMicroseconds: (count) => new TimeCount(BigInt(count), 'us'),
  timestampFromNanoseconds: (count) => new TimeCount(BigInt(count), 'ns')
}

/** The index after the element at `i` and all its descendants. */
function skipSubtree(schema: readonly { readonly num_children?: number }[], i: number): number {
  let pending = 1
  let next = i
  while (pending > 0 && next < schema.length) {
    pending += (schema[next]?.num_children ?? 0) - 1
    next++
  }
  return next
}

/** The rows one at a time, numbered from 1. */
export function parquetReader({ columns, rows }: ParquetRows): RowReader {
  return indexedRowReader(columns, rows.length, (row) => rows[row]!)
}
