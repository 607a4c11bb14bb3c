/**
 * The OAuth2 token source against a real token endpoint on 127.0.0.1 (a loopback server
 * each test tells how to behave): Basic or form client authentication as the endpoint
 * accepts, caching until shortly before expiry (on a clock the test moves), one fetch
 * shared by concurrent callers, a token renewed once when the catalog refuses it, and
 * errors that say it was the token step without showing the secret.
 */
import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { HttpTransport } from './http'
import { OAuth2TokenSource, type OAuth2Settings } from './oauth2'
import { closedPort, failure, sendJson, sendText, useTestServers, type SeenRequest } from '../../../test-kit/test-http-server'

const SECRET = 'cs-secret-4b1d-9c0e-77aa'
const { serve, track } = useTestServers()

/** How the test endpoint authenticated a token request, or null if it could not. */
function clientAuth(req: SeenRequest): 'basic' | 'form' | null {
  const form = new URLSearchParams(req.body.toString('utf8'))
  const header = req.headers.authorization
  if (header?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':').map(decodeURIComponent)
    return id === 'app' && secret === SECRET && form.get('client_id') === null ? 'basic' : null
  }
  return form.get('client_id') === 'app' && form.get('client_secret') === SECRET ? 'form' : null
}

/** A token endpoint that accepts the given client authentications and numbers its tokens. */
function tokenEndpoint(accepts: ReadonlyArray<'basic' | 'form'>, expiresIn: number | null = 3600, refusal: 401 | 400 = 401) {
  let issued = 0
  return (req: SeenRequest, res: ServerResponse): void => {
    const form = new URLSearchParams(req.body.toString('utf8'))
    const how = clientAuth(req)
    if (req.path !== '/oauth/token' || form.get('grant_type') !== 'client_credentials') return sendJson(res, 404, { error: 'no route' })
    if (how === null || !accepts.includes(how)) return sendJson(res, refusal, { error: 'invalid_client', error_description: 'client authentication failed' })
    issued++
    sendJson(res, 200, { access_token: `token-${issued}`, token_type: 'bearer', ...(expiresIn === null ? {} : { expires_in: expiresIn }) })
  }
}

function settings(url: string, overrides: Partial<OAuth2Settings> = {}): OAuth2Settings {
  return { tokenUrl: new URL('/oauth/token', url), clientId: 'app', clientSecret: SECRET, scope: '', ...overrides }
}

const tokenRequests = (requests: readonly SeenRequest[]): SeenRequest[] => requests.filter((r) => r.path === '/oauth/token')

describe('client authentication', () => {
  it('uses HTTP Basic when the endpoint accepts it, with the grant and scope in the form body', async () => {
    const server = await serve(tokenEndpoint(['basic']))
    const source = track(new OAuth2TokenSource(settings(server.url, { scope: 'catalog:read  catalog:write' })))
    expect(await source.token()).toBe('token-1')
    expect(source.method).toBe('basic')
    const [sent] = server.requests
    expect(sent?.method).toBe('POST')
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString('utf8')))).toEqual({
      grant_type: 'client_credentials',
      scope: 'catalog:read  catalog:write'
    })
  })

  for (const refusal of [401, 400] as const) {
    it(`falls back to the form body when Basic is refused with ${refusal} invalid_client, and remembers it`, async () => {
      const server = await serve(tokenEndpoint(['form'], 3600, refusal))
      const source = track(new OAuth2TokenSource(settings(server.url)))
      expect(await source.token()).toBe('token-1')
      expect(source.method).toBe('form')
      await source.fetchToken()
      // Basic was tried once, at the start; the renewal went straight to the form body.
      expect(server.requests.map(clientAuth)).toEqual(['basic', 'form', 'form'])
    })
  }
})

