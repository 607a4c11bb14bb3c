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
import type { TableHandle } from '../table-handle'
import type { ChangeKind, VersionDiffRequest } from '../../shared/contract/changes'
import { tableFromIPC } from 'apache-arrow'
import { connect } from '@lancedb/lancedb'

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

type Values = Record<string, unknown>

/** Every changed row of `kind`, `limit` at a time: each row's values at the versions it is in, and its changed columns. */
async function allChanged(table: TableHandle, request: VersionDiffRequest, kind: ChangeKind, limit: number) {
  const out: { before: Values | null; after: Values | null; changed: readonly string[] }[] = []
  let pages = 0
  for (let offset: number | null = 0; offset !== null; pages++) {
    const page = await table.changedRows({ ...request, kind, offset, limit })
    expect(page.rows.length).toBeLessThanOrEqual(limit)
    const decode = (bytes: Uint8Array | null): Values[] =>
      bytes
        ? tableFromIPC(bytes)
            .toArray()
            .map((r: { toJSON(): Values }) => r.toJSON())
        : []
    const [before, after] = [decode(page.before), decode(page.after)]
    for (const row of page.rows) {
      out.push({ before: row.before === null ? null : before[row.before]!, after: row.after === null ? null : after[row.after]!, changed: row.changed })
    }
    offset = page.next
  }
  return { rows: out, pages }
}

/** The rows changed in test-kit/changes-table.ts, as ids and the values that changed: ids 200-206 added, 0-9 deleted, 50-54 given v = -1. */
async function expectChangedRows(table: TableHandle, request: VersionDiffRequest): Promise<void> {
  const added = await allChanged(table, request, 'added', 3)
  expect(added.pages).toBe(3)
  expect(added.rows.map((r) => r.after?.id).sort()).toEqual([200, 201, 202, 203, 204, 205, 206])
  expect(added.rows.every((r) => r.before === null && r.changed.length === 0 && r.after?.s === `row ${String(r.after?.id)}`)).toBe(true)
  const deleted = await allChanged(table, request, 'deleted', 4)
  expect(deleted.rows.map((r) => r.before?.id).sort((a, b) => Number(a) - Number(b))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  // The earlier version had no column w.
  expect(deleted.rows.every((r) => r.after === null && r.before !== null && !('w' in r.before))).toBe(true)
  const updated = await allChanged(table, request, 'updated', 50)
  expect(updated.rows.map((r) => [r.before?.id, r.before?.v, r.after?.id, r.after?.v, r.after?.w, r.changed]).sort()).toEqual(
    [50, 51, 52, 53, 54].map((id) => [id, id, id, -1, -2, ['v']])
  )
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

  it('pages the changed rows by row lineage and by key, updated cells old and new', async () => {
    const root = await makeTempDir('changed-rows')
    closers.push(() => removeDir(root))
    const { from, to } = await build(root, true, false)
    const table = (await client(kind, root)).table(ref)
    await expectChangedRows(table, { from, to })
    await expectChangedRows(table, { from: to, to: from, key: 'id' })
    const page = await table.changedRows({ from, to, kind: 'updated', offset: 0, limit: 1 })
    expect(page).toMatchObject({ method: 'row-lineage', total: 5, offset: 0, next: 1 })
    expect(page.limits).toMatch(/stable row ids/)
    expect(await table.changedRows({ from, to, kind: 'updated', offset: 5, limit: 1 })).toMatchObject({ total: 5, next: null, rows: [] })
  })

  it('pages the changed rows by key on a table without stable row ids, through a compaction', async () => {
    const root = await makeTempDir('changed-rows-plain')
    closers.push(() => removeDir(root))
    const { from, to } = await build(root, false, true)
    const table = (await client(kind, root)).table(ref)
    await expectChangedRows(table, { from, to, key: 'id' })
    const refused = await table.changedRows({ from, to, kind: 'added', offset: 0, limit: 10 }).catch((e: unknown) => e)
    expect((refused as CatalogError).message).toMatch(/without stable row ids/)
  })

  it.each([true, false])('cuts pages of large rows at their byte cap, every row once (stable row ids: %s)', async (stable) => {
    const root = await makeTempDir('changed-rows-large')
    closers.push(() => removeDir(root))
    const db = await connect(root)
    const big = (id: number): { id: number; s: string } => ({ id, s: String(id % 10).repeat(1_500_000) })
    const t = await db.createTable(CHANGES_TABLE, [big(0)], stable ? { storageOptions: { new_table_enable_stable_row_ids: 'true' } } : {})
    const from = String(await t.version())
    await t.add([1, 2, 3, 4, 5, 6].map(big))
    const to = String(await t.version())
    t.close()
    db.close()
    const table = (await client(kind, root)).table(ref)
    // Each side of a page holds at most 4 MiB: two of these 1.5 MB rows.
    const added = await allChanged(table, { from, to, ...(stable ? {} : { key: 'id' }) }, 'added', 50)
    expect(added.pages).toBe(3)
    expect(added.rows.map((r) => r.after?.id).sort()).toEqual([1, 2, 3, 4, 5, 6])
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
