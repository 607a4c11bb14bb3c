/**
 * "Test connection" of a REST profile with OAuth2 client credentials, against the
 * reference server issuing its own tokens: the token step comes first and says what
 * happened; a wrong client secret is explained there and stops the test; the report
 * never holds the client secret or the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { closedPort } from '../../../test-kit/test-http-server'
import { runConnectionTest } from './run-connection-test'
import { testInputFromDraft } from './check-input'

const SECRET = 'cs-report-9a8b7c6d5e4f'
let root: string
let server: RunningCatalogServer

beforeAll(async () => {
  root = await makeTempDir('oauth2-test')
  await buildNestedCatalog(root, { tables: { top: 1 }, namespaces: { sales: {} } })
  server = await startCatalogServer({ root, oauth2: { clients: [{ id: 'browser', secret: SECRET }] } })
})

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

const test = (properties: Record<string, string>) =>
  runConnectionTest({ type: 'rest', properties: { uri: server.url, 'oauth2.client_id': 'browser', ...properties } }, 'rest', { timeouts: { headersMs: 2_000 } })

describe('the token step', () => {
  it('gets a token first, then the catalog steps use it', async () => {
    const report = await test({ 'oauth2.client_secret': SECRET })
    expect(report.steps.map((step) => [step.title, step.verdict])).toEqual([
      [`Get an OAuth2 token from ${server.url}/oauth/token`, 'ok'],
      ['List root namespaces', 'ok'],
      ['Data access', 'ok']
    ])
    expect(report.steps[0]?.message).toMatch(/^Got a token \(client "browser" authenticated with HTTP Basic; expires in 3600 s\)/)
    expect(report.steps[1]?.request?.headers['authorization']).toMatch(/^••••/)
    expect(JSON.stringify(report)).not.toContain(SECRET)
  })

  it('explains a wrong client secret and stops there', async () => {
    const report = await test({ 'oauth2.client_secret': 'not-the-right-secret' })
    expect(report.ok).toBe(false)
    expect(report.steps).toHaveLength(1)
    const [step] = report.steps
    expect(step?.verdict).toBe('unauthenticated')
    expect(step?.status).toBe(401)
    expect(step?.message).toMatch(/^Client ID or secret wrong: .* The usual cause is a wrong Client secret/)
    expect(JSON.stringify(report)).not.toContain('not-the-right-secret')
  })

  it('says the token endpoint refused the connection', async () => {
    const port = await closedPort()
    const report = await test({ 'oauth2.client_secret': SECRET, 'oauth2.token_url': `http://127.0.0.1:${port}/token` })
    expect(report.steps.map((step) => [step.title, step.verdict])).toEqual([[`Get an OAuth2 token from http://127.0.0.1:${port}/token`, 'refused']])
  })

  it('reports a client secret with no stored value before anything else', async () => {
    const { input } = await testInputFromDraft(
      { name: 'x', connectType: 'rest', properties: { uri: server.url, 'oauth2.client_id': 'browser', 'oauth2.client_secret': '' }, headers: [] },
      async () => undefined
    )
    const report = await runConnectionTest(input, 'rest')
    expect(report.steps[0]?.title).toBe('Value of Client secret')
    expect(report.ok).toBe(false)
  })
})
