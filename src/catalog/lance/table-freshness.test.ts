/**
 * Kept tables stay truthful: on a real directory catalog, a write made by LanceDB in
 * another process shows after Refresh and within the freshness interval, a write made
 * through the client shows at once, a table dropped elsewhere says so, an older version
 * stays what it was while the latest moves, and a search is checked against the columns
 * of the version it reads. No assertion on time: the interval
 * test polls until the write shows, bounded by a generous deadline.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { connectNamespace } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir, sampleRow, sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { CatalogError } from '../../shared/errors'
import { openDirNamespace } from '../dir/dir-namespace'
import type { NamespaceClient } from '../namespace-client'
import { MAX_OPEN_TABLES, TABLE_FRESHNESS_MS, TableHandles } from './table-handles'

const run = promisify(execFile)
const top = { namespace: [], name: 'top' }
/** Longer than any test: only Refresh (or the app's own write) can show a write made elsewhere. */
const NEVER = 60 * 60_000

let root: string
let client: NamespaceClient | undefined

beforeEach(async () => {
  root = await makeTempDir('table-freshness')
  await buildNestedCatalog(root, { tables: { top: 3 } })
})

afterEach(async () => {
  await client?.close()
  client = undefined
  await removeDir(root)
})

/** Runs `body` with `table` opened by LanceDB's SDK in a separate Node process (another writer). */
async function elsewhere(body: 'add' | 'drop' | 'drop-index' | 'replace'): Promise<void> {
  const script = `
    const lancedb = require('@lancedb/lancedb')
    ;(async () => {
      const db = await lancedb.connectNamespace('dir', { root: process.argv[1] })
      if (process.argv[2] === 'drop') return db.dropTable('top', [])
      if (process.argv[2] === 'replace') {
        await db.dropTable('top', [])
        return (await db.createTable('top', [{ id: 1, vector: [0.5, 0.5] }], [])).close()
      }
      const table = await db.openTable('top', [])
      if (process.argv[2] === 'drop-index') await table.dropIndex('id_idx')
      else await table.add(await table.query().limit(1).toArrow())
      table.close()
    })().catch((error) => { console.error(error); process.exit(1) })`
  await run(process.execPath, ['-e', script, root, body], { cwd: process.cwd() })
}

async function open(freshnessMs: number): Promise<NamespaceClient> {
  client = await openDirNamespace(root, {}, { freshnessMs })
  return client
}

