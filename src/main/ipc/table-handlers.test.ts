import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { makeTempDir, removeDir, rowsWithABadNull, sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { setUpApp, type AppCore } from '../app-setup'
import { dirSpec, restSpec } from '../connections/connection-spec'
import { dispatch } from './dispatch'

describe('table handlers on a directory catalog', () => {
  let dir: string
  let core: AppCore
  let id: string

  beforeEach(async () => {
    dir = await makeTempDir('lcb-table-handlers')
    core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(join(dir, 'catalog'))] }, join(dir, 'data'), {
      info: { host: 'browser', version: 'test' }
    })
    id = core.registry.list()[0]?.id ?? ''
    await dispatch(core.handlers, 'namespaces:create', { connectionId: id, path: ['ns'] })
  })

  afterEach(async () => {
    await core.close()
    await removeDir(dir)
  })

  const table = { namespace: ['ns'], name: 'people' }
  const create = (mode: string, data: Uint8Array) => dispatch(core.handlers, 'tables:create', { connectionId: id, table, mode, data })
  const count = async () => await dispatch(core.handlers, 'tables:count', { connectionId: id, table })

  it('leaves no table behind when writing the rows fails', async () => {
    const result = await create('create', rowsWithABadNull())
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringMatching(/non-nullable/) } })
    expect(await dispatch(core.handlers, 'tables:list', { connectionId: id, namespace: ['ns'] })).toEqual({
      ok: true,
      value: { items: [], nextPageToken: null }
    })
    const folders = await readdir(join(dir, 'catalog'))
    expect(folders.filter((name) => name.includes('people'))).toEqual([])
    // The name is free again.
    expect(await create('create', sampleTableIpc(2))).toEqual({ ok: true, value: null })
  })

  it('refuses an existing table in mode create and keeps its rows', async () => {
    expect(await create('create', sampleTableIpc(3))).toEqual({ ok: true, value: null })
    const again = await create('create', sampleTableIpc(5))
    expect(again).toMatchObject({ ok: false, error: { code: 'table_exists', message: 'Table "ns$people" already exists.' } })
    expect(await count()).toEqual({ ok: true, value: '3' })
  })

  it('keeps an existing table in mode exist_ok, replaces it in overwrite, and survives a failed overwrite', async () => {
    await create('create', sampleTableIpc(3))
    expect(await create('exist_ok', sampleTableIpc(5))).toEqual({ ok: true, value: null })
    expect(await count()).toEqual({ ok: true, value: '3' })
    expect(await create('overwrite', sampleTableIpc(5))).toEqual({ ok: true, value: null })
    expect(await count()).toEqual({ ok: true, value: '5' })
    expect((await create('overwrite', rowsWithABadNull())).ok).toBe(false)
    expect(await count()).toEqual({ ok: true, value: '5' })
  })
})

describe('table handlers on an Enterprise connection', () => {
  let dir: string
  let server: RunningCatalogServer
  let core: AppCore
  const seen: string[] = []

  beforeEach(async () => {
    dir = await makeTempDir('lcb-table-handlers-ent')
    seen.length = 0
    server = await startCatalogServer({ root: join(dir, 'remote'), log: (line) => seen.push(line) })
    const spec = { ...restSpec(server.url, []), routes: 'enterprise' as const }
    core = await setUpApp({ port: 0, dataDir: undefined, connections: [spec] }, join(dir, 'data'), { info: { host: 'browser', version: 'test' } })
  })

  afterEach(async () => {
    await core.close()
    await server.close()
    await removeDir(dir)
  })

  it('creates root tables through POST /v1/tables/{name}, passing the mode along', async () => {
    const connectionId = core.registry.list()[0]?.id ?? ''
    const table = { namespace: [], name: 'words' }
    expect(await dispatch(core.handlers, 'tables:create', { connectionId, table, mode: 'create', data: sampleTableIpc(4) })).toEqual({ ok: true, value: null })
    expect(await dispatch(core.handlers, 'tables:create', { connectionId, table, mode: 'overwrite', data: sampleTableIpc(6) })).toEqual({
      ok: true,
      value: null
    })
    const creates = seen.filter((line) => line.startsWith('POST') && !line.includes('/describe'))
    expect(creates.map((line) => line.split(' -> ')[0])).toEqual(['POST /v1/tables/words', 'POST /v1/tables/words?mode=overwrite'])

    // Rows from REST come back as a page of plain bytes, as from the dir client.
    const rows = await dispatch(core.handlers, 'tables:readRows', { connectionId, table, offset: 0, limit: 2 })
    expect(rows.ok && rows.value).toMatchObject({ rowCount: 2, truncated: false, arrow: expect.any(Uint8Array) })

    const db = await connectNamespace('dir', { root: join(dir, 'remote') })
    const opened = await db.openTable('words')
    expect(await opened.countRows()).toBe(6)
    opened.close()
    db.close()
  })
})
