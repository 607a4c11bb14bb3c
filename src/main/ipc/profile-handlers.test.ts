import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import type { Channel } from '../../shared/ipc-channels'
import type { ProfileDraft } from '../../shared/profile-types'
import { setUpApp, type AppCore } from '../app-setup'
import { profileConnectionId } from '../connections/connection-spec'
import { sendJson, startServer } from '../../../test-kit/test-http-server'
import { PLAIN_SECRETS_FILE } from '../secrets/secret-store'
import { dispatch } from './dispatch'

const KEY = 'sk-handlers-0123456789-3f9a'
const READ_KEY = 'sk-handlers-read-000-77aa'

let dir: string
let server: RunningCatalogServer
const cores: AppCore[] = []
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-profile-handlers-'))
  server = await startCatalogServer({ root: join(dir, 'catalog'), apiKeys: [KEY, `${READ_KEY}:read`] })
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()))
  await rm(join(dir, 'data'), { recursive: true, force: true })
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

async function start(): Promise<AppCore> {
  const core = await setUpApp({ port: 0, dataDir: undefined, connections: [] }, join(dir, 'data'), { info: { host: 'browser', version: 'test' } })
  cores.push(core)
  return core
}

async function call<T = unknown>(core: AppCore, channel: Channel, request: unknown): Promise<T> {
  const result = await dispatch(core.handlers, channel, request)
  if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
  return result.value as T
}

const restDraft = (key: string, preset?: 'enterprise'): ProfileDraft => ({
  name: 'Reference',
  connectType: 'rest',
  ...(preset ? { preset } : {}),
  properties: { uri: server.url },
  headers: [{ name: 'x-api-key', value: key }]
})

interface Report {
  ok: boolean
  steps: Array<{ status?: number; verdict: string; request?: { headers: Record<string, string> } }>
}

