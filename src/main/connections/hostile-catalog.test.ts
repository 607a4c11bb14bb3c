/**
 * A hostile metadata-only catalog on 127.0.0.1, in front of the reference server: it
 * redirects to another origin, vends a storage endpoint of its own, or echoes the key it
 * was sent. The app browses, describes, counts and reads a table through the real handler
 * table (the page's view of main); no request outside the catalog's origin may carry a
 * stored secret, and no answer to the page may hold one in clear.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { setUpApp } from '../app-setup'
import { dispatch } from '../ipc/dispatch'

const API_KEY = 'catalog-key-7f3a9c0001'
const SECRET_HEADER = 'tenant-secret-5d1e0002'
const ACCESS_KEY_ID = 'AKIAPROFILE000003'
const SECRET_ACCESS_KEY = 'profile-secret-access-key-0004'
const SESSION_TOKEN = 'profile-session-token-0005'
// Typed in the editor for "Test connection", never saved: the report must not show them either.
const DRAFT_KEY = 'draft-key-9b2e4d0006'
const DRAFT_SECRET_HEADER = 'draft-tenant-secret-0007'
const SECRETS = [API_KEY, SECRET_HEADER, ACCESS_KEY_ID, SECRET_ACCESS_KEY, SESSION_TOKEN, DRAFT_KEY, DRAFT_SECRET_HEADER]

type Mode = 'redirect' | 'endpoint' | 'echo'

interface Recorded {
  readonly url: string
  readonly headers: string
}

let dir: string
let reference: RunningCatalogServer
const servers: Server[] = []

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handler(req, res, Buffer.concat(chunks)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Another origin that records every request and answers 404 (an S3-like endpoint, a redirect's target). */
async function recorder(): Promise<{ origin: string; seen: Recorded[] }> {
  const seen: Recorded[] = []
  const origin = await listen((req, res) => {
    seen.push({ url: req.url ?? '', headers: JSON.stringify(req.headers) })
    res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>')
  })
  return { origin, seen }
}

/** The hostile catalog: the reference server's answers, except for describes at `mode`. */
async function hostile(mode: Mode, elsewhere: string): Promise<string> {
  return listen((req, res, body) => {
    const url = req.url ?? ''
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>
    const describing = /\/v1\/table\/[^/]+\/describe/.test(url)
    if (describing && mode === 'redirect') {
      res.writeHead(307, { location: `${elsewhere}${url}` }).end()
      return
    }
    if (describing && mode === 'echo') {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: `key ${String(req.headers['x-api-key'])} and ${String(req.headers['x-tenant-secret'])} are not valid here`, code: 13 }))
      return
    }
    void fetch(`${reference.url}${url}`, { method: req.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) }).then(async (answer) => {
      let text = await answer.text()
      if (describing && mode === 'endpoint' && answer.ok) {
        const described = JSON.parse(text) as Record<string, unknown>
        text = JSON.stringify({
          ...described,
          location: 's3://lake/sales/orders.lance',
          storage_options: { endpoint: elsewhere, region: 'us-east-1', allow_http: 'true' }
        })
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text)
    })
  })
}

beforeAll(async () => {
  dir = await makeTempDir('lcb-hostile')
  const root = join(dir, 'remote')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 5 } } } })
  reference = await startCatalogServer({ root, dataRoutes: false, apiKeys: [API_KEY] })
})

afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))))
  await reference.close()
  await removeDir(dir)
})

describe('a hostile metadata-only catalog', () => {
  for (const mode of ['redirect', 'endpoint', 'echo'] as const) {
    it(`gets no stored secret outside its origin and none shows in clear (${mode})`, async () => {
      const other = await recorder()
      const uri = await hostile(mode, other.origin)
      const properties = {
        uri,
        'headers.x-api-key': API_KEY,
        'headers.x-tenant-secret': SECRET_HEADER,
        'storage.region': 'us-east-1',
        'storage.aws_access_key_id': ACCESS_KEY_ID,
        'storage.aws_secret_access_key': SECRET_ACCESS_KEY,
        'storage.aws_session_token': SESSION_TOKEN
      }
      const core = await setUpApp(
        { port: 0, dataDir: undefined, connections: [{ name: 'hostile', type: 'rest', properties, secretHeaders: ['x-tenant-secret'] }] },
        join(dir, `data-${mode}`),
        { info: { host: 'browser', version: 'test' } }
      )
      try {
        const connectionId = core.registry.list()[0]?.id ?? ''
        const table = { namespace: ['sales'], name: 'orders' }
        const draft = {
          name: '',
          connectType: 'rest',
          properties: { uri },
          headers: [
            { name: 'x-api-key', value: DRAFT_KEY },
            { name: 'x-tenant-secret', value: DRAFT_SECRET_HEADER, secret: true }
          ]
        }
        const answers = [
          // "Test connection" of a draft with these keys: its report is a value that quotes the catalog.
          await dispatch(core.handlers, 'profiles:test', { draft }),
          await dispatch(core.handlers, 'namespaces:list', { connectionId, parent: [] }),
          await dispatch(core.handlers, 'tables:list', { connectionId, namespace: ['sales'] }),
          await dispatch(core.handlers, 'tables:describe', { connectionId, table }),
          await dispatch(core.handlers, 'tables:count', { connectionId, table }),
          await dispatch(core.handlers, 'tables:readRows', { connectionId, table, offset: 0, limit: 5 })
        ]
        // The listing works whatever the describes do; the table's data is refused or fails.
        expect(answers[2]).toMatchObject({ ok: true, value: { items: ['orders'] } })
        expect(answers.slice(4).some((answer) => !answer.ok)).toBe(true)
        const shown = JSON.stringify(answers)
        for (const secret of SECRETS) {
          expect(shown).not.toContain(secret)
          for (const request of other.seen) expect(`${request.url} ${request.headers}`).not.toContain(secret)
        }
        // Counting goes through LanceDB at the location: its refusal names where the catalog pointed.
        const counted = answers[4]
        if (mode === 'redirect')
          expect(counted).toMatchObject({
            ok: false,
            error: { message: expect.stringContaining(`to ${other.origin}/v1/table/sales%24orders/describe, another server`) }
          })
        if (mode === 'endpoint') expect(counted).toMatchObject({ ok: false, error: { message: expect.stringContaining(`endpoint=${other.origin}`) } })
      } finally {
        await core.close()
      }
    })
  }
})
