/**
 * A table's health and maintenance through every client the app has: a directory catalog,
 * the REST client on the reference server's routes, and on a metadata-only server (read
 * at the table's location). The table is made by 50 small appends, an index built after
 * 40 of them and deletes; every number is checked with LanceDB's own SDK on its own
 * connection and with what the appends and deletes were.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { APPENDS, APPENDS_DELETED, APPENDS_TABLE, buildAppendsTable, INDEXED_APPENDS, lanceNumbers, ROWS_PER_APPEND } from '../../../test-kit/appends-table'
import { startCatalogServer } from '../../../server/server'
import type { TableRef } from '../../shared/catalog-types'
import { CatalogError } from '../../shared/errors'
import { openDirNamespace } from '../dir/dir-namespace'
import type { NamespaceClient } from '../namespace-client'
import { openRestCatalog, openRestNamespace } from '../rest/rest-namespace'

const ref: TableRef = { namespace: [], name: APPENDS_TABLE }
const DELETED = APPENDS_DELETED

interface Setup {
  readonly root: string
  readonly client: NamespaceClient
  /** Whether numbers come from the catalog's routes (no deleted rows there). */
  readonly routes: boolean
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function setup(kind: 'directory' | 'rest' | 'rest-metadata', stable = false): Promise<Setup> {
  const root = await makeTempDir(`health-${kind}`)
  closers.push(() => removeDir(root))
  await buildAppendsTable(root, stable)
  if (kind === 'directory') {
    const client = await openDirNamespace(root)
    closers.push(() => client.close())
    return { root, client, routes: false }
  }
  const server = await startCatalogServer({ root, dataRoutes: kind === 'rest' })
  closers.push(() => server.close())
  const client = openRestCatalog({ uri: server.url }, { maxRetries: 0 })
  closers.push(() => client.close())
  return { root, client, routes: kind === 'rest' }
}

