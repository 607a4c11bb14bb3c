/**
 * Names as a catalog lists them, on a strict metadata-only catalog (406 on the data
 * routes, describe answers only `location` and `storage_options`, paths decoded per
 * RFC 3986): every table is described with its schema and version, counted, read and
 * created at its location, whatever LanceDB's client writes in paths.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { startStrictMetadataCatalog, type StrictMetadataCatalog } from '../../../test-kit/strict-metadata-catalog'
import { openRestCatalog, type RestNamespaceClient } from '../rest/rest-namespace'

const NAMES = ['Q3 sales', 'a+b', '100%', 'café crème', `it's "q"`, 'a%2Bb', 'x y+z']

let dir: string
let root: string
let catalog: StrictMetadataCatalog
let client: RestNamespaceClient

beforeAll(async () => {
  dir = await makeTempDir('lcb-listed-names')
  root = join(dir, 'remote')
  const tables = Object.fromEntries(NAMES.map((name, i) => [name, i + 1]))
  await buildNestedCatalog(root, { namespaces: Object.fromEntries(NAMES.slice(0, 4).map((name) => [name, { tables }])) })
  catalog = await startStrictMetadataCatalog(root)
  client = openRestCatalog({ uri: catalog.url })
}, 60_000)

afterAll(async () => {
  await client.close()
  await catalog.close()
  await removeDir(dir)
})

describe('a strict metadata-only catalog with names outside the naming rule', () => {
  it('lists, describes (schema and version read at the location), counts and reads every table', async () => {
    expect((await client.listNamespaces([])).items.slice().sort()).toEqual(NAMES.slice(0, 4).sort())
    for (const namespace of NAMES.slice(0, 4)) {
      expect((await client.listTables([namespace])).items.slice().sort()).toEqual(NAMES.slice().sort())
      for (const [i, name] of NAMES.entries()) {
        const table = { namespace: [namespace], name }
        const described = await client.table(table).describe()
        expect(described.rowCount).toBe(String(i + 1))
        expect(described.version).toBe('1')
        expect(described.fields.map((field) => field.name)).toContain('id')
        expect(await client.table(table).countRows()).toBe(String(i + 1))
        expect((await client.table(table).readRows({ offset: 0, limit: 10 })).arrow.byteLength).toBeGreaterThan(0)
      }
    }
    expect(catalog.log.filter((line) => line.includes(' -> 406')).length).toBeGreaterThan(0)
  }, 120_000)

  it('creates a table in each of those namespaces at its location', async () => {
    // New names follow the naming rule (the reference server refuses others); the namespaces do not.
    for (const namespace of NAMES.slice(0, 4)) await client.createTable({ namespace: [namespace], name: 'returns' }, sampleTableIpc(2))
    const db = await connectNamespace('dir', { root })
    try {
      for (const namespace of NAMES.slice(0, 4)) expect(await (await db.openTable('returns', [namespace])).countRows()).toBe(2)
    } finally {
      db.close()
    }
    expect(catalog.log.filter((line) => /^POST \/v1\/table\/\S+\/declare\S* -> 200$/.test(line))).toHaveLength(4)
  }, 60_000)
})