describe('caching and renewal', () => {
  it('keeps a token until shortly before it expires, then fetches a new one', async () => {
    const server = await serve(tokenEndpoint(['basic'], 100))
    let now = 1_000_000
    const source = track(new OAuth2TokenSource(settings(server.url), { now: () => now }))
    expect(await source.token()).toBe('token-1')
    now += 89_000
    expect(await source.token()).toBe('token-1')
    // 100 s tokens are renewed 10 s (a tenth of their lifetime) before they expire.
    now += 2_000
    expect(await source.token()).toBe('token-2')
    expect(server.requests).toHaveLength(2)
  })

  it('keeps a token without expires_in until the catalog refuses it', async () => {
    const server = await serve(tokenEndpoint(['basic'], null))
    let now = 0
    const source = track(new OAuth2TokenSource(settings(server.url), { now: () => now }))
    expect(await source.token()).toBe('token-1')
    now += 365 * 24 * 3600_000
    expect(await source.token()).toBe('token-1')
    source.invalidate('token-1')
    expect(await source.token()).toBe('token-2')
  })

  it('shares one fetch between callers that ask at the same time', async () => {
    let answer: (() => void) | undefined
    const issue = tokenEndpoint(['basic'])
    const server = await serve((req, res) => {
      answer = () => issue(req, res)
    })
    const source = track(new OAuth2TokenSource(settings(server.url)))
    const waiting = Promise.all(Array.from({ length: 12 }, () => source.token()))
    await expect.poll(() => answer !== undefined).toBe(true)
    answer?.()
    expect(new Set(await waiting)).toEqual(new Set(['token-1']))
    expect(server.requests).toHaveLength(1)
  })

  it('renews the token once when the catalog answers 401, and sends the request again', async () => {
    const refused = new Set(['token-1'])
    const issue = tokenEndpoint(['basic'])
    const server = await serve((req, res) => {
      if (req.path === '/oauth/token') return issue(req, res)
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
      if (refused.has(token)) return sendJson(res, 401, { error: 'token revoked' })
      sendJson(res, 200, { namespaces: ['analytics'] })
    })
    const source = new OAuth2TokenSource(settings(server.url))
    const http = track(new HttpTransport(new URL(server.url), {}, { tokens: source }))
    const listed = await http.json({ method: 'POST', path: '/v1/namespace/x/list', json: {}, idempotent: false })
    expect(listed).toEqual({ namespaces: ['analytics'] })
    const catalogCalls = server.requests.filter((r) => r.path !== '/oauth/token').map((r) => r.headers.authorization)
    expect(catalogCalls).toEqual(['Bearer token-1', 'Bearer token-2'])
    expect(tokenRequests(server.requests)).toHaveLength(2)
  })

  it('reports the 401 when the new token is refused too, without asking again', async () => {
    const issue = tokenEndpoint(['basic'])
    const server = await serve((req, res) => (req.path === '/oauth/token' ? issue(req, res) : sendJson(res, 401, { error: 'no access' })))
    const http = track(new HttpTransport(new URL(server.url), {}, { tokens: new OAuth2TokenSource(settings(server.url)) }))
    const error = await failure(http.json({ method: 'GET', path: '/v1/namespace/x/list', idempotent: true }))
    expect(error.code).toBe('unauthenticated')
    expect(server.requests.filter((r) => r.path !== '/oauth/token')).toHaveLength(2)
    expect(tokenRequests(server.requests)).toHaveLength(2)
  })
})

describe('token step errors', () => {
  it('says the token endpoint is unreachable', async () => {
    const port = await closedPort()
    const source = track(new OAuth2TokenSource(settings(`http://127.0.0.1:${port}`)))
    const error = await failure(source.token())
    expect(error.code).toBe('unreachable')
    expect(error.message).toMatch(new RegExp(`^Getting an OAuth2 token from http://127\\.0\\.0\\.1:${port}/oauth/token failed: Could not connect`))
  })

  it('explains refused client credentials (both ways refused) without showing the secret', async () => {
    const server = await serve(tokenEndpoint([]))
    const source = track(new OAuth2TokenSource(settings(server.url)))
    const error = await failure(source.token())
    expect(error.code).toBe('unauthenticated')
    expect(error.message).toContain('refused the client credentials (HTTP 401 invalid_client). Check the Client ID ("app") and the Client secret.')
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(SECRET)
    expect(server.requests.map((r) => (r.headers.authorization ? 'basic' : 'form'))).toEqual(['basic', 'form'])
  })

  it('refuses an answer that is not JSON, one without access_token, and a token type it cannot send', async () => {
    const answers: Array<[string, (res: ServerResponse) => void, string, RegExp]> = [
      ['html', (res) => sendText(res, 200, '<html>login</html>', 'text/html'), 'bad_response', /is not JSON/],
      ['no token', (res) => sendJson(res, 200, { token_type: 'Bearer', expires_in: 60 }), 'bad_response', /no usable "access_token"/],
      ['mac', (res) => sendJson(res, 200, { access_token: 'x', token_type: 'mac' }), 'unsupported', /"mac" token/],
      ['server', (res) => sendJson(res, 503, { error: 'temporarily_unavailable' }), 'server_error', /failed \(HTTP 503\)/]
    ]
    let current = answers[0]
    const server = await serve((_req, res) => current?.[1](res))
    for (const answer of answers) {
      current = answer
      const error = await failure(track(new OAuth2TokenSource(settings(server.url))).token())
      expect([answer[0], error.code]).toEqual([answer[0], answer[2]])
      expect(error.message).toMatch(/^Getting an OAuth2 token from http:\/\/127\.0\.0\.1:\d+\/oauth\/token failed: /)
      expect(error.message).toMatch(answer[3])
    }
  })

  it('lets the next call try again after a failed fetch', async () => {
    let fail = true
    const issue = tokenEndpoint(['basic'])
    const server = await serve((req, res) => (fail ? sendJson(res, 500, {}) : issue(req, res)))
    const source = track(new OAuth2TokenSource(settings(server.url)))
    expect((await failure(source.token())).code).toBe('server_error')
    fail = false
    expect(await source.token()).toBe('token-1')
  })
})
