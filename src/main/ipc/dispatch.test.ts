import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setUpApp, type AppCore } from '../app-setup'
import { dirSpec } from '../connections/connection-spec'
import { dispatch } from './dispatch'

describe('dispatch', () => {
  let dir: string
  let core: AppCore
  let fileRootId: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lcb-dispatch-'))
    const file = join(dir, 'plain.txt')
    await writeFile(file, 'not a catalog')
    core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(file)] }, join(dir, 'data'), {
      info: { host: 'browser', version: 'test' }
    })
    fileRootId = core.registry.list()[0]?.id ?? ''
  })

  afterAll(async () => {
    await core.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('answers a valid request with its value', async () => {
    const result = await dispatch(core.handlers, 'app:info', {})
    expect(result).toEqual({ ok: true, value: { host: 'browser', version: 'test' } })
  })

  it.each([
    ['a missing field', 'namespaces:list', { parent: [] }, /connectionId/],
    ['a wrong type', 'tables:list', { connectionId: 'x', namespace: 'a$b' }, /namespace: .*expected array/i],
    ['an unknown field', 'connections:list', { sneaky: true }, /sneaky/],
    ['an empty name', 'tables:describe', { connectionId: 'x', table: { namespace: [], name: '' } }, /cannot be empty/],
    [
      'a new table name outside the rule',
      'tables:create',
      { connectionId: 'x', table: { namespace: ['my ns'], name: '../etc' }, mode: 'create', data: new Uint8Array() },
      /"\.\.\/etc" is not a valid name/
    ],
    [
      'a new name outside the rule',
      'tables:rename',
      { connectionId: 'x', table: { namespace: [], name: 'my table' }, newName: 'a b' },
      /"a b" is not a valid name/
    ],
    ['a limit out of range', 'namespaces:list', { connectionId: 'x', parent: [], limit: 0 }, /limit/],
    ['the root as a namespace to create', 'namespaces:create', { connectionId: 'x', path: [] }, /root namespace always exists/],
    ['no request at all', 'tables:describe', undefined, /connectionId/]
  ])('turns %s into {ok:false} with a clear message', async (_what, channel, request, message) => {
    const result = await dispatch(core.handlers, channel, request)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_request')
      expect(result.error.message).toMatch(message)
    }
  })

  it('carries a handler error as a value with its code', async () => {
    const result = await dispatch(core.handlers, 'namespaces:list', { connectionId: fileRootId, parent: [] })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_catalog', message: expect.stringContaining('is a file, not a folder') } })
  })

  it('reports an unknown connection', async () => {
    const result = await dispatch(core.handlers, 'tables:list', { connectionId: 'gone', namespace: [] })
    expect(result).toMatchObject({ ok: false, error: { code: 'connection_not_found' } })
  })
})
