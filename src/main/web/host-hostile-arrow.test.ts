/**
 * The browser-mode host, as its own process with a 512 MB heap (`npm run web`'s entry),
 * against crafted Arrow sent to `tables:create` over a dir catalog: every class the
 * generator makes, and every compressed bomb (buffers whose LZ4 or Zstandard frames claim
 * or make gigabytes), is refused with `invalid_request` and a message that says why, tables
 * are listed within 2 s meanwhile, and the host lives on with its memory small.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeWire, encodeWire } from '../../shared/wire'
import { HOSTILE_ARROW } from '../../../test-kit/portable/hostile-arrow'
import { compressedArrowBombs } from '../../../test-kit/portable/bomb-arrow'
import { startHeapCapped, type CappedProcess } from '../../../test-kit/heap-capped-process'
import { buildNestedCatalog, sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { TOKEN_HEADER } from './host'

/** Resident memory the host may reach: LanceDB's native side plus a heap that decoded nothing large. */
const RSS_BOUND = 450 * 1024 * 1024

interface RpcAnswer {
  readonly ok: boolean
  readonly value?: unknown
  readonly error?: { readonly code: string; readonly message: string }
}

let dir: string
let host: CappedProcess
let base: string
let token: string
let connectionId: string

async function rpc(channel: string, value: unknown): Promise<RpcAnswer & { ms: number }> {
  const started = Date.now()
  const message = encodeWire(value)
  const reply = await fetch(`${base}/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': message.contentType, [TOKEN_HEADER]: token },
    body: Buffer.concat(message.parts)
  })
  const body = new Uint8Array(await reply.arrayBuffer())
  return { ...(decodeWire(reply.headers.get('content-type') ?? '', body) as RpcAnswer), ms: Date.now() - started }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-host-hostile-arrow-'))
  const catalog = join(dir, 'catalog')
  await buildNestedCatalog(catalog, { tables: { items: 5 } })
  const args = ['--data-dir', join(dir, 'data'), '--no-keychain', '--dir', catalog, '--port', '0']
  host = await startHeapCapped('src/main/web/cli.ts', args, 512, /running at (http:\/\/127\.0\.0\.1:\d+)\/\?token=([\w-]+)/)
  base = host.ready[1] ?? ''
  token = decodeURIComponent(host.ready[2] ?? '')
  connectionId = ((await rpc('connections:list', {})).value as { id: string }[])[0]?.id ?? ''
}, 30_000)

afterAll(async () => {
  await host?.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('crafted Arrow at the browser-mode host process', () => {
  it.each(HOSTILE_ARROW.map((c, i) => [c.name, c, i] as const))('refuses %s in tables:create and lives on', async (_, hostile, i) => {
    const table = { namespace: [], name: `hostile${i}` }
    const pending = rpc('tables:create', { connectionId, table, mode: 'create', data: hostile.make(i + 21) })
    const listed = await rpc('tables:list', { connectionId, namespace: [] })
    expect(listed.value, host.stderr()).toMatchObject({ items: ['items'] })
    expect(listed.ms).toBeLessThan(2_000)
    const created = await pending
    expect(created).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(hostile.refusal) } })
    expect(created.ms).toBeLessThan(2_000)
    expect(host.alive(), host.stderr()).toBe(true)
    expect((await host.memory()).peak).toBeLessThan(RSS_BOUND)
  })

  it.each(compressedArrowBombs(13))('refuses %s in tables:create and lives on', async (_name, body, refusal) => {
    const pending = rpc('tables:create', { connectionId, table: { namespace: [], name: 'bomb' }, mode: 'create', data: body() })
    const listed = await rpc('tables:list', { connectionId, namespace: [] })
    expect(listed.value, host.stderr()).toMatchObject({ items: ['items'] })
    expect(listed.ms).toBeLessThan(2_000)
    const created = await pending
    expect(created).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(refusal) } })
    expect(host.alive(), host.stderr()).toBe(true)
    expect((await host.memory()).peak).toBeLessThan(RSS_BOUND)
  })

  it('still creates a table from a real stream afterwards', async () => {
    const created = await rpc('tables:create', { connectionId, table: { namespace: [], name: 'made' }, mode: 'create', data: sampleTableIpc(3) })
    expect(created).toMatchObject({ ok: true })
    expect((await rpc('tables:list', { connectionId, namespace: [] })).value).toMatchObject({ items: ['items', 'made'] })
    expect((await host.memory()).peak).toBeLessThan(RSS_BOUND)
  })
})
