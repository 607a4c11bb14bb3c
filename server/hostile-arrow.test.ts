/**
 * The reference server, as its own process with a 512 MB heap, against crafted Arrow
 * create bodies of every class the generator makes (a schema whose children form a DAG,
 * a million fields sharing one table, thousands of delta dictionaries, huge declared
 * lengths, ...). Each gets a 400 `invalid_request` that says why, while a table listing
 * is answered within 2 s; the process lives on and its memory stays small.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_ARROW } from '../test-kit/portable/hostile-arrow'
import { startHeapCapped, type CappedProcess } from '../test-kit/heap-capped-process'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { rawRequest, type RawHttpAnswer } from '../test-kit/raw-http'

/** Resident memory the server may reach: LanceDB's native side plus a heap that decoded nothing large. */
const RSS_BOUND = 450 * 1024 * 1024

let root: string
let server: CappedProcess
let port: number

function call(method: string, path: string, body?: Uint8Array): Promise<RawHttpAnswer> {
  return rawRequest({ port, method, path, headers: body ? { 'content-type': 'application/vnd.apache.arrow.stream' } : {}, body })
}

beforeAll(async () => {
  root = await makeTempDir('server-hostile-arrow')
  await buildNestedCatalog(root, { tables: { items: 5 } })
  server = await startHeapCapped('server/cli.ts', ['--root', root, '--port', '0'], 512, /Catalog server listening on http:\/\/127\.0\.0\.1:(\d+)/)
  port = Number(server.ready[1])
}, 30_000)

afterAll(async () => {
  await server?.stop()
  await removeDir(root)
})

describe('crafted Arrow create bodies at the reference server process', () => {
  it.each(HOSTILE_ARROW.map((c, i) => [c.name, c, i] as const))('answers %s with a clear 400 and lives on', async (_, hostile, i) => {
    const pending = call('POST', `/v1/table/hostile${i}/create`, hostile.make(i + 11))
    const listed = await call('GET', '/v1/namespace/%24/table/list')
    expect(listed.status, server.stderr()).toBe(200)
    expect(listed.text).toContain('items')
    expect(listed.ms).toBeLessThan(2_000)
    const answer = await pending
    expect(answer.status, answer.text).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({ type: '/errors/invalid-request', error: expect.stringMatching(hostile.refusal) })
    expect(answer.ms).toBeLessThan(2_000)
    expect(server.alive(), server.stderr()).toBe(true)
    expect((await server.memory()).peak).toBeLessThan(RSS_BOUND)
  })

  it('still creates a table from a real stream afterwards', async () => {
    const created = await call('POST', '/v1/table/made/create', sampleTableIpc(3))
    expect(created.status, created.text).toBe(200)
    expect((await call('GET', '/v1/namespace/%24/table/list')).text).toContain('made')
    const { rss, peak } = await server.memory()
    expect(peak).toBeLessThan(RSS_BOUND)
    expect(rss).toBeGreaterThan(0)
  })
})
