/**
 * What a REST connection knows about renaming: asked once, by renaming a table that cannot
 * exist (406 or no route: it does not rename; "table not found": it does), else learned
 * from the first real rename; remembered for the connection so the UI stops offering it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { openRestCatalog } from './rest-namespace'
import { failure, sendJson, useTestServers } from '../../../test-kit/test-http-server'

const { serve, track } = useTestServers()
let root: string
let catalog: RunningCatalogServer

beforeAll(async () => {
  root = await makeTempDir('rename-capability')
  await buildNestedCatalog(root, { tables: { people: 2 } })
  catalog = await startCatalogServer({ root })
})

afterAll(async () => {
  await catalog?.close()
  await removeDir(root)
})

const people = { namespace: [], name: 'people' }

describe('renaming over REST', () => {
  it('learns from the reference server that it does not rename, and says so about the catalog', async () => {
    const client = track(openRestCatalog({ uri: catalog.url }))
    const reason = 'This catalog does not support renaming tables (it answered HTTP 406).'
    expect((await client.capabilities()).renameTable).toEqual({ state: 'unsupported', reason })
    const error = await failure(client.renameTable(people, 'humans'))
    expect([error.code, error.details?.status, error.details?.lanceCode]).toEqual(['unsupported', 406, 0])
    expect(error.message).toBe(reason)
    expect((await client.listTables([])).items).toEqual(['people'])
  })

  it('learns the same from a catalog without the rename route (404, no Lance code)', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 404, { detail: 'Not Found' }))
    const client = track(openRestCatalog({ uri: url }))
    await failure(client.renameTable(people, 'humans'))
    expect((await client.capabilities()).renameTable.state).toBe('unsupported')
  })

  it('renames on a catalog that can, and knows it then', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, {}))
    const client = track(openRestCatalog({ uri: url }))
    await client.renameTable(people, 'humans')
    expect(requests.map((req) => req.path)).toEqual(['/v1/table/people/rename'])
    expect((await client.capabilities()).renameTable).toEqual({ state: 'supported' })
  })

  it('does not take a table that is not there for a catalog that cannot rename', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 404, { error: 'Table not found: people', code: 4 }))
    const client = track(openRestCatalog({ uri: url }))
    expect((await failure(client.renameTable(people, 'humans'))).code).toBe('table_not_found')
    expect((await client.capabilities()).renameTable.state).not.toBe('unsupported')
  })

  it('asks a catalog that renames once, with a table that cannot exist, and changes nothing', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 404, { error: 'Table not found', code: 4 }))
    const client = track(openRestCatalog({ uri: url }))
    const [first, second] = await Promise.all([client.capabilities(), client.capabilities()])
    expect(first.renameTable).toEqual({ state: 'supported' })
    expect(second.renameTable).toEqual({ state: 'supported' })
    expect((await client.capabilities()).renameTable).toEqual({ state: 'supported' })
    expect(requests).toHaveLength(1)
    expect(requests[0]?.path).toMatch(/^\/v1\/table\/lcb-rename-probe-[0-9a-f]{16}\/rename$/)
  })

  it('keeps Rename offered when the question gets no answer about renaming (no permission)', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 403, { error: 'Forbidden', code: 15 }))
    const client = track(openRestCatalog({ uri: url }))
    expect((await client.capabilities()).renameTable).toEqual({ state: 'untried' })
  })
})
