import { realpath } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { setUpApp, type AppCore } from '../app-setup'
import { dirSpec, restSpec } from '../connections/connection-spec'
import { dispatch } from './dispatch'

describe('catalog:reveal', () => {
  let dir: string
  let root: string
  const revealed: string[] = []
  let desktop: AppCore
  let browser: AppCore

  beforeAll(async () => {
    dir = await makeTempDir('lcb-reveal-')
    root = join(dir, 'catalog')
    await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 2 } } } })
    const options = { port: 0, dataDir: undefined, connections: [dirSpec(root), restSpec('http://127.0.0.1:9', [])] }
    // The file manager is an OS service: the desktop host's stand-in records what it was asked to show.
    desktop = await setUpApp(options, join(dir, 'data-desktop'), {
      info: { host: 'electron', version: 'test' },
      revealPath: (path) => revealed.push(path)
    })
    browser = await setUpApp(options, join(dir, 'data-browser'), { info: { host: 'browser', version: 'test' } })
  })

  afterAll(async () => {
    await desktop.close()
    await browser.close()
    await removeDir(dir)
  })

  const ids = (core: AppCore): { dir: string; rest: string } => {
    const [dirConnection, restConnection] = core.registry.list()
    return { dir: dirConnection?.id ?? '', rest: restConnection?.id ?? '' }
  }

  it('shows the catalog root, and a table at its own folder', async () => {
    expect(await dispatch(desktop.handlers, 'catalog:reveal', { connectionId: ids(desktop).dir })).toEqual({ ok: true, value: null })
    const table = { namespace: ['sales'], name: 'orders' }
    expect(await dispatch(desktop.handlers, 'catalog:reveal', { connectionId: ids(desktop).dir, table })).toEqual({ ok: true, value: null })
    expect(revealed[0]).toBe(root)
    const tableFolder = await realpath(revealed[1] ?? '')
    expect(tableFolder.startsWith(await realpath(root))).toBe(true)
    expect(tableFolder).toContain('orders')
  })

  it('refuses a REST catalog in plain words', async () => {
    expect(await dispatch(desktop.handlers, 'catalog:reveal', { connectionId: ids(desktop).rest })).toMatchObject({
      ok: false,
      error: { code: 'unsupported', message: 'Only directory catalogs have folders to show.' }
    })
  })

  it('says that browser mode has no file manager to open', async () => {
    expect(await dispatch(browser.handlers, 'catalog:reveal', { connectionId: ids(browser).dir })).toMatchObject({
      ok: false,
      error: { code: 'unsupported', message: 'Showing folders in the file manager works in the desktop app only.' }
    })
  })
})
