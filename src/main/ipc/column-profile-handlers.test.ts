/** The column profile channels through the real handler table: answers, validation, cancel, and the cache by version. */
import { connectNamespace } from '@lancedb/lancedb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { lanceArrow as arrow } from '../../catalog/lance-arrow'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import type { AppCore } from '../app-setup'
import { dispatch } from './dispatch'
import type { IpcResult } from '../../shared/ipc-channels'
import type { ProfileProgress, TableProfile } from '../../shared/contract/column-profile'

const { Float64, Int32, Table, Utf8, vectorFromArray } = arrow

function rows(count: number, first = 0) {
  const ids = Array.from({ length: count }, (_, i) => first + i)
  return new Table({
    id: vectorFromArray(ids, new Int32()),
    score: vectorFromArray(
      ids.map((i) => (i % 4 === 0 ? null : (i % 1000) / 10)),
      new Float64()
    ),
    country: vectorFromArray(
      ids.map((i) => ['NL', 'DE', 'FR'][i % 3]!),
      new Utf8()
    )
  })
}

const profile = (core: AppCore, request: object): Promise<IpcResult<TableProfile>> =>
  dispatch(core.handlers, 'columns:profile', request) as Promise<IpcResult<TableProfile>>
const progressOf = (core: AppCore, operationId: string): Promise<IpcResult<ProfileProgress>> =>
  dispatch(core.handlers, 'columns:profileProgress', { operationId }) as Promise<IpcResult<ProfileProgress>>

/** Builds the `scores` table of 1,000 rows in `root`. */
async function buildScores(root: string): Promise<void> {
  const db = await connectNamespace('dir', { root })
  ;(await db.createTable('scores', rows(1_000))).close()
  db.close()
}

describe('column profile channels', () => {
  let app: CatalogApp
  let core: AppCore
  let connectionId: string
  const table = { namespace: [], name: 'scores' }

  beforeEach(async () => {
    app = await startAppOverCatalog('lcb-column-profile', buildScores)
    ;({ core, connectionId } = app)
  }, 60_000)

  afterEach(() => app.close())

  it('answers a profile, then the same one from the cache, and a new one for a new version', async () => {
    const first = await profile(core, { connectionId, table })
    expect(first).toMatchObject({ ok: true, value: { version: '1', totalRows: '1000', rowsRead: 1000, mode: 'exact', cached: false } })
    const again = await profile(core, { connectionId, table })
    expect(again).toMatchObject({ ok: true, value: { version: '1', cached: true } })
    if (!first.ok || !again.ok) throw new Error('failed')
    expect(again.value.columns).toEqual(first.value.columns)

    // A row written elsewhere: after the user's Refresh, the profile is of version 2.
    const db = await connectNamespace('dir', { root: app.root })
    const opened = await db.openTable('scores')
    await opened.add(rows(1, 5_000) as never)
    opened.close()
    db.close()
    await dispatch(core.handlers, 'tables:refresh', {})
    const next = await profile(core, { connectionId, table })
    expect(next).toMatchObject({ ok: true, value: { version: '2', totalRows: '1001', cached: false } })
    if (!next.ok) throw new Error('failed')
    expect(next.value.columns.find((c) => c.name === 'id')?.detail).toMatchObject({ numbers: { max: '5000' } })
    // The older version is still answered from the cache when asked for by number.
    expect(await profile(core, { connectionId, table, version: '1' })).toMatchObject({ ok: true, value: { cached: true } })
  })

  it('profiles a filter and chosen columns, and keeps them apart in the cache', async () => {
    const nl = await profile(core, { connectionId, table, filter: "country = 'NL'", columns: ['country'] })
    expect(nl).toMatchObject({ ok: true, value: { filter: "country = 'NL'", totalRows: '334', cached: false } })
    if (!nl.ok) throw new Error('failed')
    expect(nl.value.columns).toHaveLength(1)
    expect(nl.value.columns[0]?.detail).toMatchObject({ kind: 'string', top: [{ value: 'NL', count: 334, filter: "`country` = 'NL'" }] })
    const all = await profile(core, { connectionId, table, columns: ['country'] })
    expect(all).toMatchObject({ ok: true, value: { totalRows: '1000', cached: false } })
  })

  it('refuses an unknown column and a malformed version', async () => {
    expect(await profile(core, { connectionId, table, columns: ['nope'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: 'The table has no column "nope".' }
    })
    expect(await profile(core, { connectionId, table, version: 'latest' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' }
    })
  })

  it('reports rows read while it runs, and stops on cancel', async () => {
    const db = await connectNamespace('dir', { root: app.root })
    ;(await db.createTable('long', rows(800_000))).close()
    db.close()
    const operationId = 'profile-cancel-1'
    const running = profile(core, { connectionId, table: { namespace: [], name: 'long' }, operationId })
    let progress = await progressOf(core, operationId)
    const deadline = Date.now() + 20_000
    while (!(progress.ok && progress.value.rowsRead > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      progress = await progressOf(core, operationId)
    }
    expect(progress).toMatchObject({ ok: true, value: { state: 'running', rowsTotal: 800_000 } })
    expect(await dispatch(core.handlers, 'operations:cancel', { operationId })).toEqual({ ok: true, value: null })
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    expect(await progressOf(core, operationId)).toMatchObject({ ok: true, value: { state: 'finished' } })
    // Nothing half-done was kept: the next profile runs to the end.
    const whole = await profile(core, { connectionId, table: { namespace: [], name: 'long' } })
    expect(whole).toMatchObject({ ok: true, value: { rowsRead: 800_000, cached: false } })
  }, 60_000)
})

describe('column profiles on a REST catalog', () => {
  let app: CatalogApp

  beforeEach(async () => {
    app = await startAppOverCatalog('lcb-column-profile-rest', buildScores, { server: {} })
  }, 60_000)

  afterEach(() => app.close())

  it('profiles a table read through the catalog as a directory catalog profiles it', async () => {
    const { core, connectionId } = app
    const answer = await profile(core, { connectionId, table: { namespace: [], name: 'scores' }, filter: "country = 'DE'" })
    expect(answer).toMatchObject({ ok: true, value: { totalRows: '333', rowsRead: 333, mode: 'exact', version: '1' } })
    if (!answer.ok) throw new Error('failed')
    const score = answer.value.columns.find((c) => c.name === 'score')
    // Rows 1, 4, 7, … below 1,000: a quarter of them (i % 4 === 0) are null.
    const ids = Array.from({ length: 1_000 }, (_, i) => i).filter((i) => i % 3 === 1)
    expect(score).toMatchObject({ count: 333, nulls: ids.filter((i) => i % 4 === 0).length })
  })
})
