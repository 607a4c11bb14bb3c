/**
 * Compares the two Parquet libraries for JavaScript considered for export and import:
 * `parquet-wasm` (Rust's arrow-rs compiled to WebAssembly, Arrow IPC in and out) and
 * `hyparquet` + `hyparquet-writer` (plain JavaScript). Writes and reads 100,000 rows of
 * the export test's shape (int64 id, nullable string, float64, bool, timestamp[us, UTC],
 * 16-float vector) with each, ROUNDS times, and prints the median times, the file sizes,
 * the minified + gzipped size of each library as a bundler would ship it, and which
 * columns come back with the same values and Arrow-equivalent type.
 *
 * Run: npm run bench:parquet
 */
import { gzipSync } from 'node:zlib'
import { performance } from 'node:perf_hooks'
import { build } from 'esbuild'
import {
  Bool,
  Field,
  FixedSizeList,
  Float32,
  Float64,
  Int64,
  RecordBatch,
  Schema,
  Struct,
  Table,
  tableFromIPC,
  tableToIPC,
  TimestampMicrosecond,
  Utf8,
  vectorFromArray,
  makeData
} from 'apache-arrow'
import { parquetReadObjects } from 'hyparquet'
import { ByteWriter, ParquetWriter } from 'hyparquet-writer'
import * as wasm from 'parquet-wasm'
import { parquetColumnsOf, parquetSchemaOf } from '../src/shared/formats/parquet-columns'

const ROWS = 100_000
const BATCH = 10_000
const ROUNDS = 5
const DIM = 16

function testTable(): Table {
  const schema = new Schema([
    new Field('id', new Int64(), false),
    new Field('name', new Utf8(), true),
    new Field('score', new Float64(), false),
    new Field('flag', new Bool(), false),
    new Field('ts', new TimestampMicrosecond('UTC'), false),
    new Field('vector', new FixedSizeList(DIM, new Field('item', new Float32(), true)), false)
  ])
  const batches: RecordBatch[] = []
  for (let start = 0; start < ROWS; start += BATCH) {
    const n = Math.min(BATCH, ROWS - start)
    const ids = BigInt64Array.from({ length: n }, (_, i) => BigInt(start + i))
    const floats = Float32Array.from({ length: n * DIM }, (_, i) => ((start * DIM + i) % 997) / 7)
    const ts = BigInt64Array.from({ length: n }, (_, i) => 1_700_000_000_000_000n + BigInt(start + i) * 1_234_567n)
    const vector = makeData({
      type: schema.fields[5]!.type,
      length: n,
      nullCount: 0,
      child: makeData({ type: new Float32(), length: n * DIM, data: floats })
    })
    const children = [
      makeData({ type: new Int64(), length: n, data: ids }),
      vectorFromArray(
        Array.from({ length: n }, (_, i) => ((start + i) % 10 === 0 ? null : `row ${start + i} ✓`)),
        new Utf8()
      ).data[0]!,
      makeData({ type: new Float64(), length: n, data: Float64Array.from({ length: n }, (_, i) => (start + i) * 0.5) }),
      vectorFromArray(
        Array.from({ length: n }, (_, i) => (start + i) % 3 === 0),
        new Bool()
      ).data[0]!,
      makeData({ type: new TimestampMicrosecond('UTC'), length: n, data: ts }),
      vector
    ]
    batches.push(new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: n, children })))
  }
  return new Table(schema, batches)
}

async function writeHyparquet(table: Table): Promise<Uint8Array> {
  const writer = new ByteWriter()
  const parquet = new ParquetWriter({ writer, schema: parquetSchemaOf(table.schema) })
  for (const batch of table.batches) await parquet.write({ columnData: parquetColumnsOf(batch), rowGroupSize: BATCH })
  await parquet.finish()
  return new Uint8Array(writer.getBuffer())
}

async function readHyparquet(bytes: Uint8Array): Promise<Record<string, unknown>[]> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  return parquetReadObjects({ file })
}

function writeWasm(table: Table): Uint8Array {
  const wasmTable = wasm.Table.fromIPCStream(tableToIPC(table, 'stream'))
  const props = new wasm.WriterPropertiesBuilder().setCompression(wasm.Compression.SNAPPY).setMaxRowGroupSize(BATCH).build()
  return wasm.writeParquet(wasmTable, props)
}

function readWasm(bytes: Uint8Array): Table {
  return tableFromIPC(wasm.readParquet(bytes).intoIPCStream())
}

async function timed<T>(run: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await run()
  return { ms: performance.now() - start, value }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

async function bundleSize(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    loader: { '.wasm': 'binary' },
    logLevel: 'silent'
  })
  const js = result.outputFiles.reduce((sum, file) => sum + file.contents.byteLength, 0)
  const gz = result.outputFiles.reduce((sum, file) => sum + gzipSync(file.contents).byteLength, 0)
  return `${(js / 1024).toFixed(0)} KiB min, ${(gz / 1024).toFixed(0)} KiB gzip`
}

