/**
 * A failure whose text comes from LanceDB reaches the page without the Rust source
 * locations and folder paths LanceDB writes, in the message and in the technical details
 * alike; the full text goes to the log.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setUpApp, type AppCore } from '../app-setup'
import { dirSpec } from '../connections/connection-spec'
import { dispatch } from './dispatch'
import { setLogWriter } from './error-log'

describe('what a failed call shows and what it logs', () => {
  let dir: string
  let core: AppCore
  let connectionId: string
  const logged: string[] = []
  let restore: (line: string) => void

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lcb-error-log-'))
    const root = join(dir, 'catalog')
    // A table folder with no versions: LanceDB fails to open it, naming its paths and its Rust source.
    await mkdir(join(root, 'broken.lance'), { recursive: true })
    core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(root)] }, join(dir, 'data'), { info: { host: 'browser', version: 'test' } })
    connectionId = core.registry.list()[0]?.id ?? ''
    restore = setLogWriter((line) => logged.push(line))
  })

  afterAll(async () => {
    setLogWriter(restore)
    await core.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('keeps source locations out of the answer and in the log', async () => {
    const result = await dispatch(core.handlers, 'tables:describe', { connectionId, table: { namespace: [], name: 'broken' } })
    expect(result.ok).toBe(false)
    const answer = JSON.stringify(result)
    expect(answer).not.toMatch(/\.rs:\d+|cargo|registry|lcb-error-log-/)
    expect(logged.join('\n')).toMatch(/\.rs:\d+/)
  })
})
