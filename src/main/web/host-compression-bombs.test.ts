/**
 * Compressed Arrow bombs through the real browser-mode host: `tables:create` with record
 * batches whose LZ4_FRAME or ZSTD buffers claim or make gigabytes (ZSTD declaring 2 GiB in
 * four columns, RLE blocks over the format's maximum, valid RLE making 2 GiB, an LZ4 match
 * before the output, LZ4 declaring 2 GiB, 8.4 MB of valid LZ4 making 2 GiB). Each is an
 * invalid_request naming the fault, quickly; a listing sent alongside is answered within
 * 2 s; and no table is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressedArrowBombs } from '../../shared/test-fixtures/bomb-arrow'
import { startTestHost, type RpcResult, type TestHost } from './test-host'

const BOMBS = compressedArrowBombs(13)

let t: TestHost
beforeAll(async () => {
  t = await startTestHost('bombs')
}, 60_000)
afterAll(async () => {
  await t?.close()
})

async function timed(channel: string, value: unknown): Promise<{ result: RpcResult; ms: number }> {
  const started = performance.now()
  const result = await t.rpc(channel, value)
  return { result, ms: performance.now() - started }
}

describe('tables:create through the browser-mode host on compressed bombs', () => {
  it.each(BOMBS)('refuses %s, and answers a listing meanwhile', async (_name, body, message) => {
    const connectionId = t.connectionId
    const [created, listed] = await Promise.all([
      timed('tables:create', { connectionId, table: { namespace: [], name: 'bomb' }, mode: 'create', data: body() }),
      timed('tables:list', { connectionId, namespace: [] })
    ])
    expect(created.result).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    expect(JSON.stringify(created.result.error)).toMatch(message)
    expect(created.ms).toBeLessThan(5000)
    expect(listed.result).toMatchObject({ ok: true, value: { items: ['items'] } })
    expect(listed.ms).toBeLessThan(2000)
  })
})
