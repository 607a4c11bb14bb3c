/**
 * 406 is the spec's Unsupported Operation: a catalog that answers it for an operation does
 * not do that operation, exactly as one without the route. A proxy in front of the
 * reference server answers 406 for chosen routes (with the spec's RFC 7807 example body,
 * or a Lance error body of any code); the client falls back to the table's location, says
 * so in words about the catalog, and remembers it for the connection.
 */
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { openRestCatalog } from './rest-namespace'
import { failure, sendJson, startServer, type TestServer } from '../../../test-kit/test-http-server'

let root: string
let catalog: RunningCatalogServer

beforeAll(async () => {
  root = await makeTempDir('unsupported-406')
  await buildNestedCatalog(root, { tables: { top: 3 } })
  catalog = await startCatalogServer({ root })
})

afterAll(async () => {
  await catalog?.close()
  await removeDir(root)
})

const PROBLEM = { type: '/errors/unsupported-operation', title: 'The server does not support this operation', status: 406, detail: '', instance: '/v1' }
const top = { namespace: [], name: 'top' }

/** The reference server, except that routes ending in one of `refused` answer 406 with `body`. */
async function refusing(refused: readonly string[], body: unknown): Promise<TestServer> {
  return startServer(async (req, res) => {
    if (refused.some((route) => req.path.endsWith(`/${route}`))) return sendJson(res, 406, body)
    const answer = await fetch(`${catalog.url}${req.rawUrl}`, {
      method: req.method,
      headers: { 'content-type': String(req.headers['content-type'] ?? 'application/json') },
      ...(req.body.length > 0 ? { body: new Uint8Array(req.body) } : {})
    })
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(Buffer.from(await answer.arrayBuffer()))
  })
}

function calls(server: TestServer, route: string): number {
  return server.requests.filter((req) => req.path.endsWith(`/${route}`)).length
}

describe('a catalog answering 406 Unsupported Operation', () => {
  it.each([
    ['the spec example (no Lance code)', PROBLEM],
    ['a Lance body with code 0', { error: 'Not supported by this catalog', code: 0 }],
    ['a Lance body with another code', { error: 'Cannot do that here', code: 13 }]
  ])('reads rows at the location when the data routes answer 406 with %s', async (_, body) => {
    const proxy = await refusing(['count_rows', 'query', 'stats', 'create'], body)
    const client = openRestCatalog({ uri: proxy.url })
    try {
      expect(await client.table(top).countRows()).toBe('3')
      expect(client.mode).toBe('location')
      const page = await client.table(top).readRows({ offset: 0, limit: 2, columns: ['id'] })
      expect(Array.from(tableFromIPC(page.arrow).getChild('id')?.toArray() ?? [], Number)).toEqual([0, 1])
      expect(calls(proxy, 'count_rows')).toBe(1)
      expect(calls(proxy, 'query')).toBe(0)
    } finally {
      await client.close()
      await proxy.close()
    }
  })

  it('lists indexes and versions at the location, asking the catalog once per connection', async () => {
    const proxy = await refusing(['index/list', 'version/list'], PROBLEM)
    const client = openRestCatalog({ uri: proxy.url })
    try {
      expect(await client.table(top).listIndexes()).toEqual([])
      expect(await client.table(top).listIndexes()).toEqual([])
      expect((await client.table(top).listVersions()).length).toBeGreaterThan(0)
      expect((await client.table(top).listVersions()).length).toBeGreaterThan(0)
      expect([calls(proxy, 'index/list'), calls(proxy, 'version/list')]).toEqual([1, 1])
    } finally {
      await client.close()
      await proxy.close()
    }
  })

  it('says the catalog does not support an operation it cannot fall back from, naming no directory catalog', async () => {
    const proxy = await refusing(['rename'], PROBLEM)
    const client = openRestCatalog({ uri: proxy.url })
    try {
      const error = await failure(client.renameTable(top, 'renamed'))
      expect(error.code).toBe('unsupported')
      expect(error.message).not.toMatch(/director/i)
    } finally {
      await client.close()
      await proxy.close()
    }
  })
})
