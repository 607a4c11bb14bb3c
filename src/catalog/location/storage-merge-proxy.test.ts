import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { checkedAnswer, startStorageMergeProxy, VENDS_CREDENTIALS, type RelayMode, type StorageMergeProxy } from './storage-merge-proxy'

const own = {
  endpoint: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  aws_access_key_id: 'PROFILEKEY',
  aws_secret_access_key: 'profile-secret',
  aws_session_token: 'profile-session-token'
}
const OWN_SECRETS = [own.aws_secret_access_key, own.aws_session_token]
const opened: Array<{ close(): Promise<void> | void }> = []
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close()
})

interface Seen {
  readonly url: string
  readonly headers: IncomingHttpHeaders
}

/** A server on 127.0.0.1 that records each request and answers with `answer`. */
async function server(answer: (url: string, res: import('node:http').ServerResponse) => void): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const http: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers })
      answer(req.url ?? '', res)
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  opened.push({ close: () => new Promise<void>((resolve) => http.close(() => resolve())) })
  return { origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, seen }
}

/** A catalog that answers describe, declare and register with `vended` storage options and `{}` to everything else. */
async function catalog(vended: Record<string, string> | null, location = 's3://b/t'): Promise<{ origin: string; seen: Seen[] }> {
  return server((url, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(/\/(describe|declare|create-empty|register)\b/.test(url) ? JSON.stringify({ location, ...(vended ? { storage_options: vended } : {}) }) : '{}')
  })
}

async function relay(catalogOrigin: string, options: { allowLocal?: boolean } = {}): Promise<StorageMergeProxy> {
  const proxy = await startStorageMergeProxy({
    catalogUri: `${catalogOrigin}/base`,
    headers: async () => ({ 'x-api-key': 'catalog-key-0001' }),
    own,
    allowLocal: options.allowLocal ?? false
  })
  opened.push(proxy)
  return proxy
}

