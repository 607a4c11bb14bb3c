/**
 * The changes channels through the app's own dispatch, on a directory catalog holding a
 * table changed in known ways (test-kit/changes-table.ts): the counts, a page of changed
 * rows, and the requests refused before they reach the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import { buildChangesTable, CHANGES_TABLE, CHANGES_TRUTH } from '../../../test-kit/changes-table'
import type { AppCore } from '../app-setup'
import { dispatch } from './dispatch'

const table = { namespace: [], name: CHANGES_TABLE }
let app: CatalogApp
let core: AppCore
let connectionId: string
let versions: { from: string; to: string }

beforeAll(async () => {
  app = await startAppOverCatalog('lcb-changes-handlers', async (root) => {
    versions = await buildChangesTable(root, true)
  })
  ;({ core, connectionId } = app)
})

afterAll(async () => {
  await app?.close()
})

describe('changes channels', () => {
  it('counts the changes and pages the changed rows', async () => {
    expect(await dispatch(core.handlers, 'changes:count', { connectionId, table, ...versions })).toMatchObject({ ok: true, value: CHANGES_TRUTH })
    const page = await dispatch(core.handlers, 'changes:rows', { connectionId, table, ...versions, key: 'id', kind: 'deleted', offset: 0, limit: 4 })
    expect(page).toMatchObject({ ok: true, value: { method: 'key', key: 'id', kind: 'deleted', total: 10, offset: 0, next: 4, after: null } })
    expect(page.ok && (page.value as { rows: unknown[] }).rows).toHaveLength(4)
  })

  it('refuses pages out of bounds and unknown kinds', async () => {
    for (const bad of [
      { kind: 'added', offset: 0, limit: 0 },
      { kind: 'added', offset: 0, limit: 101 },
      { kind: 'added', offset: -1, limit: 10 },
      { kind: 'moved', offset: 0, limit: 10 }
    ]) {
      expect(await dispatch(core.handlers, 'changes:rows', { connectionId, table, ...versions, ...bad })).toMatchObject({
        ok: false,
        error: { code: 'invalid_request' }
      })
    }
  })
})
