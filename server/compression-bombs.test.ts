/**
 * The reference server, run as its own process with its heap capped at 512 MB, against
 * create bodies whose compressed Arrow buffers are decompression bombs or broken frames
 * (ZSTD declaring 2 GiB in four columns, RLE blocks over the format's maximum, valid RLE
 * making 2 GiB, an LZ4 match before the output, LZ4 declaring 2 GiB, 8.4 MB of valid LZ4
 * making 2 GiB) and a body sent with a Content-Encoding. Each gets a 400 naming what is
 * wrong; a listing sent alongside is answered within 2 s; the process lives on and its
 * resident memory stays under RSS_BOUND.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHeapCapped, type CappedProcess } from '../test-kit/heap-capped-process'
import { httpBomb } from '../test-kit/http-bombs'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { compressedArrowBombs } from '../test-kit/portable/bomb-arrow'

const MiB = 1024 * 1024
/**
 * The server's peak resident memory may not pass this: LanceDB and Node take about
 * 160 MiB, and a bounded decode adds at most a buffer's budget (256 MiB; 445 MiB peak
 * was measured over this file). Any of the bombs decoded whole would need 2 GiB or more.
 */
const RSS_BOUND = 700 * MiB

const BOMBS = compressedArrowBombs(11)

let root: string
let child: CappedProcess
let port: number

interface Answer {
  readonly status: number
  readonly text: string
  readonly ms: number
}

function call(method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }))
      res.on('error', reject)
    })
    // The server may answer and close before the whole body is sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)))
    req.end(body)
  })
}

beforeAll(async () => {
  root = await makeTempDir('server-bombs')
  await buildNestedCatalog(root, { tables: { items: 5 } })
  child = await startHeapCapped('server/cli.ts', ['--root', root, '--port', '0'], 512, /listening on http:\/\/127\.0\.0\.1:(\d+)/)
  port = Number(child.ready[1])
})

afterAll(async () => {
  await child?.stop()
  await removeDir(root)
})

/** The process's peak resident memory so far (VmHWM), as an operator would read it. */
const peakResidentBytes = async (): Promise<number> => (await child.memory()).peak

const ARROW = { 'content-type': 'application/vnd.apache.arrow.stream' }

describe('the reference server process on compressed create bodies', () => {
  it.each(BOMBS)('refuses %s with a 400, answers a listing meanwhile, and lives', async (_name, body, message) => {
    const bytes = body()
    const [created, listed] = await Promise.all([call('POST', `/v1/table/bomb/create`, ARROW, bytes), call('GET', '/v1/namespace/%24/table/list')])
    expect(child.alive(), child.stderr()).toBe(true)
    expect(created.status).toBe(400)
    const error = JSON.parse(created.text) as { error: string; code: number; detail?: string }
    expect(error.code).toBe(13)
    // The codec's reason is in the error a client shows, not only in its detail.
    expect(error.error).toMatch(message)
    expect(listed.status).toBe(200)
    expect(listed.ms).toBeLessThan(2000)
    expect(await peakResidentBytes()).toBeLessThan(RSS_BOUND)
  })

  it('refuses a body sent with a Content-Encoding before reading it, and still creates from a plain one', async () => {
    const coded = await call('POST', '/v1/table/coded/create', { ...ARROW, 'content-encoding': 'gzip' }, httpBomb('gzip', 256))
    expect(coded.status).toBe(400)
    expect(JSON.parse(coded.text)).toMatchObject({ code: 13, error: expect.stringContaining('it does not decode "Content-Encoding: gzip"') })
    const plain = await call('POST', '/v1/table/plain/create', ARROW, sampleTableIpc(3))
    expect(plain.status).toBe(200)
    expect(JSON.parse((await call('GET', '/v1/namespace/%24/table/list')).text)).toMatchObject({ tables: ['items', 'plain'] })
    expect(child.alive(), child.stderr()).toBe(true)
    expect(await peakResidentBytes()).toBeLessThan(RSS_BOUND)
  })
})
