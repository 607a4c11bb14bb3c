/**
 * The index channels through the app's own dispatch, on a directory catalog holding the
 * LanceDB-made `articles` table: listing, create and its cancel (also when the cancel
 * overtakes the create), drop, optimize and null counts, with request validation.
 */
import { connect } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import { makeLanceNativeTable, NATIVE_TABLE } from '../../../test-kit/lance-native-table'
import type { AppCore } from '../app-setup'
import { dispatch } from './dispatch'

const table = { namespace: [], name: NATIVE_TABLE }
let app: CatalogApp
let core: AppCore
let connectionId: string

beforeAll(async () => {
  app = await startAppOverCatalog('lcb-index-handlers', async (root) => {
    const db = await connect(root)
    ;(await makeLanceNativeTable(db)).close()
    db.close()
  })
  ;({ core, connectionId } = app)
})

afterAll(async () => {
  await app?.close()
})

const names = async (): Promise<unknown> => {
  const listed = await dispatch(core.handlers, 'indexes:list', { connectionId, table })
  return listed.ok ? (listed.value as Array<{ name: string }>).map((index) => index.name).sort() : listed
}

describe('index channels', () => {
  it('creates, lists and drops an index', async () => {
    expect(
      await dispatch(core.handlers, 'indexes:create', { connectionId, table, spec: { column: 'category', indexType: 'BITMAP' }, operationId: 'op-1' })
    ).toEqual({ ok: true, value: null })
    expect(await names()).toEqual(['category_idx', 'text_idx', 'vector_idx'])
    expect(await dispatch(core.handlers, 'indexes:drop', { connectionId, table, name: 'category_idx' })).toEqual({ ok: true, value: null })
    expect(await names()).toEqual(['text_idx', 'vector_idx'])
    expect(await dispatch(core.handlers, 'indexes:drop', { connectionId, table, name: 'category_idx' })).toMatchObject({
      ok: false,
      error: { code: 'index_not_found' }
    })
  })

  it('stops a create whose cancel arrived first, and says no create was running', async () => {
    expect(await dispatch(core.handlers, 'indexes:cancel', { operationId: 'op-early' })).toEqual({ ok: true, value: false })
    const created = await dispatch(core.handlers, 'indexes:create', {
      connectionId,
      table,
      spec: { column: 'id', indexType: 'BTREE' },
      operationId: 'op-early'
    })
    expect(created).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    expect(await names()).toEqual(['text_idx', 'vector_idx'])
  })

  it('refuses an index type the app does not know and a bad index name, before touching the table', async () => {
    const badType = await dispatch(core.handlers, 'indexes:create', { connectionId, table, spec: { column: 'id', indexType: 'HASH' }, operationId: 'op-2' })
    expect(badType).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    const badName = await dispatch(core.handlers, 'indexes:create', {
      connectionId,
      table,
      spec: { column: 'id', indexType: 'BTREE', name: 'a b' },
      operationId: 'op-3'
    })
    expect(badName).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/index name/) } })
  })

  it('optimizes and counts nulls', async () => {
    expect(await dispatch(core.handlers, 'indexes:optimize', { connectionId, table })).toMatchObject({ ok: true })
    const listed = await dispatch(core.handlers, 'indexes:list', { connectionId, table })
    expect(listed.ok && (listed.value as Array<{ unindexedRows: number }>).map((index) => index.unindexedRows)).toEqual([0, 0])
    expect(await dispatch(core.handlers, 'stats:nullCounts', { connectionId, table, columns: ['id', 'text'] })).toEqual({
      ok: true,
      value: [
        { column: 'id', nulls: '0' },
        { column: 'text', nulls: '0' }
      ]
    })
  })
})
