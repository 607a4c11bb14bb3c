/**
 * Compressed Arrow bombs through the real browser-mode host: `tables:create` with record
 * batches whose LZ4_FRAME or ZSTD buffers claim or make gigabytes (ZSTD declaring 2 GiB in
 * four columns, RLE blocks over the format's maximum, valid RLE making 2 GiB, an LZ4 match
 * before the output, LZ4 declaring 2 GiB, 8.4 MB of valid LZ4 making 2 GiB). Each is an
 * invalid_request naming the fault, quickly; a listing sent alongside is answered within
 * 2 s; and no table is made.
 */
import { CompressionType } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bombArrowStream } from '../../shared/test-fixtures/bomb-arrow'
import { hostileLz4, hostileZstd, lz4ZerosFrame, zstdRleFrame } from '../../shared/test-fixtures/hostile-compression'
import { startTestHost, type RpcResult, type TestHost } from './test-host'

type Codec = CompressionType.LZ4_FRAME | CompressionType.ZSTD

function stream(type: Codec, frame: Uint8Array, columns = 1): Uint8Array {
  return bombArrowStream(type, frame, columns, Math.max(1024, Math.ceil(frame.length / 8) + 1))
}

const BOMBS: readonly (readonly [string, () => Uint8Array, RegExp])[] = [
  [
    'four ZSTD columns declaring 2 GiB each',
    () => stream(CompressionType.ZSTD, hostileZstd(13)['declares 2 GiB of content'] as Uint8Array, 4),
    /Zstandard: the frame declares/
  ],
  [
    'ZSTD RLE blocks over the maximum',
    () => stream(CompressionType.ZSTD, hostileZstd(13)['RLE blocks larger than the maximum'] as Uint8Array),
    /Block_Maximum_Size/
  ],
  ['valid ZSTD RLE blocks making 2 GiB', () => stream(CompressionType.ZSTD, zstdRleFrame(16_384)), /Zstandard: the frames' raw and RLE blocks alone make/],
  ['an LZ4 match before the output', () => stream(CompressionType.LZ4_FRAME, hostileLz4(13)['match before the output'] as Uint8Array), /LZ4: a match reaches/],
  ['LZ4 declaring 2 GiB', () => stream(CompressionType.LZ4_FRAME, hostileLz4(13)['declares 2 GiB of content'] as Uint8Array, 2), /LZ4: /],
  ['8.4 MB of valid LZ4 making 2 GiB', () => stream(CompressionType.LZ4_FRAME, lz4ZerosFrame(512)), /LZ4: the frame would decode to up to/]
]

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
