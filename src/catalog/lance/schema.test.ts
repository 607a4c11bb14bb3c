/**
 * Schema evolution over each way the app reaches a table: a directory catalog (LanceDB),
 * a REST catalog with the alter routes (the reference server), and a metadata-only REST
 * catalog (404 on those routes: the change is made at the table's location). Each change
 * is checked through LanceDB's own SDK.
 */
import { connectNamespace } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeLanceNativeTable, NATIVE_TABLE } from '../../../test-kit/lance-native-table'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { openDirNamespace } from '../dir/dir-namespace'
import type { NamespaceClient } from '../namespace-client'
import { openRestCatalog } from '../rest/rest-namespace'
import { lanceArrow } from '../lance-arrow'

const dirs: string[] = []
const servers: RunningCatalogServer[] = []
const log: string[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
  await Promise.all(dirs.map((d) => removeDir(d)))
})

async function catalog(): Promise<string> {
  const root = await makeTempDir('schema-evolution')
  dirs.push(root)
  const db = await connectNamespace('dir', { root })
  ;(await makeLanceNativeTable(db)).close()
  db.close()
  return root
}

async function lanceSchema(root: string): Promise<{ version: number; fields: string[]; nullable: Record<string, boolean>; doubled: unknown[] }> {
  const db = await connectNamespace('dir', { root })
  try {
    const table = await db.openTable(NATIVE_TABLE, [])
    const schema = await table.schema()
    const fields = schema.fields.map((f) => f.name)
    const doubled = fields.includes('twice')
      ? (await table.query().select(['id', 'twice']).where('id < 3').toArray()).map((r) => [Number(r.id), Number(r.twice)])
      : []
    return { version: await table.version(), fields, nullable: Object.fromEntries(schema.fields.map((f) => [f.name, f.nullable])), doubled }
  } finally {
    db.close()
  }
}

const ways: Array<[string, (root: string) => Promise<NamespaceClient>]> = [
  ['a directory catalog', (root) => openDirNamespace(root)],
  [
    'a REST catalog with the alter routes',
    async (root) => {
      const server = await startCatalogServer({ root, log: (line) => log.push(line) })
      servers.push(server)
      return openRestCatalog({ uri: server.url })
    }
  ],
  [
    'a metadata-only REST catalog (changes at the location)',
    async (root) => {
      const server = await startCatalogServer({ root, dataRoutes: false })
      servers.push(server)
      return openRestCatalog({ uri: server.url })
    }
  ]
]

function makeStrictTable() {
  const { Field, Int32, Schema, Table, makeVector, RecordBatch } = lanceArrow
  const schema = new Schema([new Field('n', new Int32(), false)])
  const plain = new Table({ n: makeVector(new Int32Array([1, 2, 3])) })
  return new Table(
    schema,
    plain.batches.map((b) => new RecordBatch(schema, b.data))
  )
}

describe.each(ways)('schema evolution over %s', (_, open) => {
  let root: string
  let client: NamespaceClient
  const table = { namespace: [], name: NATIVE_TABLE }
  beforeAll(async () => {
    root = await catalog()
    client = await open(root)
  }, 60_000)
  afterAll(() => client.close())

  it('adds a column from an SQL expression, renames it and drops one, each a new version', async () => {
    const start = (await lanceSchema(root)).version
    expect(await client.table(table).addColumns([{ name: 'twice', expression: 'id * 2' }])).toEqual({ version: String(start + 1) })
    expect((await lanceSchema(root)).doubled).toEqual([
      [0, 0],
      [1, 2],
      [2, 4]
    ])

    expect(await client.table(table).alterColumns([{ path: 'twice', rename: 'doubled' }])).toEqual({ version: String(start + 2) })
    expect((await lanceSchema(root)).fields).toContain('doubled')

    expect(await client.table(table).dropColumns(['category'])).toEqual({ version: String(start + 3) })
    const after = await lanceSchema(root)
    expect(after.fields).toEqual(['id', 'text', 'vector', 'doubled'])
    expect(after.version).toBe(start + 3)
  })

  it('relaxes a non-nullable column to nullable', async () => {
    const db = await connectNamespace('dir', { root })
    const strict = await db.createTable('strict', makeStrictTable(), [])
    strict.close()
    db.close()
    await client.table({ namespace: [], name: 'strict' }).alterColumns([{ path: 'n', nullable: true }])
    const check = await connectNamespace('dir', { root })
    try {
      expect((await (await check.openTable('strict', [])).schema()).fields[0]?.nullable).toBe(true)
    } finally {
      check.close()
    }
  })

  it('refuses a name already taken, an unknown column and making a nullable column non-nullable, saying which', async () => {
    await expect(client.table(table).alterColumns([{ path: 'text', nullable: false }])).rejects.toThrow(/"text" cannot be made non-nullable/)
    await expect(client.table(table).addColumns([{ name: 'id', expression: '1' }])).rejects.toThrow(/already has a column named "id"/)
    await expect(client.table(table).dropColumns(['nope'])).rejects.toThrow(/no column "nope"/)
  })

  it('says why an expression LanceDB cannot evaluate fails', async () => {
    await expect(client.table(table).addColumns([{ name: 'bad', expression: 'no_such_column + 1' }])).rejects.toThrow(/add columns|no_such_column/i)
  })
})

describe('the reference server', () => {
  it('answered the alter routes itself (not through the fallback)', () => {
    expect(log.filter((l) => /\/(add_columns|alter_columns|drop_columns)\b.*-> 200/.test(l)).length).toBeGreaterThanOrEqual(3)
  })
})
