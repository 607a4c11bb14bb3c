import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import type { ProfilesState } from '../../shared/contract/profiles'
import type { Channel } from '../../shared/ipc-channels'
import type { HeaderDraft, ProfileDraft, ProfileView } from '../../shared/profile-types'
import { setUpApp, type AppCore } from '../app-setup'
import { sendJson, startServer, type TestServer } from '../../../test-kit/test-http-server'
import { callHandler } from './call-handler'

// Two real loopback servers: the catalog the key was saved for, and another one that
// answers every call (so the app would gladly keep talking to it) and records them.
const KEY = 'sk-origin-handlers-0123456789-3f9a'
const TOKEN = 'custom-token-origin-0123456789-77aa'

let dir: string
let home: RunningCatalogServer
let other: TestServer
const cores: AppCore[] = []
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-profile-origin-'))
  home = await startCatalogServer({ root: join(dir, 'catalog'), apiKeys: [KEY] })
  other = await startServer((req, res) => sendJson(res, 200, req.path.includes('/table/') ? { tables: [] } : { namespaces: [] }))
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()))
  await rm(join(dir, 'data'), { recursive: true, force: true })
  other.requests.length = 0
})
afterAll(async () => {
  await Promise.all([home.close(), other.close()])
  await rm(dir, { recursive: true, force: true })
})

async function start(): Promise<AppCore> {
  const core = await setUpApp({ port: 0, dataDir: undefined, connections: [] }, join(dir, 'data'), { info: { host: 'browser', version: 'test' } })
  cores.push(core)
  return core
}

function call<T>(core: AppCore, channel: Channel, request: unknown): Promise<T> {
  return callHandler<T>(core.handlers, channel, request)
}

const draft = (uri: string, headers: readonly HeaderDraft[]): ProfileDraft => ({ name: 'Home', connectType: 'rest', properties: { uri }, headers })
const saved = (): ProfileDraft =>
  draft(home.url, [
    { name: 'x-api-key', value: KEY },
    { name: 'X-Token', value: TOKEN, secret: true }
  ])
/** What the editor sends for an unchanged saved profile: secrets left out. */
const keeping = (uri: string, tokenSecret = true): ProfileDraft =>
  draft(uri, [{ name: 'x-api-key' }, { name: 'X-Token', ...(tokenSecret ? { secret: true } : {}) }])

function assertNothingLeaked(): void {
  const seen = JSON.stringify(other.requests.map((r) => ({ headers: r.headers, url: r.rawUrl, body: r.body.toString('latin1') })))
  expect(seen).not.toContain(KEY)
  expect(seen).not.toContain(TOKEN)
}

describe('secrets only ever go to the origin they were saved for', () => {
  it('test: a draft for another server does not borrow the saved secrets', async () => {
    const core = await start()
    const { id } = await call<ProfileView>(core, 'profiles:create', { draft: saved() })
    // The control: the saved profile works at home, so the secrets are there to leak.
    expect((await call<{ ok: boolean }>(core, 'profiles:test', { id })).ok).toBe(true)
    const masked = (await call<ProfilesState>(core, 'profiles:list', {})).profiles[0]?.properties['headers.x-api-key'] ?? ''
    for (const uri of [other.url, `${other.url}/v1/`, other.url.replace('127.0.0.1', 'localhost')]) {
      for (const sent of [
        keeping(uri),
        draft(uri, [
          { name: 'x-api-key', value: masked },
          { name: 'X-Token', secret: true }
        ])
      ]) {
        const report = await call<{ ok: boolean; steps: Array<{ message: string }> }>(core, 'profiles:test', { id, draft: sent })
        expect(report.steps[0]?.message).toBe(
          `x-api-key was not sent: the saved secrets belong to ${home.url} and are never sent to another server. Enter it in the editor and test again.`
        )
      }
    }
    // An un-marked header is not lent the saved secret either, even at home.
    await call(core, 'profiles:test', { id, draft: keeping(other.url, false) })
    const atHome = await call<unknown>(core, 'profiles:test', { id, draft: keeping(home.url, false) })
    expect(JSON.stringify(atHome)).not.toContain(TOKEN)
    assertNothingLeaked()
  })

  it('update, open and list: moving the profile to another server clears its secrets, and says why', async () => {
    const core = await start()
    const { id } = await call<ProfileView>(core, 'profiles:create', { draft: saved() })
    await call(core, 'profiles:open', { id })
    const moved = await call<ProfileView>(core, 'profiles:update', { id, draft: keeping(other.url) })
    expect(moved.hasSecret).toEqual({ 'x-api-key': false, 'X-Token': false })
    expect(moved.secretProblems?.['x-api-key']).toMatch(/address changed to another server.*enter them again/)
    await expect(call(core, 'profiles:open', { id })).rejects.toMatchObject({ code: 'unauthenticated' })
    const state = await call<ProfilesState>(core, 'profiles:list', {})
    expect(JSON.stringify(state)).not.toContain(KEY)
    expect(state.profiles[0]?.hasSecret).toEqual({ 'x-api-key': false, 'X-Token': false })

    // Pointing back home does not revive them, and a new key for the new server is the only one it gets.
    await call(core, 'profiles:update', { id, draft: draft(other.url, [{ name: 'x-api-key', value: 'sk-for-the-other-server-000' }]) })
    const connection = await call<{ id: string }>(core, 'profiles:open', { id })
    await call(core, 'namespaces:list', { connectionId: connection.id, parent: [] })
    expect(other.requests.length).toBeGreaterThan(0)
    expect(other.requests.every((r) => r.headers['x-api-key'] === 'sk-for-the-other-server-000')).toBe(true)
    assertNothingLeaked()

    // And after a restart, nothing of the old secrets is anywhere in the data dir's files.
    await core.close()
    const again = await start()
    expect(JSON.stringify(await call(again, 'profiles:list', {}))).not.toContain(KEY)
  })

  it('un-marking a secret header drops its value: not shown, not written, not sent', async () => {
    const core = await start()
    const { id } = await call<ProfileView>(core, 'profiles:create', { draft: saved() })
    const view = await call<ProfileView>(core, 'profiles:update', { id, draft: keeping(home.url, false) })
    expect(view.properties['headers.X-Token']).toBe('')
    expect(JSON.stringify(await call(core, 'profiles:list', {}))).not.toContain(TOKEN)
    for (const name of await readdir(join(dir, 'data'), { recursive: true })) {
      const path = join(dir, 'data', name)
      if ((await stat(path)).isFile()) expect(await readFile(path, 'utf8')).not.toContain(TOKEN)
    }
    const report = await call<unknown>(core, 'profiles:test', { id })
    expect(JSON.stringify(report)).not.toContain(TOKEN)
  })
})
