/**
 * Builds real LanceDB catalogs on disk for tests: V1 catalogs (`name.lance` folders made
 * by `lancedb.connect`) and V2 catalogs with nested namespaces (made through LanceDB's own
 * `dir` namespace). Plain Node so Vitest and Playwright can both use it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect, connectNamespace, type Connection } from '@lancedb/lancedb'
import { Field, FixedSizeList, Float32, Float64, Int32, Int64, List, RecordBatch, Schema, Struct, Table, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow'
import { tableForLance } from '../src/catalog/arrow-schema'

/** Length of the sample table's `vector` column. */
export const VECTOR_DIMENSION = 8

/** Metadata the sample table carries on its `name` field. */
export const NAME_FIELD_METADATA: Readonly<Record<string, string>> = { description: 'Display name; may be missing' }

const VECTOR_TYPE = new FixedSizeList(VECTOR_DIMENSION, new Field('item', new Float32(), true))
const TAGS_TYPE = new List(new Field('item', new Utf8(), true))
const META_TYPE = new Struct([new Field('source', new Utf8(), true), new Field('rank', new Int32(), true)])

/**
 * The sample schema: `id` int64 (not null), `name` utf8 (nullable, with metadata),
 * `score` float64, `vector` fixed_size_list<float32>[8], `tags` list<utf8>,
 * `meta` struct<source: utf8, rank: int32>.
 */
export function sampleSchema(): Schema {
  return new Schema([
    new Field('id', new Int64(), false),
    new Field('name', new Utf8(), true, new Map(Object.entries(NAME_FIELD_METADATA))),
    new Field('score', new Float64(), true),
    new Field('vector', VECTOR_TYPE, true),
    new Field('tags', TAGS_TYPE, true),
    new Field('meta', META_TYPE, true)
  ])
}

/** What row `i` of a sample table holds, so tests can predict values. */
export function sampleRow(id: number): {
  id: number
  name: string | null
  score: number
  vector: number[]
  tags: string[]
  meta: { source: string; rank: number }
} {
  return {
    id,
    // Every third row has no name, so nullable columns really hold nulls.
    name: id % 3 === 2 ? null : `row ${id}`,
    score: id * 0.5,
    vector: Array.from({ length: VECTOR_DIMENSION }, (_, j) => id + j / 10),
    tags: [`tag${id % 3}`, 'all'],
    meta: { source: id % 2 === 0 ? 'even' : 'odd', rank: id }
  }
}

/** A sample table of `rows` rows with ids `firstId`, `firstId + 1`, …; zero rows is allowed. */
export function sampleTable(rows: number, firstId = 0): Table {
  const schema = sampleSchema()
  if (rows === 0) return new Table(schema)
  const data = Array.from({ length: rows }, (_, i) => sampleRow(firstId + i))
  const loose = new Table({
    id: vectorFromArray(
      data.map((r) => BigInt(r.id)),
      new Int64()
    ),
    name: vectorFromArray(
      data.map((r) => r.name),
      new Utf8()
    ),
    score: vectorFromArray(
      data.map((r) => r.score),
      new Float64()
    ),
    vector: vectorFromArray(
      data.map((r) => r.vector),
      VECTOR_TYPE
    ),
    tags: vectorFromArray(
      data.map((r) => r.tags),
      TAGS_TYPE
    ),
    meta: vectorFromArray(
      data.map((r) => r.meta),
      META_TYPE
    )
  })
  // Columns built one by one come out nullable and without metadata; re-label the
  // same buffers with the intended schema.
  return new Table(
    schema,
    loose.batches.map((batch) => new RecordBatch(schema, batch.data))
  )
}

/** The sample table as an Arrow IPC stream, the shape `NamespaceClient.createTable` takes. */
export function sampleTableIpc(rows: number, firstId = 0): Uint8Array {
  return tableToIPC(sampleTable(rows, firstId), 'stream')
}

/**
 * Three rows as an Arrow IPC stream whose non-nullable `id` holds a null: LanceDB registers
 * the table, then fails while writing them, so a create with them fails part-way.
 */
export function rowsWithABadNull(): Uint8Array {
  const schema = new Schema([new Field('id', new Int64(), false), new Field('name', new Utf8(), true)])
  const loose = new Table({ id: vectorFromArray([1n, null, 3n], new Int64()), name: vectorFromArray(['a', 'b', null], new Utf8()) })
  return tableToIPC(
    new Table(
      schema,
      loose.batches.map((batch) => new RecordBatch(schema, batch.data))
    ),
    'stream'
  )
}

