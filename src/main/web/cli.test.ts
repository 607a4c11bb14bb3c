import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_HEADER } from './host'

const cli = resolve(import.meta.dirname, 'cli.ts')
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx')

/** Starts `npm run web`'s entry from source and resolves with its first stdout line. */
function startCli(args: string[]): Promise<{ line: string; exited: Promise<number | null>; kill: (signal: NodeJS.Signals) => void; stderr: () => string }> {
  const child = spawn(tsx, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return new Promise((done, fail) => {
    let out = ''
    let err = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const newline = out.indexOf('\n')
      if (newline >= 0) done({ line: out.slice(0, newline), exited, kill: (signal) => child.kill(signal), stderr: () => err })
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

  it('keeps its port and token for the next run on the same data dir, so an open tab keeps working', async () => {
    const dataDir = join(dir, 'data-kept')
    const args = ['--data-dir', dataDir, '--dir', join(dir, 'catalog')]
    const first = await startCli(args)
    first.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    const second = await startCli(args)
    try {
      expect(second.line).toBe(first.line)
      const url = /(http:\/\/127\.0\.0\.1:\d+)\/\?token=([\w-]+)$/.exec(first.line)
      // A call as the first run's tab makes it, with the token that tab holds.
      const reply = await fetch(`${url?.[1]}/rpc/connections:list`, { method: 'POST', headers: { [TOKEN_HEADER]: url?.[2] ?? '' }, body: '{}' })
      expect(reply.status).toBe(200)
      expect((await stat(join(dataDir, 'browser-host.json'))).mode & 0o777).toBe(0o600)
    } finally {
      second.kill('SIGTERM')
      await second.exited
    }
  })

  it('takes a new port and token when the kept ones cannot be used', async () => {
    const dataDir = join(dir, 'data-busy')
    const args = ['--data-dir', dataDir, '--dir', join(dir, 'catalog')]
    const token = (line: string) => new URL(/http\S+$/.exec(line)?.[0] ?? '').searchParams.get('token')
    const port = (line: string) => new URL(/http\S+$/.exec(line)?.[0] ?? '').port
    const kept = async () => (JSON.parse(await readFile(join(dataDir, 'browser-host.json'), 'utf8')) as { token: string }).token
    const first = await startCli(args)
    try {
      // The kept port is taken (by the first run, still going): the second listens elsewhere, with a token of its own.
      const second = await startCli(args)
      second.kill('SIGTERM')
      await second.exited
      expect(token(second.line)).not.toBe(token(first.line))
      expect(port(second.line)).not.toBe(port(first.line))
      expect(second.stderr()).toContain(`The last run's port ${port(first.line)} is in use, so this run took another`)
    } finally {
      first.kill('SIGTERM')
      await first.exited
    }
    // --port naming another port than the kept one gives that port a token of its own.
    const before = await kept()
    const elsewhere = await startCli([...args, '--port', '0'])
    elsewhere.kill('SIGTERM')
    await elsewhere.exited
    expect(token(elsewhere.line)).not.toBe(before)
    // A kept file that is not what the app wrote gives a new token, and is written anew.
    await writeFile(join(dataDir, 'browser-host.json'), '{"port": "many", "token": 7}')
    const third = await startCli(args)
    third.kill('SIGTERM')
    await third.exited
    expect(third.line).toMatch(/token=[\w-]{32}$/)
    expect(JSON.parse(await readFile(join(dataDir, 'browser-host.json'), 'utf8'))).toMatchObject({ token: expect.stringMatching(/^[\w-]{32}$/) })
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
