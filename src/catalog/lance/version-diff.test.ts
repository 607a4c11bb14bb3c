/**
 * Changes between two versions, counted against what was done between them: 10 rows
 * deleted, 5 updated, 7 added and a column added, on tables with and without stable row
 * ids, by row lineage and by a key column, with a compaction in between too.
 */
import { connect } from '@lancedb/lancedb'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer } from '../../../server/server'
import { openDirNamespace } from '../dir/dir-namespace'
import { openRestCatalog } from '../rest/rest-namespace'
import type { NamespaceClient } from '../namespace-client'
import { CatalogError } from '../../shared/errors'

const ref = { namespace: [], name: 'changes' }
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

const rows = (first: number, n: number): { id: number; v: number; s: string }[] =>
  Array.from({ length: n }, (_, i) => ({ id: first + i, v: first + i, s: `row ${first + i}` }))

/** Builds the table; answers the version before the changes and the latest. */
async function build(root: string, stable: boolean, compact: boolean): Promise<{ from: string; to: string }> {
  const db = await connect(root)
  const t = await db.createTable(ref.name, rows(0, 100), stable ? { storageOptions: { new_table_enable_stable_row_ids: 'true' } } : {})
  await t.add(rows(100, 20))
  const from = String(await t.version())
  await t.delete('id < 10')
  await t.update({ where: 'id >= 50 AND id < 55', values: { v: '-1' } })
  await t.add(rows(200, 7))
  if (compact) await t.optimize({ cleanupOlderThan: new Date(0) })
  await t.addColumns([{ name: 'w', valueSql: 'v * 2' }])
  const to = String(await t.version())
  t.close()
  db.close()
  return { from, to }
}

async function client(kind: 'directory' | 'rest', root: string): Promise<NamespaceClient> {
  if (kind === 'directory') {
    const dir = await openDirNamespace(root)
    closers.push(() => dir.close())
    return dir
  }
  const server = await startCatalogServer({ root })
  closers.push(() => server.close())
  const rest = openRestCatalog({ uri: server.url }, { maxRetries: 0 })
  closers.push(() => rest.close())
  return rest
}

const truth = { added: '7', deleted: '10', updated: '5' }

describe.each(['directory', 'rest'] as const)('changes between versions (%s)', (kind) => {
  it('counts by row lineage on a table with stable row ids, and by key on any table', async () => {
    const root = await makeTempDir('version-diff')
    closers.push(() => removeDir(root))
    const { from, to } = await build(root, true, false)
    const table = (await client(kind, root)).table(ref)
    const lineage = await table.diffVersions({ from, to })
    expect(lineage).toMatchObject({ method: 'row-lineage', key: null, ...truth })
    expect(lineage.schema.added.map((f) => f.name)).toEqual(['w'])
    expect(lineage.schema).toMatchObject({ dropped: [], retyped: [] })
    // The order asked does not matter.
    expect(await table.diffVersions({ from: to, to: from, key: 'id' })).toMatchObject({ method: 'key', key: 'id', ...truth })
  })

  it('asks for a key on a table without stable row ids, and counts by it through a compaction', async () => {
    const root = await makeTempDir('version-diff-plain')
    closers.push(() => removeDir(root))
    const { from, to } = await build(root, false, true)
    const table = (await client(kind, root)).table(ref)
    const refused = await table.diffVersions({ from, to }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CatalogError)
    expect((refused as CatalogError).message).toMatch(/without stable row ids.*choose a column whose values are unique/)
    // Compaction moved every row: their values are compared, and only the 5 updated differ.
    expect(await table.diffVersions({ from, to, key: 'id' })).toMatchObject({ method: 'key', ...truth })
    const duplicate = await table.diffVersions({ from, to, key: 'w' }).catch((e: unknown) => e)
    expect((duplicate as CatalogError).message).toMatch(/Column "w" is not in version \d+ of table "changes": choose a column both versions have/)
  })
})
