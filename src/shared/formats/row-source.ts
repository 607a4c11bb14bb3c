/**
 * Pasted or imported data as a stream of rows, whatever the format: each row carries the
 * line (or, for Arrow, the row number) it came from, so a bad value can be pointed at.
 */
import { CsvError, CsvReader, headerNames } from './csv-reader'
import { JsonArrayReader, NdjsonReader } from './json-rows'
import { SourceError, type RowReader, type SourceFormat, type TextFormat } from './source-types'
import { looksParquet } from './parquet-rows'

/** Guesses a text's format from its first character: `[` JSON array, `{` NDJSON, else CSV. */
export function detectTextFormat(text: string): TextFormat {
  const first = /\S/.exec(text)?.[0]
  if (first === '[') return 'json'
  if (first === '{') return 'ndjson'
  return 'csv'
}

/** Guesses a file's format from its name, falling back to its contents. */
export function detectFileFormat(name: string, head: Uint8Array): SourceFormat {
  const ext = /\.([^.]+)$/.exec(name.toLowerCase())?.[1] ?? ''
  if (['arrow', 'arrows', 'ipc', 'feather'].includes(ext)) return 'arrow'
  if (['parquet', 'pq'].includes(ext) || looksParquet(head)) return 'parquet'
  if (['csv', 'tsv', 'txt'].includes(ext)) return 'csv'
  if (ext === 'json') return 'json'
  if (['ndjson', 'jsonl'].includes(ext)) return 'ndjson'
  const magic = String.fromCharCode(...head.subarray(0, 6))
  // "ARROW1" opens an Arrow file; 0xFFFFFFFF (a continuation marker) opens a stream.
  if (magic === 'ARROW1' || (head[0] === 0xff && head[1] === 0xff && head[2] === 0xff && head[3] === 0xff)) return 'arrow'
  return detectTextFormat(new TextDecoder().decode(head))
}

/** Opens a reader over text in one of the text formats. */
export function textReader(format: TextFormat, text: string): RowReader {
  switch (format) {
    case 'csv':
      return csvRows(text)
    case 'json':
      return new JsonArrayReader(text)
    case 'ndjson':
      return new NdjsonReader(text)
  }
}

function csvRows(text: string): RowReader {
  const csv = new CsvReader(text)
  const header = guard(() => csv.read(1))[0]
  if (!header) throw new SourceError('There is no data: the first line should name the columns.')
  const columns = headerNames(header)
  const duplicate = columns.find((name, i) => columns.indexOf(name) !== i)
  if (duplicate !== undefined) throw new SourceError(`The header names the column "${duplicate}" twice.`, header.line)
  return {
    columns,
    textual: true,
    unit: 'line',
    get progress() {
      return csv.progress
    },
    read(max) {
      return guard(() => csv.read(max)).map((record) => {
        if (record.fields.length !== columns.length) {
          throw new SourceError(`Line ${record.line} has ${record.fields.length} fields; the header has ${columns.length}.`, record.line)
        }
        const values: Record<string, unknown> = {}
        columns.forEach((name, i) => (values[name] = record.fields[i]))
        return { line: record.line, values }
      })
    }
  }
}

function guard<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof CsvError) throw new SourceError(error.message, error.line)
    throw error
  }
}
