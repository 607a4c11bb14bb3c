/**
 * Whether a REST catalog's tables can be edited is answered before any edit: with the
 * reference server's merge_insert route, without it but with table locations LanceDB can
 * open (writes go there), serving metadata only, and with neither the route nor a location
 * the app can open, where editing is refused up front with the reason and a commit writes
 * nothing.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startTestS3, type TestS3 } from '../../../test-kit/s3-server'
import { startCatalogServer, type CatalogServerOptions } from '../../../server/server'
import { setUpApp, type AppCore } from '../app-setup'
import { restSpec } from '../connections/connection-spec'
import { dispatch } from './dispatch'
import type { IpcResult } from '../../shared/ipc-channels'
import type { CommitEditsResult, Editability } from '../../shared/contract/edits'

const call = <T>(core: AppCore, channel: string, request: object): Promise<IpcResult<T>> =>
  dispatch(core.handlers, channel as never, request) as Promise<IpcResult<T>>

const orders = { namespace: ['sales'], name: 'orders' }

/** One added row of `orders` (ids 0 to 11), committed on `baseVersion`. */
const oneInsert = (connectionId: string, baseVersion: string) => ({
  connectionId,
  table: orders,
  baseVersion,
  key: 'id',
  updates: [],
  inserts: [{ id: '100', name: 'added' }],
  deletes: [],
  overwrite: []
})

const merges = (log: readonly string[]): string[] => log.filter((line) => line.includes('/merge_insert'))

describe('editability over the reference server, asked before any edit', () => {
  let app: CatalogApp | undefined
  const log: string[] = []

  const start = async (server: Omit<CatalogServerOptions, 'root'>): Promise<CatalogApp> => {
    log.length = 0
    app = await startAppOverCatalog('lcb-edit-availability', (root) => buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 12 } } } }), {
      server: { ...server, log: (line) => log.push(line) }
    })
    return app
  }

  afterEach(async () => {
    await app?.close()
    app = undefined
  })

  it('offers editing where the catalog has merge_insert, asking the route once with a table that cannot exist', async () => {
    const { core, connectionId } = await start({})
    for (let i = 0; i < 2; i++) {
      expect(await call<Editability>(core, 'tables:editability', { connectionId, table: orders })).toMatchObject({
        ok: true,
        value: { editable: true, reason: null }
      })
    }
    // One probe, "table not found", and nothing written.
    expect(merges(log)).toEqual([expect.stringMatching(/^POST \/v1\/table\/sales%24lcb-merge-probe-[0-9a-f]{16}\/merge_insert\S* -> 404/)])
    expect(await call<CommitEditsResult>(core, 'tables:commitEdits', oneInsert(connectionId, '1'))).toMatchObject({
      ok: true,
      value: { kind: 'committed', version: '2', inserted: 1 }
    })
    expect(merges(log).filter((line) => line.includes('/sales%24orders/merge_insert') && line.includes('-> 200'))).toHaveLength(1)
  })

  it("offers editing without merge_insert where the table's location opens, and writes the commit there", async () => {
    const { core, connectionId, root } = await start({ rowWriteRoutes: false })
    expect(await call<Editability>(core, 'tables:editability', { connectionId, table: orders })).toMatchObject({
      ok: true,
      value: { editable: true, reason: null }
    })
    expect(await call<CommitEditsResult>(core, 'tables:commitEdits', oneInsert(connectionId, '1'))).toMatchObject({
      ok: true,
      value: { kind: 'committed', version: '2', inserted: 1 }
    })
    // The probe found no route, so the commit went straight to the location.
    expect(merges(log)).toHaveLength(1)
    expect(merges(log)[0]).toMatch(/lcb-merge-probe-.* -> 404/)
    const db = await connectNamespace('dir', { root })
    const table = await db.openTable('orders', ['sales'])
    expect([await table.version(), await table.countRows()]).toEqual([2, 13])
    db.close()
  })

  it('offers editing on a metadata-only catalog without asking for merge_insert at all', async () => {
    const { core, connectionId } = await start({ dataRoutes: false })
    expect(await call<Editability>(core, 'tables:editability', { connectionId, table: orders })).toMatchObject({
      ok: true,
      value: { editable: true, reason: null }
    })
    expect(await call<CommitEditsResult>(core, 'tables:commitEdits', oneInsert(connectionId, '1'))).toMatchObject({ ok: true, value: { version: '2' } })
    expect(merges(log)).toEqual([])
  })
})

describe('editability without merge_insert and without a location the app can open', () => {
  let s3: TestS3
  let dir: string
  const log: string[] = []
  let core: AppCore
  let connectionId: string
  let close: () => Promise<void>

  beforeAll(async () => {
    s3 = await startTestS3()
    dir = await makeTempDir('lcb-edit-unreachable')
    const root = `s3://${s3.bucket}/catalogs/edits`
    await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 12 } } } }, s3.storageOptions)
    // The describe vends the keys but not the store's address, so LanceDB cannot open the location; rows are read through the routes.
    const server = await startCatalogServer({
      root,
      storageOptions: s3.storageOptions,
      vendStorageOptions: ['aws_access_key_id', 'aws_secret_access_key'],
      rowWriteRoutes: false,
      log: (line) => log.push(line)
    })
    core = await setUpApp({ port: 0, dataDir: undefined, connections: [restSpec(server.url, [])] }, join(dir, 'data'), {
      info: { host: 'browser', version: 'test' }
    })
    connectionId = core.registry.list()[0]?.id ?? ''
    close = async () => {
      await core.close()
      await server.close()
    }
  }, 60_000)

  afterAll(async () => {
    await close?.()
    await s3?.close()
    await removeDir(dir)
  })

  it('says so before any edit, and a commit is refused without writing', async () => {
    expect(await call(core, 'tables:readRows', { connectionId, table: orders, offset: 0, limit: 5 })).toMatchObject({ ok: true })
    const answer = await call<Editability>(core, 'tables:editability', { connectionId, table: orders })
    expect(answer).toMatchObject({ ok: true, value: { editable: false, version: '1' } })
    const reason = answer.ok ? (answer.value.reason ?? '') : ''
    expect(reason).toMatch(
      /^The catalog does not offer the merge_insert route for table "sales\$orders", and LanceDB cannot open the table's files at its location \(.+\), so rows cannot be written\.$/
    )
    const refused = await call<CommitEditsResult>(core, 'tables:commitEdits', oneInsert(connectionId, '1'))
    expect(refused).toMatchObject({ ok: false, error: { code: 'unsupported', message: reason } })
    expect(merges(log).filter((line) => line.includes('/sales%24orders/'))).toEqual([])
    expect(await call(core, 'versions:list', { connectionId, table: orders })).toMatchObject({ ok: true, value: { versions: [{ version: '1' }] } })
  }, 60_000)
})
