/**
 * The reference server's OAuth2 client-credentials endpoint, over raw HTTP as any client
 * would call it: tokens for HTTP Basic and form client authentication, RFC 6749 errors,
 * issued tokens accepted by the catalog routes until they expire, and one log line per
 * token issued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { rawRequest } from '../test-kit/raw-http'
import { parseCliArgs, UsageError } from './cli-args'
import { startCatalogServer, type RunningCatalogServer } from './server'

const ID = 'browser-app'
const SECRET = 'cs-0123456789abcdef:with-colon'

let root: string
let server: RunningCatalogServer
const logged: string[] = []

interface Answer {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Record<string, unknown>
}

async function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { status, headers: answered, text } = await rawRequest({ port: server.port, method, path, headers, body })
  return { status, headers: answered, body: text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>) }
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`

async function tokenByBasic(secret = SECRET): Promise<Answer> {
  return send('POST', '/oauth/token', { ...FORM, authorization: basic(ID, secret) }, 'grant_type=client_credentials&scope=catalog')
}

async function list(token: string): Promise<Answer> {
  return send('GET', '/v1/namespace/%24/list', { authorization: `Bearer ${token}` })
}

beforeAll(async () => {
  root = await makeTempDir('oauth2-server')
  await buildNestedCatalog(root, { tables: { words: 2 }, namespaces: { analytics: {} } })
  server = await startCatalogServer({ root, oauth2: { clients: [{ id: ID, secret: SECRET }], tokenLifetimeMs: 2_000, log: (line) => logged.push(line) } })
})

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

describe('POST /oauth/token', () => {
  it('issues a bearer token to a client authenticated with HTTP Basic, which the catalog then accepts', async () => {
    const before = logged.length
    const answer = await tokenByBasic()
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 2, scope: 'catalog' })
    expect(logged.slice(before)).toEqual([
      expect.stringMatching(
        /^oauth2: issued token #\d+ to client "browser-app" \(basic client authentication\), expires in 2 s \(at \d{4}-\d\d-\d\dT[\d:.]+Z\)$/
      )
    ])
    const listed = await list(String(answer.body['access_token']))
    expect(listed.status).toBe(200)
    expect(listed.body['namespaces']).toEqual(['analytics'])
  })

  it('issues a token to a client that sends its credentials in the form body', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: ID, client_secret: SECRET }).toString()
    const answer = await send('POST', '/oauth/token', FORM, form)
    expect(answer.status).toBe(200)
    expect(logged.at(-1)).toContain('(form client authentication)')
    expect((await list(String(answer.body['access_token']))).status).toBe(200)
  })

  it('refuses a wrong secret, an unknown client and no client authentication with 401 invalid_client', async () => {
    const before = logged.length
    const wrong = await tokenByBasic('not-the-secret')
    expect(wrong.status).toBe(401)
    expect(wrong.body['error']).toBe('invalid_client')
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/)
    const unknown = await send('POST', '/oauth/token', FORM, `grant_type=client_credentials&client_id=someone&client_secret=${encodeURIComponent(SECRET)}`)
    expect(unknown.status).toBe(401)
    expect(unknown.body['error']).toBe('invalid_client')
    const none = await send('POST', '/oauth/token', FORM, 'grant_type=client_credentials')
    expect(none.status).toBe(401)
    expect(logged.length).toBe(before)
  })

  it('answers RFC 6749 errors for another grant type, two client authentications at once, or a JSON body', async () => {
    const grant = await send('POST', '/oauth/token', { ...FORM, authorization: basic(ID, SECRET) }, 'grant_type=password')
    expect(grant).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } })
    const both = await send('POST', '/oauth/token', { ...FORM, authorization: basic(ID, SECRET) }, `grant_type=client_credentials&client_id=${ID}`)
    expect(both).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    const json = await send('POST', '/oauth/token', { 'content-type': 'application/json' }, JSON.stringify({ grant_type: 'client_credentials' }))
    expect(json).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect((await send('GET', '/oauth/token')).status).toBe(405)
  })
})

describe('catalog routes with OAuth2 on', () => {
  it('refuses no token and unknown tokens with 401', async () => {
    expect((await send('GET', '/v1/namespace/%24/list')).status).toBe(401)
    const unknown = await list('made-up-token')
    expect(unknown.status).toBe(401)
    expect(unknown.body['error']).toMatch(/not valid/)
  })

  it('refuses a token once its lifetime is over, saying it expired', async () => {
    const token = String((await tokenByBasic()).body['access_token'])
    expect((await list(token)).status).toBe(200)
    // Waits for the server's own verdict to change, not for a fixed time.
    await expect.poll(async () => (await list(token)).status, { timeout: 10_000, interval: 250 }).toBe(401)
    expect((await list(token)).body['error']).toMatch(/expired/)
  })
})

describe('command line', () => {
  it('reads --oauth2-client and --token-lifetime', () => {
    const args = parseCliArgs(['--root', '/tmp/x', '--oauth2-client', 'app:s3cret:x', '--oauth2-client=other:p', '--token-lifetime', '5'])
    expect(args.oauth2Clients).toEqual([
      { id: 'app', secret: 's3cret:x' },
      { id: 'other', secret: 'p' }
    ])
    expect(args.tokenLifetimeMs).toBe(5000)
  })

  it('refuses a client without a secret and a lifetime without clients', () => {
    expect(() => parseCliArgs(['--root', '/tmp/x', '--oauth2-client', 'app'])).toThrow(/ID:SECRET/)
    expect(() => parseCliArgs(['--root', '/tmp/x', '--token-lifetime', '5'])).toThrow(UsageError)
  })
})
