import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { setUpApp, type AppCore } from '../app-setup'
import { dispatch } from './dispatch'

describe('shell:openFolder', () => {
  let dir: string
  let core: AppCore

  beforeAll(async () => {
    dir = await makeTempDir('lcb-open-folder-')
    await buildNestedCatalog(join(dir, 'sales'), { namespaces: { eu: { tables: { orders: 3 } } } })
    await mkdir(join(dir, 'empty'))
    await writeFile(join(dir, 'notes.txt'), 'not a folder')
    core = await setUpApp({ port: 0, dataDir: undefined, connections: [] }, join(dir, 'data'), { info: { host: 'electron', version: 'test' } })
  })

  afterAll(async () => {
    await core.close()
    await removeDir(dir)
  })

  it('opens a folder as a directory catalog whose namespaces list, once however often it is opened', async () => {
    const opened = await dispatch(core.handlers, 'shell:openFolder', { path: join(dir, 'sales') })
    expect(opened).toMatchObject({ ok: true, value: { name: 'sales', type: 'dir', target: join(dir, 'sales') } })
    const id = opened.ok ? (opened.value as { id: string }).id : ''
    expect(await dispatch(core.handlers, 'namespaces:list', { connectionId: id, parent: [] })).toMatchObject({ ok: true, value: { items: ['eu'] } })
    const again = await dispatch(core.handlers, 'shell:openFolder', { path: join(dir, 'sales') + '/' })
    expect(again).toMatchObject({ ok: true, value: { id } })
    const listed = await dispatch(core.handlers, 'connections:list', {})
    expect(listed.ok && (listed.value as { target: string }[]).filter((c) => c.target === join(dir, 'sales'))).toHaveLength(1)
  })

  it('opens an empty folder too (a new catalog)', async () => {
    expect(await dispatch(core.handlers, 'shell:openFolder', { path: join(dir, 'empty') })).toMatchObject({ ok: true, value: { name: 'empty' } })
  })

  it('says why a file, a missing folder or a relative path cannot open', async () => {
    expect(await dispatch(core.handlers, 'shell:openFolder', { path: join(dir, 'notes.txt') })).toEqual({
      ok: false,
      error: { code: 'invalid_request', message: '"notes.txt" is a file, not a folder. Open or drop a folder to browse it as a directory catalog.' }
    })
    expect(await dispatch(core.handlers, 'shell:openFolder', { path: join(dir, 'gone') })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: `The folder "${join(dir, 'gone')}" does not exist.` }
    })
    expect(await dispatch(core.handlers, 'shell:openFolder', { path: 'relative/x' })).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    expect(await dispatch(core.handlers, 'shell:openFolder', { path: '' })).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
  })
})
