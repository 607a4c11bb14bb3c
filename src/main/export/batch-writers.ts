/**
 * One writer per export format, each taking Arrow record batches in order and writing
 * them to a byte sink as it goes: CSV (header, RFC 4180), JSON lines (one object per
 * row), Arrow IPC (file format) and Parquet (one row group per batch, via
 * hyparquet-writer). Nothing but the current batch is held.
 */
import { RecordBatchFileWriter, type RecordBatch, type Schema } from 'apache-arrow'
import { ParquetWriter } from 'hyparquet-writer'
import type { ExportFormat } from '../../shared/contract/export'
import { assertNever } from '../../shared/assert-never'
import type { ByteSink } from './file-sink'
import { exactValues } from '../../shared/formats/exact-values'
import { parquetColumnsOf, parquetSchemaOf } from '../../shared/formats/parquet-columns'
import { csvLine } from '../../shared/formats/csv-text'
import { jsonLine } from '../../shared/formats/json-text'
import { jsonConverter } from '../../shared/formats/plain-values'
import { sinkWriter } from './parquet-sink'

/** Writes batches of one schema, in order, then finishes the file. */
export interface BatchWriter {
  write(batch: RecordBatch): Promise<void>
  /** Writes what closes the file (the Arrow footer, Parquet metadata) and closes the sink. */
  finish(): Promise<void>
}

/** A writer of `format` for batches of `schema` onto `sink`. Throws before writing if a column cannot be written. */
export function createBatchWriter(format: ExportFormat, schema: Schema, sink: ByteSink): BatchWriter {
  switch (format) {
    case 'csv':
      return textWriter(schema, sink, csvLine, csvLine)
    case 'jsonl':
      return textWriter(schema, sink, null, (row, names) => jsonLine(names, row))
    case 'arrow':
      return arrowWriter(schema, sink)
    case 'parquet':
      return parquetWriter(schema, sink)
    default:
      return assertNever(format)
  }
}

function textWriter(
  schema: Schema,
  sink: ByteSink,
  header: ((names: string[]) => string) | null,
  line: (row: unknown[], names: string[]) => string
): BatchWriter {
  const names = schema.fields.map((f) => f.name)
  let started = false
  return {
    async write(batch) {
      if (!started && header) await sink.write(header(names))
      started = true
      // Timestamps, nested ones too, are read as their stored integers so no digit is lost.
      const columns = schema.fields.map((f, i) => {
        const vector = batch.getChildAt(i)
        return vector ? exactValues(vector, f.type, jsonConverter) : []
      })
      // Lines are joined per slice of rows: one write per row would cost a promise each.
      const SLICE = 1000
      for (let start = 0; start < batch.numRows; start += SLICE) {
        let text = ''
        for (let r = start; r < Math.min(batch.numRows, start + SLICE); r++)
          text += line(
            columns.map((c) => c[r]),
            names
          )
        await sink.write(text)
      }
    },
    async finish() {
      if (!started && header) await sink.write(header(names))
      await sink.close()
    }
  }
}

function arrowWriter(schema: Schema, sink: ByteSink): BatchWriter {
  const writer = new RecordBatchFileWriter()
  writer.reset(undefined, schema)
  // Arrow JS queues its output and hands it out through an async iterator: this loop moves
  // it to the sink as it comes, waiting on the disk, while the export reads the next page.
  const copied = (async () => {
    for await (const chunk of writer as AsyncIterable<Uint8Array>) await sink.write(chunk)
  })()
  let failed = false
  copied.catch(() => {
    failed = true
  })
  return {
    async write(batch) {
      if (failed) await copied
      writer.write(batch)
    },
    async finish() {
      writer.finish()
      await copied
      await sink.close()
    }
  }
}

function parquetWriter(schema: Schema, sink: ByteSink): BatchWriter {
  const elements = parquetSchemaOf(schema)
  const out = sinkWriter(sink)
  const writer = new ParquetWriter({ writer: out, schema: elements, createdBy: 'Lance Catalog Browser' })
  return {
    async write(batch) {
      if (batch.numRows === 0) return
      await writer.write({ columnData: parquetColumnsOf(batch), rowGroupSize: batch.numRows })
      await out.flushed()
    },
    async finish() {
      await writer.finish()
      await out.flushed()
      await sink.close()
    }
  }
}
