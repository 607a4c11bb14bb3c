/**
 * The storage relay against describe answers that are decompression bombs: a catalog on
 * 127.0.0.1 answers with a Content-Encoding (gzip, deflate, br) whose body decodes to
 * more than HTTP_BODY_DECODE_BUDGET, or sends more than the budget plain. The relay answers
 * LanceDB a clear 502 without decoding past the budget, and serves the next describe at
 * once; through the app, counting a table at such a catalog fails with that message.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpBomb, type BombEncoding } from '../../../test-kit/http-bombs'
import { startServer, type TestServer } from '../../../test-kit/test-http-server'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { HTTP_BODY_DECODE_BUDGET } from '../../shared/decompression-budgets'
import { setUpApp } from '../app-setup'
import { dispatch } from '../ipc/dispatch'
import { startStorageMergeProxy, type StorageMergeProxy } from '../../catalog/location/storage-merge-proxy'

const MiB = 1024 * 1024
// Past the budget by a quarter: enough to be refused, cheap to make and to decode up to the limit.
const BOMB_MiB = (1.25 * HTTP_BODY_DECODE_BUDGET) / MiB
const GOOD = JSON.stringify({ location: 's3://b/t' })

/** What the hostile catalog answers to the next describe. */
type Answer = { readonly encoding: BombEncoding | 'identity'; readonly body: Buffer } | 'good'

let dir: string
let reference: RunningCatalogServer
let next: Answer = 'good'
let catalogOrigin: string
let catalog: TestServer | undefined
let bombs: Record<BombEncoding, Buffer>

beforeAll(async () => {
  const made = performance.now()
  bombs = { gzip: httpBomb('gzip', BOMB_MiB), deflate: httpBomb('deflate', BOMB_MiB), br: httpBomb('br', BOMB_MiB) }
  expect(performance.now() - made).toBeLessThan(5000)
  dir = await makeTempDir('lcb-relay-bombs')
  const root = join(dir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 5 } } } })
  reference = await startCatalogServer({ root, dataRoutes: false })
  // The reference server's answers, except a describe while `next` holds a bomb.
  catalog = await startServer((req, res) => {
    const { rawUrl: url, body } = req
    if (/\/v1\/table\/[^/]+\/describe/.test(url) && next !== 'good') {
      res.writeHead(200, { 'content-type': 'application/json', ...(next.encoding === 'identity' ? {} : { 'content-encoding': next.encoding }) })
      res.end(next.body)
      return
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>
    void fetch(`${reference.url}${url}`, { method: req.method, headers, ...(body.length > 0 ? { body } : {}) }).then(async (answer) => {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text())
    })
  })
  catalogOrigin = catalog.url
})

afterAll(async () => {
  await catalog?.close()
  await reference?.close()
  await removeDir(dir)
})

async function describeThrough(proxy: StorageMergeProxy): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now()
  const answer = await fetch(`${proxy.uri}/v1/table/sales%24orders/describe`, {
    method: 'POST',
    body: '{}',
    headers: { ...proxy.headersFor('vended'), 'content-type': 'application/json' }
  })
  return { status: answer.status, text: await answer.text(), ms: performance.now() - started }
}

describe('the storage relay on compressed describe answers', () => {
  it.each(['gzip', 'deflate', 'br'] as const)('refuses a %s answer that decodes past the budget, and serves the next describe at once', async (encoding) => {
    const proxy = await startStorageMergeProxy({ catalogUri: catalogOrigin, headers: async () => ({}), own: {}, allowLocal: true })
    try {
      expect(bombs[encoding].length).toBeLessThan(HTTP_BODY_DECODE_BUDGET / 100)
      next = { encoding, body: bombs[encoding] }
      const refused = await describeThrough(proxy)
      expect(refused.status).toBe(502)
      expect(JSON.parse(refused.text)).toEqual({
        error: `The catalog's answer to POST /v1/table/sales%24orders/describe decodes (Content-Encoding: ${encoding}) to more than ${HTTP_BODY_DECODE_BUDGET} bytes, more than the app reads.`,
        code: 18
      })
      next = 'good'
      const served = await describeThrough(proxy)
      expect(served.status).toBe(200)
      expect(served.ms).toBeLessThan(2000)
    } finally {
      await proxy.close()
    }
  })

  it('refuses a plain answer larger than the budget, and one that is not the encoding it names', async () => {
    const proxy = await startStorageMergeProxy({ catalogUri: catalogOrigin, headers: async () => ({}), own: {}, allowLocal: true })
    try {
      next = { encoding: 'identity', body: Buffer.alloc(HTTP_BODY_DECODE_BUDGET + 1, 0x20) }
      const large = await describeThrough(proxy)
      expect(large.status).toBe(502)
      expect(large.text).toContain(`is larger than ${HTTP_BODY_DECODE_BUDGET} bytes, more than the app reads.`)
      next = { encoding: 'gzip', body: Buffer.from(GOOD) }
      const corrupt = await describeThrough(proxy)
      expect(corrupt.status).toBe(502)
      expect(corrupt.text).toContain('is not valid gzip (incorrect header check)')
    } finally {
      next = 'good'
      await proxy.close()
    }
  })

  it('fails a count through the app with the relay message when the catalog answers a br bomb', async () => {
    const core = await setUpApp(
      { port: 0, dataDir: undefined, connections: [{ name: 'bombs', type: 'rest', properties: { uri: catalogOrigin } }] },
      join(dir, 'data'),
      { info: { host: 'browser', version: 'test' } }
    )
    try {
      const connectionId = core.registry.list()[0]?.id ?? ''
      const table = { namespace: ['sales'], name: 'orders' }
      next = { encoding: 'br', body: bombs.br }
      const counted = await dispatch(core.handlers, 'tables:count', { connectionId, table })
      expect(counted).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining(`decodes (Content-Encoding: br) to more than ${HTTP_BODY_DECODE_BUDGET} bytes`) }
      })
      next = 'good'
      const started = performance.now()
      expect(await dispatch(core.handlers, 'tables:list', { connectionId, namespace: ['sales'] })).toMatchObject({ ok: true, value: { items: ['orders'] } })
      expect(performance.now() - started).toBeLessThan(2000)
    } finally {
      next = 'good'
      await core.close()
    }
  })
})
