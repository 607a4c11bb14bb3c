/**
 * The operations told from LanceDB's own version summaries: a table changed by a known
 * sequence of LanceDB calls, each version's name and row delta checked against the call
 * that made it.
 */
import { connect } from '@lancedb/lancedb'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { openDirNamespace } from '../dir/dir-namespace'
import { versionChanges } from '../../shared/version-operations'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeDir(dir)
})

const rows = (first: number, n: number): { id: number; v: number }[] => Array.from({ length: n }, (_, i) => ({ id: first + i, v: (first + i) * 1.5 }))

describe('versionChanges', () => {
  it('names what each LanceDB call did, with its row delta', async () => {
    const root = await makeTempDir('version-operations')
    dirs.push(root)
    const db = await connect(root)
    const t = await db.createTable('t', rows(0, 10))
    const expected: [string, number][] = [['create', 0]]
    const step = async (operation: string, rowDelta: number, call: () => Promise<unknown>): Promise<void> => {
      const before = await t.version()
      await call()
      for (let v = before + 1; v <= (await t.version()); v++)
        expected.push([v === (await t.version()) ? operation : 'index, schema or config change (no data written)', v === (await t.version()) ? rowDelta : 0])
    }
    await step('append', 5, () => t.add(rows(10, 5)))
    await step('delete', -3, () => t.delete('id < 3'))
    await step('update', 0, () => t.update({ where: 'id = 5', values: { v: '99' } }))
    await step('merge insert (update and insert)', 2, () => t.mergeInsert('id').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(rows(13, 4)))
    await step('schema change (columns added)', 0, () => t.addColumns([{ name: 'w', valueSql: 'v * 2' }]))
    await step('index, schema or config change (no data written)', 0, () => t.createIndex('id'))
    // The added column's files go, so the counts are those of version 5 again.
    await step('schema change (columns dropped), or restore (as version 5)', 0, () => t.dropColumns(['w']))
    await step('restore (as version 2)', 1, async () => {
      await t.checkout(2)
      await t.restore()
    })
    await step('delete or overwrite', -12, () => t.add(rows(100, 3), { mode: 'overwrite' }))
    t.close()
    db.close()

    // Through the app's own listing, as the Versions view gets it.
    const client = await openDirNamespace(root)
    try {
      const versions = await client.table({ namespace: [], name: 't' }).listVersions()
      const changes = versionChanges(versions)
      expect(versions.map((v) => [changes.get(v.version)?.operation, Number(changes.get(v.version)?.rowDelta ?? 0)])).toEqual(expected)
      expect([...changes.values()].every((change) => change.inferred)).toBe(true)
    } finally {
      await client.close()
    }
  })

  it('names compaction, and believes an operation the catalog records', async () => {
    const root = await makeTempDir('version-operations-compact')
    dirs.push(root)
    const db = await connect(root)
    const t = await db.createTable('t', rows(0, 10))
    await t.add(rows(10, 10))
    await t.delete('id % 2 = 0')
    await t.optimize({ cleanupOlderThan: new Date(0) })
    const client = await openDirNamespace(root)
    try {
      const versions = await client.table({ namespace: [], name: 't' }).listVersions()
      const operations = [...versionChanges(versions).values()].map((change) => change.operation)
      expect(operations.slice(0, 3)).toEqual(['create', 'append', 'delete'])
      // Optimize writes more than one version; one of them is the compaction.
      // Here the compacted table has version 1's very counts, so a restore is named too.
      expect(operations.slice(3)).toContain('compaction, or restore (as version 1)')
      const recorded = versionChanges([{ ...versions[1]!, operation: 'Append' }]).get(versions[1]!.version)
      expect(recorded).toMatchObject({ operation: 'Append', inferred: false })
    } finally {
      t.close()
      db.close()
      await client.close()
    }
  })

  it('claims nothing where the catalog gives no summary', () => {
    const bare = [1, 2].map((v) => ({ version: String(v), timestamp: null, operation: null, rows: null }))
    expect([...versionChanges(bare).values()]).toEqual([
      { operation: null, inferred: false, rowDelta: null, byteDelta: null },
      { operation: null, inferred: false, rowDelta: null, byteDelta: null }
    ])
  })
})