describe.each(['directory', 'rest', 'rest-metadata'] as const)('table health (%s)', (kind) => {
  it("shows the fragments, small fragments, deleted and unindexed rows LanceDB's own stats give", async () => {
    const { root, client, routes } = await setup(kind)
    const health = await client.table(ref).tableHealth()
    const lance = await lanceNumbers(root)
    // What the appends and deletes were, and LanceDB agreeing.
    expect(lance).toMatchObject({ fragments: APPENDS, small: APPENDS, rows: APPENDS * ROWS_PER_APPEND - DELETED, deleted: DELETED, unindexed: 100 })
    expect(health).toMatchObject({
      rows: String(lance.rows),
      fragments: lance.fragments,
      smallFragments: lance.small,
      versions: lance.versions.length,
      source: routes ? 'routes' : 'lance',
      // Every connection here reads the table's files, where maintenance runs.
      maintenanceUnavailable: null
    })
    // The index covers the first 40 appends' live rows (the deleted ones no longer count).
    const indexed = INDEXED_APPENDS * ROWS_PER_APPEND - DELETED
    expect(health.indexes).toEqual([expect.objectContaining({ name: 'id_idx', columns: ['id'], unindexedRows: lance.unindexed, indexedRows: indexed })])
    // Rows per fragment as stored: Lance counts the deleted ones still there.
    expect(health.fragmentLengths).toEqual(lance.lengths)
    expect(health.fragmentLengths).toMatchObject({ min: ROWS_PER_APPEND, max: ROWS_PER_APPEND })
    if (routes) {
      expect(health.deletedRows).toBeNull()
      expect(health.missing.deletedRows).toMatch(/no route/)
    } else {
      expect(health.deletedRows).toBe(String(lance.deleted))
      expect(health.dataStorageVersion).toBe('2.2')
      expect(health.stableRowIds).toBe(false)
      // Every version's files are on disk, more than the latest version's alone.
      expect(Number(health.storedBytes)).toBeGreaterThan(Number(health.liveBytes))
      expect(Number(health.oldVersionBytes)).toBe(Number(health.storedBytes) - Number(health.liveBytes))
    }
  })

  it('optimizes as LanceDB reports: fragments merged, deleted rows dropped, every row indexed', async () => {
    const { root, client, routes } = await setup(kind)
    const before = await client.table(ref).tableHealth()
    const outcome = await client.table(ref).maintainTable({ kind: 'optimize' })
    const after = await client.table(ref).tableHealth()
    const lance = await lanceNumbers(root)
    expect(outcome.fragmentsRemoved).toBe(APPENDS)
    expect(outcome.fragmentsAdded).toBe(lance.fragments)
    expect(outcome.versionsRemoved).toBe(0)
    expect(lance).toMatchObject({ deleted: 0, unindexed: 0, rows: APPENDS * ROWS_PER_APPEND - DELETED })
    expect(after).toMatchObject({ fragments: lance.fragments, smallFragments: lance.small, rows: before.rows, versions: lance.versions.length })
    expect(after.indexes?.[0]?.unindexedRows).toBe(0)
    if (!routes) expect(after.deletedRows).toBe('0')
    // Optimize keeps every version: the old ones plus what it wrote.
    expect(lance.versions.length).toBeGreaterThan(before.versions!)
  })

  it('cleans up exactly the versions it listed, and never a tagged one unasked', async () => {
    const { root, client } = await setup(kind)
    const table = client.table(ref)
    await table.createTag('keep', '3')
    const versionsBefore = (await table.listVersions()).map((v) => v.version)
    const plan = await table.cleanupPlan(new Date(Date.now() + 60_000))
    // Every version but the latest, the tagged one marked.
    expect(plan.remove.map((v) => v.version)).toEqual(versionsBefore.slice(0, -1))
    expect(plan.remove.find((v) => v.version === '3')?.tags).toEqual(['keep'])
    expect(plan.keep).toBe(1)

    const refused = await table.maintainTable({ kind: 'cleanup', olderThan: plan.cutoff, deleteTags: [], deleteUnverified: true }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CatalogError)
    expect((refused as CatalogError).message).toMatch(/tagged versions \("keep"\)/)
    expect((await table.listVersions()).map((v) => v.version)).toEqual(versionsBefore)
    expect((await table.listTags())?.map((t) => t.name)).toEqual(['keep'])

    const outcome = await table.maintainTable({ kind: 'cleanup', olderThan: plan.cutoff, deleteTags: ['keep'], deleteUnverified: true })
    expect(outcome.removedVersions).toEqual(plan.remove.map((v) => v.version))
    expect(outcome.deletedTags).toEqual(['keep'])
    expect(outcome.versionsRemoved).toBe(plan.remove.length)
    const left = (await table.listVersions()).map((v) => v.version)
    expect(left.filter((v) => versionsBefore.includes(v))).toEqual([versionsBefore.at(-1)])
    expect((await lanceNumbers(root)).versions.map(String)).toEqual(left)
    expect(await table.listTags()).toEqual([])
  })

  it('keeps versions younger than the time asked for', async () => {
    const { client } = await setup(kind)
    const table = client.table(ref)
    const versions = await table.listVersions()
    // Between the 10th and 11th versions' times: exactly the first 10 go.
    const middle = new Date((Date.parse(versions[9]!.timestamp!) + Date.parse(versions[10]!.timestamp!)) / 2)
    const plan = await table.cleanupPlan(middle)
    const expected = versions.filter((v) => Date.parse(v.timestamp!) < middle.getTime()).map((v) => v.version)
    expect(plan.remove.map((v) => v.version)).toEqual(expected)
    const outcome = await table.maintainTable({ kind: 'cleanup', olderThan: middle.toISOString(), deleteTags: [], deleteUnverified: true })
    expect(outcome.versionsRemoved).toBe(expected.length)
    const left = (await table.listVersions()).map((v) => v.version)
    expect(left.some((v) => expected.includes(v))).toBe(false)
    expect(left).toEqual(expect.arrayContaining(versions.filter((v) => !expected.includes(v.version)).map((v) => v.version)))
  })
})

describe('stable row ids', () => {
  it('tells a table made with stable row ids from one without', async () => {
    const stable = await setup('directory', true)
    expect(await stable.client.table(ref).tableHealth()).toMatchObject({ stableRowIds: true })
    const plain = await setup('directory', false)
    expect(await plain.client.table(ref).tableHealth()).toMatchObject({ stableRowIds: false })
  })
})

describe('a REST connection that does not read table files', () => {
  it('reads health from the routes and says maintenance and comparing cannot run', async () => {
    const root = await makeTempDir('health-routes-only')
    closers.push(() => removeDir(root))
    await buildAppendsTable(root)
    const server = await startCatalogServer({ root })
    closers.push(() => server.close())
    const client = openRestNamespace({ uri: server.url }, { maxRetries: 0 })
    closers.push(() => client.close())
    const table = client.table(ref)
    const health = await table.tableHealth()
    expect(health).toMatchObject({ source: 'routes', fragments: APPENDS, smallFragments: APPENDS })
    expect(health.maintenanceUnavailable).toMatch(/no operation to optimize or clean up a table, and this connection does not read the table's files/)
    const versionsBefore = await table.listVersions()
    for (const attempt of [
      table.maintainTable({ kind: 'optimize' }),
      table.cleanupPlan(new Date()),
      table.diffVersions({ from: '1', to: '2', key: 'id' }),
      table.changedRows({ from: '1', to: '2', key: 'id', kind: 'added', offset: 0, limit: 10 })
    ]) {
      const error = await attempt.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(CatalogError)
      expect((error as CatalogError).code).toBe('unsupported')
    }
    expect(await table.listVersions()).toEqual(versionsBefore)
  })
})