/** Creates a fresh temp folder whose name starts with `prefix`. */
export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `${prefix}-`))
}

/** Removes a folder made by `makeTempDir`, with everything in it. */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

/** Table name -> row count. */
export type TableCounts = Readonly<Record<string, number>>

/** A V1 catalog: `name.lance` folders directly under `root`, made by `lancedb.connect`. */
export async function buildV1Catalog(root: string, tables: TableCounts): Promise<void> {
  await withConnection(connect(root), async (db) => {
    for (const [name, rows] of Object.entries(tables)) await createSample(db, name, rows, [])
  })
}

/** A namespace's contents: tables with row counts and child namespaces. */
export interface NamespaceSpec {
  readonly tables?: TableCounts
  readonly namespaces?: Readonly<Record<string, NamespaceSpec>>
}

/**
 * A V2 catalog with nested namespaces, made through LanceDB's `dir` namespace; `storage`
 * holds LanceDB storage options for an object-store root (`s3://bucket/prefix`).
 */
export async function buildNestedCatalog(root: string, spec: NamespaceSpec, storage: Readonly<Record<string, string>> = {}): Promise<void> {
  const properties = { root, ...Object.fromEntries(Object.entries(storage).map(([k, v]) => [`storage.${k}`, v])) }
  await withConnection(connectNamespace('dir', properties), async (db) => {
    const build = async (path: string[], node: NamespaceSpec): Promise<void> => {
      for (const [name, rows] of Object.entries(node.tables ?? {})) await createSample(db, name, rows, path, storage)
      for (const [name, child] of Object.entries(node.namespaces ?? {})) {
        await db.createNamespace([...path, name])
        await build([...path, name], child)
      }
    }
    await build([], spec)
  })
}

/** Creates `count` empty child namespaces `prefix_00`, `prefix_01`, …; returns their names. */
export async function createChildNamespaces(root: string, parent: string[], count: number, prefix = 'ns'): Promise<string[]> {
  const names = numberedNames(prefix, count)
  await withConnection(connectNamespace('dir', { root }), async (db) => {
    for (const name of names) await db.createNamespace([...parent, name])
  })
  return names
}

/** Creates `count` one-row sample tables `prefix_00`, `prefix_01`, …; returns their names. */
export async function createChildTables(root: string, namespace: string[], count: number, prefix = 'table'): Promise<string[]> {
  const names = numberedNames(prefix, count)
  await withConnection(connectNamespace('dir', { root }), async (db) => {
    for (const name of names) await createSample(db, name, 1, namespace)
  })
  return names
}

function numberedNames(prefix: string, count: number): string[] {
  const width = String(Math.max(count - 1, 0)).length
  return Array.from({ length: count }, (_, i) => `${prefix}_${String(i).padStart(width, '0')}`)
}

async function createSample(
  db: Connection,
  name: string,
  rows: number,
  namespace: string[],
  storageOptions: Readonly<Record<string, string>> = {}
): Promise<void> {
  // LanceDB 0.39.0 passes a namespace's storage options to its manifest only; tables need
  // them again (seen on s3rver: without them a table's data goes to the store the AWS_*
  // environment names). No test pins this: without AWS_* set, LanceDB asks AWS itself for
  // the bucket's region and credentials, which a test must not do; with AWS_* naming a
  // second local store, LanceDB sometimes writes even a table given the options there (a
  // store it reuses), so where a table lands proves nothing either way.
  const options = Object.keys(storageOptions).length > 0 ? { storageOptions: { ...storageOptions } } : {}
  // LanceDB takes only Arrow objects of its own copy, which the app's boundary makes.
  const data = tableForLance(sampleTableIpc(rows))
  // LanceDB cannot infer a schema from zero rows, so an empty table goes through the schema.
  const table = rows === 0 ? await db.createEmptyTable(name, data.schema, namespace, options) : await db.createTable(name, data, namespace, options)
  table.close()
}

async function withConnection(opening: Promise<Connection>, use: (db: Connection) => Promise<void>): Promise<void> {
  const db = await opening
  try {
    await use(db)
  } finally {
    db.close()
  }
}