/** The source rows as plain values to compare with what each reader answers. */
function expected(table: Table, row: number): Record<string, unknown> {
  const batch = table.batches[Math.floor(row / BATCH)]!
  const i = row % BATCH
  return {
    id: batch.getChild('id')!.get(i),
    name: batch.getChild('name')!.get(i),
    score: batch.getChild('score')!.get(i),
    flag: batch.getChild('flag')!.get(i),
    ts: (batch.getChild('ts')!.data[0]!.values as BigInt64Array)[i],
    vector: Array.from(batch.getChild('vector')!.get(i) as Iterable<number>)
  }
}

function sameValue(column: string, want: unknown, got: unknown): boolean {
  if (column === 'ts') {
    // hyparquet answers a Date (milliseconds); parquet-wasm an Arrow timestamp (raw micros in the buffer).
    if (got instanceof Date) return BigInt(got.getTime()) * 1000n === want
    return got === want
  }
  if (column === 'vector') return JSON.stringify(Array.from(got as Iterable<number>)) === JSON.stringify(want)
  return got === want
}

async function main(): Promise<void> {
  await build({ stdin: { contents: '', loader: 'js' }, write: false, logLevel: 'silent' }) // esbuild warm-up
  const table = testTable()
  console.log(`Test shape: ${table.schema.fields.map((f) => `${f.name}: ${String(f.type)}`).join(', ')}; ${ROWS.toLocaleString('en-US')} rows\n`)
  const results: Record<string, { write: number[]; read: number[]; size: number }> = {
    'hyparquet + hyparquet-writer': { write: [], read: [], size: 0 },
    'parquet-wasm': { write: [], read: [], size: 0 }
  }
  let hyRows: Record<string, unknown>[] = []
  let wasmTable: Table | undefined
  for (let round = 0; round < ROUNDS; round++) {
    const hw = await timed(() => writeHyparquet(table))
    const hr = await timed(() => readHyparquet(hw.value))
    const ww = await timed(() => writeWasm(table))
    const wr = await timed(() => readWasm(ww.value))
    results['hyparquet + hyparquet-writer']!.write.push(hw.ms)
    results['hyparquet + hyparquet-writer']!.read.push(hr.ms)
    results['hyparquet + hyparquet-writer']!.size = hw.value.byteLength
    results['parquet-wasm']!.write.push(ww.ms)
    results['parquet-wasm']!.read.push(wr.ms)
    results['parquet-wasm']!.size = ww.value.byteLength
    hyRows = hr.value
    wasmTable = wr.value
  }
  const bundles = {
    'hyparquet + hyparquet-writer': await bundleSize(
      "export { parquetReadObjects } from 'hyparquet'; export { ParquetWriter, ByteWriter } from 'hyparquet-writer'"
    ),
    // The web build (the wasm file is fetched separately at run time; counted here as a binary import).
    'parquet-wasm': await bundleSize(
      "export * from 'parquet-wasm/esm/parquet_wasm.js'; export { default as wasm } from 'parquet-wasm/esm/parquet_wasm_bg.wasm'"
    )
  }
  console.log('library                       write (median)  read (median)  file size   bundle (what a renderer would ship)')
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(30)}${`${median(r.write).toFixed(0)} ms`.padEnd(16)}${`${median(r.read).toFixed(0)} ms`.padEnd(15)}${`${(r.size / 1024 / 1024).toFixed(2)} MiB`.padEnd(12)}${bundles[name as keyof typeof bundles]}`
    )
  }
  console.log('\nRound trip, column by column (all 100,000 rows compared):')
  const wasmTs = wasmTable!.getChild('ts')!.data.flatMap((d) => Array.from(d.values as BigInt64Array))
  for (const column of ['id', 'name', 'score', 'flag', 'ts', 'vector']) {
    let hyOk = true
    let wasmOk = true
    for (let row = 0; row < ROWS; row++) {
      const want = expected(table, row)[column]
      if (hyOk && !sameValue(column, want, hyRows[row]?.[column])) hyOk = false
      const got = column === 'ts' ? wasmTs[row] : wasmTable!.getChild(column)?.get(row)
      if (wasmOk && !sameValue(column, want, column === 'vector' && got ? Array.from(got as Iterable<number>) : got)) wasmOk = false
      if (!hyOk && !wasmOk) break
    }
    const sample = hyRows[1]?.[column]
    const hyType = typeof sample === 'object' && sample !== null ? sample.constructor.name : typeof sample
    const wasmType = String(wasmTable!.schema.fields.find((f) => f.name === column)?.type)
    console.log(
      `  ${column.padEnd(8)} hyparquet: ${hyOk ? 'same' : 'DIFFERS'} (read as JS ${hyType})   parquet-wasm: ${wasmOk ? 'same' : 'DIFFERS'} (read as Arrow ${wasmType})`
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
