/**
 * The data a create-table dialog was given (pasted text or a file), read far enough to
 * infer a schema and show the first rows, plus a way to read all of it for the import.
 */
import type { Table } from 'apache-arrow'
import { arrowReader, specsFromArrow } from './arrow-rows'
import { inferSchema } from './infer'
import { detectTextFormat, textReader } from './row-source'
import type { FieldSpec } from './schema-spec'
import { SourceError, type RowReader, type SourceFormat, type SourceRow, type TextFormat } from './source-types'
import { parquetReader, type ParquetRows } from './parquet-rows'

/** Rows read up front to infer the schema. */
const INFERENCE_ROWS = 1000

/** A file the person chose, read into memory. */
export type LoadedFile =
  | { readonly name: string; readonly size: number; readonly format: TextFormat; readonly text: string }
  | { readonly name: string; readonly size: number; readonly format: 'arrow'; readonly table: Table }
  | { readonly name: string; readonly size: number; readonly format: 'parquet'; readonly parquet: ParquetRows }

/** What the dialog knows about its data before importing it. */
export interface SourcePreview {
  readonly format: SourceFormat
  readonly columns: readonly string[]
  /** The first rows (up to INFERENCE_ROWS). */
  readonly sample: readonly SourceRow[]
  readonly inferred: readonly FieldSpec[]
  readonly textual: boolean
  readonly unit: 'line' | 'row'
  /** A fresh reader over every row. */
  readonly open: () => RowReader
  /** The decoded table, for an Arrow file (sent unchanged when its schema is kept). */
  readonly arrow?: Table
}

/** Previews pasted text in a format, or guessed from its first character with 'auto'. */
export function previewText(text: string, format: SourceFormat | 'auto'): SourcePreview {
  if (format === 'arrow' || format === 'parquet')
    throw new SourceError(`${format === 'arrow' ? 'Arrow' : 'Parquet'} data cannot be pasted; import the file instead.`)
  const resolved = format === 'auto' ? detectTextFormat(text) : format
  if (text.trim() === '') throw new SourceError('Paste some rows first.')
  const open = (): RowReader => textReader(resolved, text)
  const reader = open()
  const sample = reader.read(INFERENCE_ROWS)
  return {
    format: resolved,
    columns: reader.columns,
    sample,
    inferred: inferSchema(sample, reader.columns, reader.textual),
    textual: reader.textual,
    unit: reader.unit,
    open
  }
}

/** Previews a loaded file. */
export function previewFile(file: LoadedFile): SourcePreview {
  if (file.format === 'parquet') return previewParquet(file.parquet)
  if (file.format !== 'arrow') return previewText(file.text, file.format)
  const { table } = file
  const sample = arrowReader(table).read(INFERENCE_ROWS)
  return {
    format: 'arrow',
    columns: table.schema.fields.map((field) => field.name),
    sample,
    inferred: specsFromArrow(table),
    textual: false,
    unit: 'row',
    open: () => arrowReader(table),
    arrow: table
  }
}

/** A timestamp field made zone-less (its values are wall-clock times); other fields unchanged. */
function withoutZone(field: FieldSpec): FieldSpec {
  if (field.type.kind !== 'scalar' || field.type.type !== 'timestamp') return field
  const { zone: _zone, ...rest } = field.type
  return { ...field, type: rest }
}

function previewParquet(parquet: ParquetRows): SourcePreview {
  const sample = parquetReader(parquet).read(INFERENCE_ROWS)
  return {
    format: 'parquet',
    columns: parquet.columns,
    sample,
    inferred: inferSchema(sample, parquet.columns, false).map((field) => (parquet.zoneless?.includes(field.name) ? withoutZone(field) : field)),
    textual: false,
    unit: 'row',
    open: () => parquetReader(parquet)
  }
}