async function describe_(proxy: StorageMergeProxy, mode: RelayMode = 'vended'): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${proxy.uri}/v1/table/t/describe`, { method: 'POST', body: '{}', headers: proxy.headersFor(mode) })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

describe('the relay between LanceDB and a catalog', () => {
  it("adds the catalog's headers itself and passes the path the way RFC 3986 servers read it", async () => {
    const { origin, seen } = await catalog(null)
    const proxy = await relay(origin)
    await fetch(`${proxy.uri}/v1/table/Q3+sales%24a%2Bb/describe?delimiter=%24&x=a+b`, { method: 'POST', body: '{}', headers: proxy.headersFor('vended') })
    expect(seen[0]?.url).toBe('/base/v1/table/Q3%20sales%24a%2Bb/describe?delimiter=%24&x=a+b')
    expect(seen[0]?.headers['x-api-key']).toBe('catalog-key-0001')
    expect(seen[0]?.headers['x-lcb-relay-secret']).toBeUndefined()
    expect(seen[0]?.headers['x-lcb-relay-mode']).toBeUndefined()
  })

  it('answers only requests that name it in Host and carry its per-run secret', async () => {
    const { origin, seen } = await catalog(null)
    const proxy = await relay(origin)
    expect((await fetch(`${proxy.uri}/v1/table/t/describe`, { method: 'POST', body: '{}' })).status).toBe(404)
    const port = Number(new URL(proxy.uri).port)
    const wrongHost = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `${new URL(proxy.uri).pathname}/v1/table/t/describe`,
          method: 'POST',
          headers: { ...proxy.headersFor('vended'), host: `evil.example:${port}` }
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        }
      )
      req.on('error', reject)
      req.end('{}')
    })
    expect(wrongHost).toBe(404)
    expect(seen).toHaveLength(0)
  })

  it("gives a describe that vends nothing the profile's options but its secrets, and one that vends credentials its own with the profile's placement", async () => {
    const plain = await relay((await catalog(null)).origin)
    expect((await describe_(plain)).body['storage_options']).toEqual({ endpoint: own.endpoint, region: own.region, aws_access_key_id: own.aws_access_key_id })
    const vending = await relay((await catalog({ aws_access_key_id: 'AKID', aws_secret_access_key: 'vended-secret', expires_at_millis: '99' })).origin)
    expect((await describe_(vending)).body['storage_options']).toEqual({
      endpoint: own.endpoint,
      region: own.region,
      aws_access_key_id: 'AKID',
      aws_secret_access_key: 'vended-secret',
      expires_at_millis: '99'
    })
  })

  it("answers a connection given the profile's options per call with no storage options, and refuses it vended credentials", async () => {
    const { origin } = await catalog({ region: own.region, allow_http: 'true' })
    const plain = await describe_(await relay(origin), 'own')
    expect(plain).toEqual({ status: 200, body: { location: 's3://b/t' } })
    const vending = await describe_(await relay((await catalog({ aws_access_key_id: 'AKID', aws_secret_access_key: 'vended-secret' })).origin), 'own')
    expect(vending.status).toBe(403)
    expect(String(vending.body['error'])).toContain(VENDS_CREDENTIALS)
  })

  it("refuses to combine the profile's credentials with an endpoint the catalog chose", async () => {
    const proxy = await relay((await catalog({ endpoint: 'http://127.0.0.1:1/elsewhere' })).origin)
    for (const mode of ['own', 'vended'] as const) {
      const refused = await describe_(proxy, mode)
      expect(refused.status).toBe(403)
      expect(String(refused.body['error'])).toContain('endpoint=http://127.0.0.1:1/elsewhere')
    }
  })

  it('follows a redirect within the catalog, and refuses one to another origin, saying where', async () => {
    const other = await server((_url, res) => res.end('{}'))
    const { origin, seen } = await server((url, res) => {
      if (url.includes('/moved/')) res.writeHead(307, { location: url.replace('/moved/', '/here/') }).end()
      else if (url.includes('/away/')) res.writeHead(307, { location: `${other.origin}/steal` }).end()
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
    const proxy = await relay(origin)
    const within = await fetch(`${proxy.uri}/v1/moved/x`, { headers: proxy.headersFor('vended') })
    expect(await within.json()).toEqual({ ok: true })
    const away = await fetch(`${proxy.uri}/v1/away/x`, { headers: proxy.headersFor('vended') })
    expect(away.status).toBe(403)
    expect(((await away.json()) as { error: string }).error).toContain(`redirected GET /v1/away/x to ${other.origin}/steal`)
    expect(other.seen).toHaveLength(0)
    expect(seen.map((s) => s.url)).toEqual(['/base/v1/moved/x', '/base/v1/here/x', '/base/v1/away/x'])
  })

  it('refuses a location on this machine unless the profile allows it', async () => {
    const local = await catalog(null, 'file:///home/someone/.ssh')
    const refused = await describe_(await relay(local.origin))
    expect(refused.status).toBe(403)
    expect(String(refused.body['error'])).toContain('allow_local_locations=true')
    expect((await describe_(await relay(local.origin, { allowLocal: true }))).status).toBe(200)
  })

  it('refuses storage options that name a credentials file on this machine unless the profile allows local files', async () => {
    for (const [name, path] of [
      ['google_service_account', '/home/someone/.config/gcloud/key.json'],
      ['GOOGLE_APPLICATION_CREDENTIALS', '/home/someone/adc.json'],
      ['aws_web_identity_token_file', '/var/run/secrets/token'],
      ['azure_federated_token_file', '/var/run/secrets/azure']
    ]) {
      const { origin } = await catalog({ [name!]: path! }, 'gs://b/t')
      const refused = await describe_(await relay(origin))
      expect(refused.status, name).toBe(403)
      expect(String(refused.body['error'])).toContain(`name a file on this machine to take credentials from (${name})`)
      expect((await describe_(await relay(origin, { allowLocal: true }))).status).toBe(200)
    }
    // A key given whole (not a file) is the catalog's own credential, and passes.
    const { origin } = await catalog({ google_service_account_key: '{"type":"service_account"}' }, 'gs://b/t')
    expect((await describe_(await relay(origin))).status).toBe(200)
  })

  it.each([200, 201])('checks a describe answered %i, compressed unasked and not labelled JSON, as it checks any other', async (status) => {
    const { origin } = await server((_url, res) => {
      res.writeHead(status, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
      res.end(gzipSync(JSON.stringify({ location: 'file:///home/someone/.ssh', storage_options: { endpoint: 'http://127.0.0.1:1' } })))
    })
    const refused = await describe_(await relay(origin))
    expect(refused.status).toBe(403)
    expect(String(refused.body['error'])).toContain('location on this machine')
  })

  it("never answers with the profile's secret storage options, whatever the catalog answers", async () => {
    const answers: string[] = []
    const vendings: Array<Record<string, string> | null> = [
      null,
      {},
      { region: own.region },
      { aws_access_key_id: 'AKID', aws_secret_access_key: 'vended-secret' },
      { endpoint: 'http://127.0.0.1:1/elsewhere' }
    ]
    for (const vended of vendings) {
      const { origin } = await catalog(vended)
      const proxy = await relay(origin)
      for (const route of ['describe', 'declare', 'create-empty', 'register', 'query']) {
        for (const mode of ['own', 'vended'] as const) {
          const answer = await fetch(`${proxy.uri}/v1/table/t/${route}`, { method: 'POST', body: '{}', headers: proxy.headersFor(mode) })
          answers.push(`${answer.status} ${JSON.stringify([...answer.headers])} ${await answer.text()}`)
        }
      }
    }
    expect(answers).toHaveLength(50)
    for (const answer of answers) for (const secret of OWN_SECRETS) expect(answer).not.toContain(secret)
  })

  it('leaves an answer that is not a JSON object as it is', () => {
    expect(checkedAnswer('not json', { own, allowLocal: false }, 'vended')).toEqual({ ok: true, text: 'not json' })
    expect(checkedAnswer('[1]', { own, allowLocal: false }, 'own')).toEqual({ ok: true, text: '[1]' })
  })
})
