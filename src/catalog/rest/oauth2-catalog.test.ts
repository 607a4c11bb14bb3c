/**
 * A REST connection with OAuth2 client credentials against the reference server issuing
 * its own tokens: browsing and reading rows with one token, a catalog that no longer knows
 * the token (restarted on the same port) answered by one renewal, and connection
 * properties that cannot work refused with a message naming the setting.
 */
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { openRestCatalog } from './rest-namespace'
import { parseRestProperties } from './rest-config'
import { failure } from '../../../test-kit/test-http-server'

const SECRET = 'cs-catalog-1f2e3d4c5b6a'
const clients = [{ id: 'browser', secret: SECRET }]
let root: string
let server: RunningCatalogServer
const log: string[] = []
const issued = (): string[] => log.filter((line) => line.startsWith('oauth2: issued'))

beforeAll(async () => {
  root = await makeTempDir('oauth2-catalog')
  await buildNestedCatalog(root, { tables: { top: 3 }, namespaces: { sales: { tables: { orders: 5 } } } })
  server = await startCatalogServer({ root, oauth2: { clients }, log: (line) => log.push(line) })
})

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

const properties = (): Record<string, string> => ({ uri: server.url, 'oauth2.client_id': 'browser', 'oauth2.client_secret': SECRET })

describe('a catalog behind OAuth2 client credentials', () => {
  it('lists, describes and reads with one token', async () => {
    const before = issued().length
    const client = openRestCatalog(properties())
    try {
      expect((await client.listNamespaces([])).items).toEqual(['sales'])
      expect((await client.table({ namespace: ['sales'], name: 'orders' }).describe()).rowCount).toBe('5')
      const page = await client.table({ namespace: ['sales'], name: 'orders' }).readRows({ offset: 0, limit: 2, columns: ['id'] })
      expect(tableFromIPC(page.arrow).numRows).toBe(2)
      expect(issued().length - before).toBe(1)
    } finally {
      await client.close()
    }
  })

  it('gets a new token once when the catalog no longer accepts the one it has', async () => {
    const client = openRestCatalog(properties())
    try {
      expect((await client.listTables([])).items).toEqual(['top'])
      // A restart forgets every token it issued, as a revocation would.
      const port = server.port
      await server.close()
      server = await startCatalogServer({ root, port, oauth2: { clients }, log: (line) => log.push(line) })
      const before = issued().length
      const refusedBefore = log.filter((line) => line.includes('-> 401')).length
      expect((await client.listTables([])).items).toEqual(['top'])
      expect(issued().length - before).toBe(1)
      expect(log.filter((line) => line.includes('-> 401')).length - refusedBefore).toBe(1)
    } finally {
      await client.close()
    }
  })

  it('reads at table locations through LanceDB with the token on a metadata-only catalog', async () => {
    const metadataOnly = await startCatalogServer({ root, dataRoutes: false, oauth2: { clients }, log: (line) => log.push(line) })
    const client = openRestCatalog({ ...properties(), uri: metadataOnly.url })
    try {
      const orders = { namespace: ['sales'], name: 'orders' }
      expect((await client.table(orders).describe()).rowCount).toBe('5')
      expect(client.mode).toBe('location')
      const page = await client.table(orders).readRows({ offset: 1, limit: 2, columns: ['id'] })
      expect(Array.from(tableFromIPC(page.arrow).getChild('id')?.toArray() ?? [], Number)).toEqual([1, 2])
    } finally {
      await client.close()
      await metadataOnly.close()
    }
  })

  it('says the token step failed when the client secret is wrong, without showing it', async () => {
    const client = openRestCatalog({ ...properties(), 'oauth2.client_secret': 'wrong-secret-value' })
    try {
      const error = await failure(client.listNamespaces([]))
      expect(error.code).toBe('unauthenticated')
      expect(error.message).toBe(
        `Getting an OAuth2 token from ${server.url}/oauth/token failed: the token endpoint refused the client credentials (HTTP 401 invalid_client). Check the Client ID ("browser") and the Client secret.`
      )
      expect(JSON.stringify(error.details)).not.toContain('wrong-secret-value')
    } finally {
      await client.close()
    }
  })

  it('refuses settings that cannot work, naming them', () => {
    const refuse = (extra: Record<string, string>): string => {
      try {
        parseRestProperties({ ...properties(), ...extra })
        return 'accepted'
      } catch (error) {
        return (error as Error).message
      }
    }
    expect(refuse({ 'oauth2.token_url': 'ftp://auth.example.com/token' })).toMatch(/^The OAuth2 token URL cannot be used: Write the token URL as https:/)
    expect(refuse({ 'oauth2.client_id': ' ' })).toMatch(/needs a client ID/)
    expect(refuse({ 'oauth2.client_secret': '' })).toMatch(/needs the client secret/)
    expect(refuse({ 'headers.Authorization': 'Bearer x' })).toMatch(/remove the Authorization header/)
    expect(parseRestProperties({ ...properties(), uri: 'http://h:1/base/' }).oauth2?.tokenUrl.href).toBe('http://h:1/base/oauth/token')
    expect(parseRestProperties({ ...properties(), 'oauth2.token_url': 'https://idp.example.com/t?x=1' }).oauth2?.tokenUrl.href).toBe(
      'https://idp.example.com/t?x=1'
    )
  })
})
