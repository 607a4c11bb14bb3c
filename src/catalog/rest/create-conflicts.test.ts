/**
 * The REST client's create path against servers that decide races their own way: a lost
 * race is `table_exists` / `namespace_exists` whatever status carries it, an `exist_ok`
 * loser succeeds once the table is there, and a failed create is never followed by a drop.
 */
import { describe, expect, it } from 'vitest'
import { createTableSafely } from '../create-table-safely'
import { creatorRows } from '../../../test-kit/race-fixtures'
import { openRestNamespace } from './rest-namespace'
import { failure, sendJson, useTestServers, type SeenRequest } from '../../../test-kit/test-http-server'

const { serve, track } = useTestServers()

const table = { namespace: ['n1'], name: 't' }
const described = { location: '/data/t', version: 1, schema: { fields: [] }, stats: { num_rows: 1, num_fragments: 1, num_deleted_rows: 0 } }
const tableMissing = { error: 'Table "n1$t" does not exist.', code: 4 }

function open(url: string) {
  return track(openRestNamespace({ uri: url }, { maxRetries: 0 }))
}

const routeOf = (req: SeenRequest): string => req.path.split('/').pop() ?? ''

describe('creates that lose a race on the server', () => {
  it.each([409, 500])('maps Lance code 14 (concurrent modification) answered with HTTP %i to table_exists and namespace_exists', async (status) => {
    const { url } = await serve((_req, res) => sendJson(res, status, { error: 'Concurrent modification: created by another operation', code: 14 }))
    const client = open(url)
    expect((await failure(client.createTable(table, creatorRows(1), 'create'))).code).toBe('table_exists')
    expect((await failure(client.createNamespace(['n1']))).code).toBe('namespace_exists')
  })

  it('never sends a drop after a failed create: the table may be another caller\u2019s', async () => {
    const { url, requests } = await serve((req, res) => {
      if (routeOf(req) === 'describe') return sendJson(res, 404, tableMissing)
      if (routeOf(req) === 'create') return sendJson(res, 500, { error: 'disk full', code: 18 })
      sendJson(res, 200, {})
    })
    const client = open(url)
    const error = await failure(createTableSafely(client, table, 'create', () => client.createTable(table, creatorRows(1), 'create')))
    expect(error.code).toBe('server_error')
    expect(requests.map(routeOf)).toEqual(['describe', 'create'])
  })

  it('exist_ok: a create refused as table_exists succeeds once the table is there', async () => {
    let created = false
    const { url } = await serve((req, res) => {
      if (routeOf(req) === 'describe') return created ? sendJson(res, 200, described) : sendJson(res, 404, tableMissing)
      if (routeOf(req) === 'stats') return sendJson(res, 200, { num_rows: 1, num_indices: 0, total_bytes: 10, fragment_stats: { num_fragments: 1 } })
      // Another creator won between our check and our create; a server may answer exist_ok with a conflict.
      created = true
      sendJson(res, 409, { error: 'Table "n1$t" already exists.', code: 5 })
    })
    const client = open(url)
    await expect(createTableSafely(client, table, 'exist_ok', () => client.createTable(table, creatorRows(1), 'exist_ok'))).resolves.toBeUndefined()
  })

  it('exist_ok: a create refused as table_exists still fails when no table is there', async () => {
    const { url: emptyUrl } = await serve((req, res) =>
      routeOf(req) === 'describe' ? sendJson(res, 404, tableMissing) : sendJson(res, 409, { error: 'Table "n1$t" already exists.', code: 5 })
    )
    const other = open(emptyUrl)
    const error = await failure(createTableSafely(other, table, 'exist_ok', () => other.createTable(table, creatorRows(1), 'exist_ok')))
    expect(error.code).toBe('table_exists')
  })
})
