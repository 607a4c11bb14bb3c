/**
 * Changes between two versions, counted against what was done between them: 10 rows
 * deleted, 5 updated, 7 added and a column added, on tables with and without stable row
 * ids, by row lineage and by a key column, with a compaction in between too.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { buildChangesTable as build, CHANGES_TABLE, CHANGES_TRUTH as truth } from '../../../test-kit/changes-table'
import { startCatalogServer } from '../../../server/server'
import { openDirNamespace } from '../dir/dir-namespace'
import { openRestCatalog } from '../rest/rest-namespace'
import type { NamespaceClient } from '../namespace-client'
import { CatalogError } from '../../shared/errors'

const ref = { namespace: [], name: CHANGES_TABLE }
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

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