describe('profile handlers', () => {
  it('tests a saved profile with its stored key, and a draft that keeps the masked key', async () => {
    const core = await start()
    const view = await call<{ id: string; properties: Record<string, string> }>(core, 'profiles:create', { draft: restDraft(KEY) })
    const saved = await call<Report>(core, 'profiles:test', { id: view.id })
    expect(saved.ok).toBe(true)
    expect(saved.steps[0]).toMatchObject({ status: 200, verdict: 'ok', request: { headers: { 'x-api-key': '••••3f9a' } } })

    // The editor sends the mask back for an unchanged secret.
    const masked = { ...restDraft(view.properties['headers.x-api-key'] ?? ''), name: '' }
    expect((await call<Report>(core, 'profiles:test', { id: view.id, draft: masked })).ok).toBe(true)
    const wrong = await call<Report>(core, 'profiles:test', { id: view.id, draft: restDraft('wrong-key-000') })
    expect(wrong.steps[0]).toMatchObject({ status: 401, verdict: 'unauthenticated' })
    expect(JSON.stringify([saved, wrong])).not.toContain(KEY)
  })

  it('tests an Enterprise draft through the write probe', async () => {
    const core = await start()
    const report = await call<Report>(core, 'profiles:test', { draft: restDraft(READ_KEY, 'enterprise') })
    expect(report.steps.map((s) => [s.status, s.verdict])).toEqual([
      [200, 'ok'],
      [403, 'forbidden']
    ])
  })

  it('refuses a 2,000,000-character profile name with a clear message and saves nothing', async () => {
    const core = await start()
    await expect(call(core, 'profiles:create', { draft: { ...restDraft(KEY), name: 'n'.repeat(2_000_000) } })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('A profile name can be at most 200 characters.')
    })
    expect((await call<{ profiles: unknown[] }>(core, 'profiles:list', {})).profiles).toEqual([])
  })

  it('refuses to test a draft with an invalid header, naming the field', async () => {
    const core = await start()
    const draft = { ...restDraft(KEY), headers: [{ name: 'x-bad', value: 'a\r\nInjected: 1' }] }
    await expect(call(core, 'profiles:test', { draft })).rejects.toMatchObject({
      code: 'invalid_request',
      details: { fieldErrors: { 'header:0:value': expect.stringContaining('line break') } }
    })
  })

  it('opens an Enterprise profile with the Enterprise routes and reopens the last used profile at start', async () => {
    const first = await start()
    const ent = await call<{ id: string }>(first, 'profiles:create', { draft: restDraft(KEY, 'enterprise') })
    const opened = await call<{ id: string }>(first, 'profiles:open', { id: ent.id })
    expect(opened.id).toBe(profileConnectionId(ent.id))
    expect(await first.profiles.toConnectionSpec(ent.id)).toMatchObject({ type: 'rest', routes: 'enterprise', secretHeaders: ['x-api-key'] })
    const local = await call<{ id: string }>(first, 'profiles:create', {
      draft: { name: 'Local', connectType: 'dir', properties: { root: join(dir, 'local') }, headers: [] }
    })
    const localConnection = await call<{ id: string }>(first, 'profiles:open', { id: local.id })
    await first.close()

    const second = await start()
    const state = await call<{ lastUsedId: string; lastUsedConnectionId: string }>(second, 'profiles:list', {})
    expect(state.lastUsedId).toBe(local.id)
    expect(state.lastUsedConnectionId).toBe(localConnection.id)
    expect((await call<{ openConnections: Record<string, string> }>(second, 'profiles:list', {})).openConnections).toEqual({ [local.id]: localConnection.id })
    expect(second.registry.list().map((c) => c.id)).toContain(localConnection.id)
  })

  it('moves secrets from memory to a 0600 file on opt-in, which the next start uses', async () => {
    const first = await start()
    const before = await call<{ secretStorage: { kind: string } }>(first, 'profiles:list', {})
    expect(before.secretStorage.kind).toBe('memory')
    const view = await call<{ id: string }>(first, 'profiles:create', { draft: restDraft(KEY) })
    expect(await call(first, 'profiles:useSecretsFile', {})).toMatchObject({ kind: 'file', description: expect.stringContaining('0600') })
    const file = join(dir, 'data', PLAIN_SECRETS_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readFile(join(dir, 'data', 'profiles.json'), 'utf8')).not.toContain(KEY)
    await expect(call(first, 'profiles:useSecretsFile', {})).rejects.toMatchObject({ code: 'invalid_request' })
    await first.close()

    const second = await start()
    expect((await call<{ secretStorage: { kind: string } }>(second, 'profiles:list', {})).secretStorage.kind).toBe('file')
    expect((await call<Report>(second, 'profiles:test', { id: view.id })).ok).toBe(true)
  })

  it('keeps secrets out of every file while they live in memory', async () => {
    const core = await start()
    await call(core, 'profiles:create', { draft: restDraft(KEY) })
    for (const name of await readdir(join(dir, 'data'), { recursive: true })) {
      const path = join(dir, 'data', name)
      if ((await stat(path)).isFile()) expect(await readFile(path, 'utf8')).not.toContain(KEY)
    }
  })

  it('masks a header marked secret in errors from the opened connection', async () => {
    const token = 'custom-token-0123456789'
    const echo = await startServer((req, res) => sendJson(res, 500, { error: `bad token ${String(req.headers['x-token'])}`, code: 18 }))
    try {
      const core = await start()
      const draft: ProfileDraft = {
        name: 'Echo',
        connectType: 'rest',
        properties: { uri: echo.url },
        headers: [{ name: 'X-Token', value: token, secret: true }]
      }
      const view = await call<{ id: string }>(core, 'profiles:create', { draft })
      const connection = await call<{ id: string }>(core, 'profiles:open', { id: view.id })
      const result = await dispatch(core.handlers, 'namespaces:list', { connectionId: connection.id, parent: [] })
      expect(result.ok).toBe(false)
      expect(JSON.stringify(result)).toContain('bad token ••••')
      expect(JSON.stringify(result)).not.toContain(token)
    } finally {
      await echo.close()
    }
  })

  it('reports a missing root and creates it on request', async () => {
    const core = await start()
    const root = join(dir, 'new', 'catalog')
    expect(await call(core, 'profiles:checkRoot', { root })).toMatchObject({ state: 'missing' })
    expect(await call(core, 'profiles:createRoot', { root })).toMatchObject({ state: 'folder' })
    expect(await call(core, 'profiles:checkRoot', { root: 'relative/path' })).toMatchObject({ state: 'invalid' })
    await expect(call(core, 'profiles:createRoot', { root: 'relative' })).rejects.toMatchObject({ code: 'invalid_request' })
  })
})
