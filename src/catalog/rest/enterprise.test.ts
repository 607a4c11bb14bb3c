import { tableFromArrays, tableFromIPC, tableToIPC } from 'apache-arrow'
import { afterEach, describe, expect, it } from 'vitest'
import { CatalogError } from '../../shared/errors'
import { collectAll } from '../collect-all'
import { openRestNamespace, type RestNamespaceClient } from './rest-namespace'
import { sendJson, sendText, startServer, type Handler, type TestServer } from '../../../test-kit/test-http-server'

let server: TestServer | undefined
const clients: RestNamespaceClient[] = []
const API_KEY = 'ent-key-0123456789abcdef'

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  await server?.close()
  server = undefined
})

async function connect(handler: Handler) {
  server = await startServer(handler)
  const client = openRestNamespace(
    {
      uri: server.url,
      'headers.x-api-key': API_KEY,
      'headers.x-service-database': 'analytics-db',
      'headers.x-service-database-prefix': 'team-a'
    },
    { retryBaseDelayMs: 10 }
  )
  clients.push(client)
  return { enterprise: client.enterprise, requests: server.requests }
}

describe('LanceDB Enterprise routes', () => {
  it('lists tables with the service-database headers and pages on page_token', async () => {
    const { enterprise, requests } = await connect((req, res) =>
      req.query.get('page_token') === 'p2' ? sendJson(res, 200, { tables: ['c'] }) : sendJson(res, 200, { tables: ['a', 'b'], page_token: 'p2' })
    )
    expect(await collectAll((page) => enterprise.listTables(page), 2)).toEqual(['a', 'b', 'c'])
    expect(requests.map((r) => r.rawUrl)).toEqual(['/v1/tables?limit=2', '/v1/tables?page_token=p2&limit=2'])
    for (const seen of requests) {
      expect(seen.headers['x-api-key']).toBe(API_KEY)
      expect(seen.headers['x-service-database']).toBe('analytics-db')
      expect(seen.headers['x-service-database-prefix']).toBe('team-a')
    }
  })

  it('checks connectivity by listing the first page', async () => {
    const { enterprise } = await connect((_req, res) => sendJson(res, 200, { tables: ['words'] }))
    const result = await enterprise.checkConnectivity()
    expect(result.tables).toEqual(['words'])
    expect(result.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('creates a table by posting an Arrow stream', async () => {
    const { enterprise, requests } = await connect((_req, res) => sendJson(res, 200, {}))
    const data = tableFromArrays({ word: ['hello', 'world'] })
    await enterprise.createTable('words', tableToIPC(data, 'stream'))
    expect(requests[0]?.method).toBe('POST')
    expect(requests[0]?.path).toBe('/v1/tables/words')
    expect(requests[0]?.headers['content-type']).toBe('application/vnd.apache.arrow.stream')
    expect(tableFromIPC(requests[0]?.body ?? new Uint8Array()).numRows).toBe(2)
  })

  it('probes write access with a bodiless POST and reports a verdict', async () => {
    const { enterprise, requests } = await connect((_req, res) => sendJson(res, 400, { error: 'request body is empty', code: 13 }))
    const result = await enterprise.checkWriteAccess('__write_probe')
    expect(result).toMatchObject({ status: 400, verdict: 'writable' })
    expect(requests[0]?.method).toBe('POST')
    expect(requests[0]?.path).toBe('/v1/tables/__write_probe')
    expect(requests[0]?.body).toHaveLength(0)
    expect(requests[0]?.headers['content-type']).toBeUndefined()
  })

  it.each([
    [401, 'unauthenticated', 'unauthenticated'],
    [403, 'read_only', 'permission_denied']
  ] as const)('turns a %i write probe into verdict %s with the typed error', async (status, verdict, code) => {
    const { enterprise, requests } = await connect((_req, res) => sendText(res, status, `denied for ${API_KEY}`))
    const result = await enterprise.checkWriteAccess('__write_probe')
    expect(result.verdict).toBe(verdict)
    expect(result.status).toBe(status)
    expect(result.error?.code).toBe(code)
    expect(JSON.stringify(result)).not.toContain(API_KEY)
    expect(requests).toHaveLength(1)
  })

  it('rejects a table list answer without tables', async () => {
    const { enterprise } = await connect((_req, res) => sendJson(res, 200, { databases: [] }))
    const error = await enterprise.listTables().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CatalogError)
    expect((error as CatalogError).code).toBe('bad_response')
  })
})
