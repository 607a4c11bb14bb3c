import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_HEADER } from './host'

const cli = resolve(import.meta.dirname, 'cli.ts')
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx')

/** Starts `npm run web`'s entry from source and resolves with its first stdout line. */
function startCli(args: string[]): Promise<{ line: string; exited: Promise<number | null>; kill: (signal: NodeJS.Signals) => void }> {
  const child = spawn(tsx, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return new Promise((done, fail) => {
    let out = ''
    let err = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const newline = out.indexOf('\n')
      if (newline >= 0) done({ line: out.slice(0, newline), exited, kill: (signal) => child.kill(signal) })
    })
    void exited.then((code) => fail(new Error(`exited ${code} before printing: ${err}`)))
  })
}

describe('npm run web', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lcb-cli-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it.each(['SIGTERM', 'SIGINT'] as const)('prints its URL on one line, serves calls, and stops cleanly on %s', async (signal) => {
    const run = await startCli(['--data-dir', join(dir, `data-${signal}`), '--dir', join(dir, 'catalog'), '--port', '0'])
    const url = /(http:\/\/127\.0\.0\.1:\d+\/\?token=([\w-]+))$/.exec(run.line)
    expect(url, run.line).not.toBeNull()
    const base = new URL(url?.[1] ?? '')
    const reply = await fetch(new URL('/rpc/connections:list', base), {
      method: 'POST',
      headers: { [TOKEN_HEADER]: decodeURIComponent(url?.[2] ?? '') },
      body: '{}'
    })
    expect(await reply.json()).toMatchObject({ ok: true, value: [{ name: 'catalog', type: 'dir' }] })
    run.kill(signal)
    expect(await run.exited).toBe(0)
  })

  it('explains a bad flag and exits with status 2', async () => {
    const child = spawn(tsx, [cli, '--port', 'many'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    const code = await new Promise<number | null>((done) => child.once('exit', done))
    expect(code).toBe(2)
    expect(err).toContain('--port must be 0-65535, not "many"')
  })
})