describe('a kept table', () => {
  it('shows a write made in another process after Refresh', async () => {
    const catalog = await open(NEVER)
    expect(await catalog.table(top).countRows()).toBe('3')
    await elsewhere('add')
    // Kept and not yet due for a check: still the version it had.
    expect(await catalog.table(top).countRows()).toBe('3')
    catalog.refresh()
    expect(await catalog.table(top).countRows()).toBe('4')
  })

  it(`shows a write made in another process within ${TABLE_FRESHNESS_MS} ms without Refresh`, async () => {
    const catalog = await open(TABLE_FRESHNESS_MS)
    expect(await catalog.table(top).countRows()).toBe('3')
    await elsewhere('add')
    const deadline = Date.now() + TABLE_FRESHNESS_MS * 6
    let rows = await catalog.table(top).countRows()
    while (rows !== '4' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      rows = await catalog.table(top).countRows()
    }
    expect(rows).toBe('4')
  })

  it("shows the app's own writes at once", async () => {
    const catalog = await open(NEVER)
    expect(await catalog.table(top).countRows()).toBe('3')
    await catalog.table(top).addColumns([{ name: 'twice', expression: 'id * 2' }])
    expect((await catalog.table(top).describe()).fields.map((f) => f.name)).toContain('twice')
    const [first] = await catalog.table(top).listVersions()
    await catalog.table(top).restoreVersion(first?.version ?? '1')
    expect((await catalog.table(top).describe()).fields.map((f) => f.name)).not.toContain('twice')
    await catalog.createTable(top, sampleTableIpc(2), 'overwrite')
    expect(await catalog.table(top).countRows()).toBe('2')
  })

  it('starts a change from the latest version, so it sees a change made elsewhere', async () => {
    const catalog = await open(NEVER)
    await catalog.table(top).createIndex({ column: 'id', indexType: 'BTREE' })
    expect((await catalog.table(top).listIndexes()).map((index) => index.name)).toEqual(['id_idx'])
    await elsewhere('drop-index')
    await expect(catalog.table(top).dropIndex('id_idx')).rejects.toThrow('no index named "id_idx"')
  })

  it('says plainly that a table dropped elsewhere no longer exists', async () => {
    const catalog = await open(NEVER)
    expect(await catalog.table(top).countRows()).toBe('3')
    await elsewhere('drop')
    catalog.refresh()
    const error: unknown = await catalog
      .table(top)
      .countRows()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CatalogError)
    expect(error).toMatchObject({ code: 'table_not_found', message: 'Table "top" does not exist.' })
  })

  it("checks a search against the columns the app's own change left", async () => {
    const catalog = await open(NEVER)
    const search = (column: string) => ({ query: { kind: 'vector', column, vector: sampleRow(1).vector, distanceType: 'l2', k: 2 } }) as const
    expect((await catalog.table(top).searchRows(search('vector'))).rowCount).toBe(2)
    await catalog.table(top).alterColumns([{ path: 'vector', rename: 'embedding' }])
    expect((await catalog.table(top).searchRows(search('embedding'))).rowCount).toBe(2)
  })

  it('checks a search against a table replaced elsewhere, after Refresh', async () => {
    const catalog = await open(NEVER)
    const search = (vector: number[]) => ({ query: { kind: 'vector', column: 'vector', vector, distanceType: 'l2', k: 2 } }) as const
    expect((await catalog.table(top).searchRows(search(sampleRow(1).vector))).rowCount).toBe(2)
    await elsewhere('replace')
    catalog.refresh()
    expect((await catalog.table(top).searchRows(search([0.5, 0.5]))).rowCount).toBe(1)
  })

  it('keeps reading an older version while the latest moves', async () => {
    const catalog = await open(NEVER)
    const [first] = await catalog.table(top).listVersions()
    const version = first?.version ?? '1'
    const before = await catalog.table(top).readRows({ offset: 0, limit: 10, version })
    await elsewhere('add')
    catalog.refresh()
    expect(await catalog.table(top).countRows()).toBe('4')
    const after = await catalog.table(top).readRows({ offset: 0, limit: 10, version })
    expect(tableFromIPC(after.arrow).numRows).toBe(tableFromIPC(before.arrow).numRows)
    expect(await catalog.table(top).countRowsAt(version)).toBe('3')
    // And the latest stays the latest after those reads of the older version.
    expect(await catalog.table(top).countRows()).toBe('4')
  })
})

describe('the kept set', () => {
  it('makes a read that comes while Refresh’s check of the table runs wait for that check', async () => {
    const db = await connectNamespace('dir', { root })
    let release = (): void => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let checking = false
    // The real table, its check for the latest version held until the test lets it go.
    const handles = new TableHandles(
      async (table) => {
        const t = await db.openTable(table.name, [...table.namespace])
        const checkout = t.checkoutLatest.bind(t)
        t.checkoutLatest = async () => {
          checking = true
          await held
          return checkout()
        }
        return t
      },
      { freshnessMs: NEVER }
    )
    try {
      expect(await handles.latest(top, (t) => t.version())).toBe(1)
      await elsewhere('add')
      handles.refresh()
      const first = handles.latest(top, (t) => t.version())
      await vi.waitFor(() => expect(checking).toBe(true))
      // Past the millisecond of that check, so the next read finds the table just checked.
      await new Promise((resolve) => setTimeout(resolve, 5))
      const second = handles.latest(top, (t) => t.version())
      release()
      expect(await Promise.all([first, second])).toEqual([2, 2])
    } finally {
      handles.close()
      db.close()
    }
  })

  it(`stays at its bound (${MAX_OPEN_TABLES} by default) however many tables are opened, closing the ones let go`, async () => {
    const db = await connectNamespace('dir', { root })
    const source = await (await db.openTable('top', [])).query().toArrow()
    const names = Array.from({ length: 12 }, (_, i) => `t${i}`)
    for (const name of names) (await db.createTable(name, source, [])).close()
    const opened: { isOpen(): boolean }[] = []
    const handles = new TableHandles(
      async (table) => {
        const t = await db.openTable(table.name, [...table.namespace])
        opened.push(t)
        return t
      },
      { maxOpen: 4 }
    )
    try {
      for (const name of names) expect(await handles.latest({ namespace: [], name }, (t) => t.countRows())).toBe(3)
      expect(handles.size).toBe(4)
      expect(opened.filter((t) => t.isOpen())).toHaveLength(4)
      // The most recently used are the ones kept: using one again opens nothing.
      await handles.latest({ namespace: [], name: 't11' }, (t) => t.countRows())
      expect(opened).toHaveLength(12)
    } finally {
      handles.close()
      db.close()
    }
  })
})
