/**
 * Concurrent creates against the reference server on a real LanceDB catalog, through our
 * REST client (the app's create path) and straight over HTTP: one winner per name, every
 * other creator 409 / `table_exists` (namespaces: `namespace_exists`), the table holding
 * exactly the winner's rows, and nothing dropped or left behind by a loser or a failure.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTableSafely } from '../src/catalog/create-table-safely'
import { creatorRows, creatorsIn, expectNamespaceRaces, race, rowsOf, tablesListed } from '../test-kit/race-fixtures'
import type { NamespaceClient } from '../src/catalog/namespace-client'
import { openRestNamespace } from '../src/catalog/rest/rest-namespace'
import type { TableRef } from '../src/shared/catalog-types'
import { makeTempDir, removeDir, rowsWithABadNull } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'

const ARROW_STREAM = 'application/vnd.apache.arrow.stream'

let root: string
let server: RunningCatalogServer
let client: NamespaceClient
const requests: string[] = []

beforeEach(async () => {
  root = await makeTempDir('create-races')
  requests.length = 0
  server = await startCatalogServer({ root, log: (line) => requests.push(line) })
  client = openRestNamespace({ uri: server.url })
})

afterEach(async () => {
  await client.close()
  await server.close()
  await removeDir(root)
})

/** The app's create: `tables:create` runs exactly this. */
function appCreate(table: TableRef, creator: number, mode: 'create' | 'exist_ok' | 'overwrite' = 'create'): Promise<void> {
  return createTableSafely(client, table, mode, () => client.createTable(table, creatorRows(creator), mode))
}

async function expectRowsOf(table: TableRef, creator: number | undefined): Promise<void> {
  expect(creator).toBeDefined()
  expect(await creatorsIn(root, table)).toEqual(new Array(rowsOf(creator ?? -1)).fill(creator))
}

function drops(): string[] {
  return requests.filter((line) => line.includes('/drop'))
}

/** One raw HTTP create: status and the Lance error code of the body, if any. */
async function httpCreate(id: string, body: Uint8Array, mode = 'create'): Promise<{ status: number; code: number | undefined }> {
  const response = await fetch(`${server.url}/v1/table/${encodeURIComponent(id)}/create?mode=${mode}`, {
    method: 'POST',
    headers: { 'content-type': ARROW_STREAM },
    body
  })
  return { status: response.status, code: await lanceCode(response) }
}

async function httpCreateNamespace(id: string): Promise<{ status: number; code: number | undefined }> {
  const response = await fetch(`${server.url}/v1/namespace/${encodeURIComponent(id)}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}'
  })
  return { status: response.status, code: await lanceCode(response) }
}

async function lanceCode(response: Response): Promise<number | undefined> {
  const text = await response.text()
  if (response.ok) return undefined
  const body = JSON.parse(text) as { code?: unknown; error?: unknown }
  expect(typeof body.error).toBe('string')
  return typeof body.code === 'number' ? body.code : undefined
}

describe('concurrent creates through the REST client against the reference server', () => {
  it('2 creators x 20 runs in a nested namespace: one wins, the other gets table_exists, nothing is dropped', async () => {
    await client.createNamespace(['n1'])
    for (let run = 0; run < 20; run++) {
      const table = { namespace: ['n1'], name: `t${run}` }
      const outcome = await race(2, (i) => appCreate(table, i))
      expect(outcome.winners).toHaveLength(1)
      expect(outcome.failures).toEqual(['table_exists'])
      await expectRowsOf(table, outcome.winners[0])
    }
    expect(await tablesListed(root, ['n1'])).toHaveLength(20)
    expect(drops()).toEqual([])
  })

  it('50 creators at the root: one wins, 49 get table_exists', async () => {
    const table = { namespace: [], name: 't' }
    const outcome = await race(50, (i) => appCreate(table, i))
    expect(outcome.winners).toHaveLength(1)
    expect(outcome.failures).toEqual(new Array(49).fill('table_exists'))
    await expectRowsOf(table, outcome.winners[0])
    expect(drops()).toEqual([])
  })

  it('exist_ok and overwrite races: everyone gets ok, the table holds exactly one creator\u2019s rows', async () => {
    const table = { namespace: [], name: 't' }
    expect((await race(20, (i) => appCreate(table, i, 'exist_ok'))).failures).toEqual([])
    const kept = await creatorsIn(root, table)
    expect(kept).toEqual(new Array(rowsOf(kept?.[0] ?? -1)).fill(kept?.[0]))

    expect((await race(20, (i) => appCreate(table, 100 + i, 'overwrite'))).failures).toEqual([])
    const last = (await creatorsIn(root, table))?.[0] ?? -1
    expect(last).toBeGreaterThanOrEqual(100)
    await expectRowsOf(table, last)
  })

  it('namespace races: one creator wins, the rest get namespace_exists', async () => {
    await expectNamespaceRaces(client)
  })
})

describe('concurrent creates straight at the reference server over HTTP', () => {
  it('2 creators x 20 runs in a nested namespace: one 200, one 409 with code 5', async () => {
    expect((await httpCreateNamespace('n1')).status).toBe(200)
    for (let run = 0; run < 20; run++) {
      const replies = await Promise.all([0, 1].map((i) => httpCreate(`n1$t${run}`, creatorRows(i))))
      const winners = replies.flatMap((reply, i) => (reply.status === 200 ? [i] : []))
      expect(winners).toHaveLength(1)
      expect(replies.filter((reply) => reply.status !== 200)).toEqual([{ status: 409, code: 5 }])
      await expectRowsOf({ namespace: ['n1'], name: `t${run}` }, winners[0])
    }
  })

  it('50 creators at the root: one 200, 49 409s with code 5', async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => httpCreate('t', creatorRows(i))))
    const winners = replies.flatMap((reply, i) => (reply.status === 200 ? [i] : []))
    expect(winners).toHaveLength(1)
    expect(replies.filter((reply) => reply.status !== 200)).toEqual(new Array(49).fill({ status: 409, code: 5 }))
    await expectRowsOf({ namespace: [], name: 't' }, winners[0])
  })

  it('namespace races: one 200, the rest 409 with code 2', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => httpCreateNamespace('a')))
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1)
    expect(replies.filter((reply) => reply.status !== 200)).toEqual(new Array(19).fill({ status: 409, code: 2 }))
  })

  it('declare races: one 200, the rest 409 with code 5, and one declared table listed', async () => {
    const declare = () =>
      fetch(`${server.url}/v1/table/d/declare`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(async (r) => ({
        status: r.status,
        code: await lanceCode(r)
      }))
    const replies = await Promise.all(Array.from({ length: 20 }, declare))
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1)
    expect(replies.filter((reply) => reply.status !== 200)).toEqual(new Array(19).fill({ status: 409, code: 5 }))
    expect(await tablesListed(root, [])).toEqual(['d'])
  })

  it('a failed create answers 400 and leaves nothing listed, at the root and nested', async () => {
    expect((await httpCreateNamespace('n1')).status).toBe(200)
    for (const [id, namespace] of [
      ['people', []],
      ['n1$people', ['n1']]
    ] as const) {
      expect(await httpCreate(id, rowsWithABadNull())).toEqual({ status: 400, code: 13 })
      expect(await tablesListed(root, namespace)).toEqual([])
      const listing = await fetch(`${server.url}/v1/namespace/${encodeURIComponent(namespace.length ? 'n1' : '$')}/table/list`)
      expect(await listing.json()).toEqual({ tables: [] })
      expect((await httpCreate(id, creatorRows(1))).status).toBe(200)
    }
  })
})
