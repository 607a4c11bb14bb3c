/**
 * Find in catalog in the real browser-mode host (`npm run web`'s entry, a child process)
 * pointed at a hostile REST catalog, at the default budgets: endless pagination of the
 * root's namespaces (the same names, a fresh token on every page), table names of 1 MiB
 * and describes of 100,000 fields. The walk finishes with notes, the host stays alive and
 * answers a trivial call within 2 s all along, and its memory stays under a bound.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import type { FindStatus } from '../../shared/contract/find'
import { TOKEN_HEADER } from '../web/host'
import { startHostileCatalog } from '../../../test-kit/hostile-catalog'

const root = resolve(import.meta.dirname, '../../..')
/** The host's resident memory may not pass this while it walks the hostile catalog. */
const MAX_RSS_BYTES = 600 * 1024 * 1024

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Starts the host from source under plain Node (so its pid is the host's own) and reads its URL. */
function startHost(args: string[]): Promise<{ child: ChildProcess; base: string; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'src/main/web/cli.ts'), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  cleanups.push(async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGTERM')
    await exited
  })
  return new Promise((done, fail) => {
    let out = ''
    let err = ''
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const url = /(http:\/\/127\.0\.0\.1:\d+)\/\?token=([\w-]+)/.exec(out)
      if (url) done({ child, base: url[1] ?? '', token: decodeURIComponent(url[2] ?? '') })
    })
    child.once('exit', (code) => fail(new Error(`the host exited ${code} before printing its URL: ${err}`)))
  })
}

/** The resident memory of a process, from /proc. */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

describe('Find in the browser-mode host against a hostile catalog', () => {
  it('finishes with notes while the host stays alive, answers within 2 s and stays under its memory bound', async () => {
    const catalog = await startHostileCatalog({ seed: 21, rootNamespaces: 'endless', repeatNames: true, longTables: 3, rootTables: 4, fields: 100_000 })
    cleanups.push(() => catalog.close())
    const dataDir = await makeTempDir('find-host')
    cleanups.push(() => removeDir(dataDir))
    const { child, base, token } = await startHost(['--data-dir', dataDir, '--rest', catalog.url, '--port', '0', '--no-keychain'])
    const pid = child.pid ?? 0

    const rpc = async (channel: string, value: unknown): Promise<{ ok: boolean; value?: unknown; error?: unknown }> => {
      const reply = await fetch(`${base}/rpc/${channel}`, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify(value)
      })
      return (await reply.json()) as { ok: boolean; value?: unknown }
    }
    const listed = await rpc('connections:list', {})
    const connectionId = (listed.value as { id: string }[])[0]?.id ?? ''
    expect((await rpc('find:start', { connectionId })).ok).toBe(true)

    let slowest = 0
    let rss = 0
    let status: FindStatus
    for (;;) {
      const started = performance.now()
      expect((await rpc('connections:list', {})).ok).toBe(true)
      slowest = Math.max(slowest, performance.now() - started)
      rss = Math.max(rss, await rssOf(pid))
      status = (await rpc('find:status', { connectionId })).value as FindStatus
      if (status.state === 'idle') break
      await new Promise((done) => setTimeout(done, 100))
    }

    expect(slowest).toBeLessThan(2_000)
    expect(rss).toBeLessThan(MAX_RSS_BYTES)
    expect(status).toMatchObject({ complete: true, cancelled: false })
    const notes = status.notes.join('\n')
    expect(notes).toMatch(/Listing the namespaces in the root namespace stopped after 2,000 pages/)
    expect(notes).toMatch(/3 names longer than 1,024 characters were skipped/)
    expect(notes).toMatch(/Columns of 4 tables with more than 1,000 columns were indexed in part/)
    const answer = (await rpc('find:query', { connectionId, query: 'long' })).value as { hits: { name: string }[] }
    expect(answer.hits.every((hit) => hit.name.length <= 1_024)).toBe(true)
    expect(child.exitCode).toBeNull()
    expect((await rpc('connections:list', {})).ok).toBe(true)
  }, 60_000)
})
