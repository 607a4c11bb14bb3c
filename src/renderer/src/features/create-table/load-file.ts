/** A file the person chose, read into memory as its format needs (bytes or text). */
import { MAX_IMPORT_FILE_BYTES } from '@shared/arrow-bounds'
import { readArrowTable } from '@shared/formats/arrow-rows'
import { readParquetRows } from '@shared/formats/parquet-rows'
import { detectFileFormat } from '@shared/formats/row-source'
import type { LoadedFile } from '@shared/formats/source-preview'
import { SourceError } from '@shared/formats/source-types'

/** Reads a chosen file: Arrow as bytes (either framing), the text formats as text. */
export async function loadFile(file: File): Promise<LoadedFile> {
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    throw new SourceError(
      `${file.name} has ${file.size.toLocaleString('en')} bytes; at most ${MAX_IMPORT_FILE_BYTES.toLocaleString('en')} bytes can be imported at once. Split it into smaller files.`
    )
  }
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer())
  const format = detectFileFormat(file.name, head)
  if (format === 'arrow') return { name: file.name, size: file.size, format, table: readArrowTable(new Uint8Array(await file.arrayBuffer())) }
  if (format === 'parquet') return { name: file.name, size: file.size, format, parquet: await readParquetRows(await file.arrayBuffer()) }
  return { name: file.name, size: file.size, format, text: await file.text() }
}
