/**
 * The walk against catalogs that misbehave, each a real HTTP server on 127.0.0.1 talking
 * to the app's REST client: ListAllTables answered 406 (walked instead), a repeated page
 * token (that listing ends with a note), a namespace that never answers (the others'
 * results still arrive), and Cancel (no list request reaches the server afterwards).
 */
import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { FieldInfo } from '../../shared/catalog-types'
import type { NamespacePath } from '../../shared/namespace-path'
import { openRestCatalog } from '../../catalog/rest/rest-namespace'
import { sendJson, useTestServers, type SeenRequest } from '../../../test-kit/test-http-server'
import { crawlCatalog, type CrawlSink } from './crawl'

const { serve, track } = useTestServers()

/** A catalog of `tree` (namespace id -> children and tables), with hooks to misbehave. */
function catalog(tree: Record<string, { namespaces?: string[]; tables?: string[] }>, misbehave?: (req: SeenRequest, res: ServerResponse) => boolean) {
  return (req: SeenRequest, res: ServerResponse): void => {
    if (misbehave?.(req, res)) return
    if (req.path === '/v1/table') return sendJson(res, 406, { error: 'ListAllTables is not supported', code: 0 })
    const list = /^\/v1\/namespace\/([^/]+)\/(list|table\/list)$/.exec(req.path)
    if (list) {
      const node = tree[decodeURIComponent(list[1] ?? '')]
      if (!node) return sendJson(res, 404, { error: 'Namespace not found', code: 1 })
      return sendJson(res, 200, list[2] === 'list' ? { namespaces: node.namespaces ?? [] } : { tables: node.tables ?? [] })
    }
    const describe = /^\/v1\/table\/([^/]+)\/describe$/.exec(req.path)
    if (describe)
      return sendJson(res, 200, {
        location: '/nowhere',
        version: 1,
        stats: { num_rows: 1, num_deleted_rows: 0, num_fragments: 1 },
        schema: { fields: [{ name: 'customer_id', type: { type: 'int64' }, nullable: false }] }
      })
    sendJson(res, 404, { error: 'no route', code: 0 })
  }
}

function recorder() {
  const tables: string[] = []
  const notes: string[] = []
  const sources: string[] = []
  const columns: string[] = []
  const sink: CrawlSink = {
    namespaceFound: () => undefined,
    namespaceVisited: () => undefined,
    tableFound: (namespace: NamespacePath, name: string) => {
      tables.push([...namespace, name].join('$'))
      return true
    },
    columnsFound: (namespace: NamespacePath, name: string, fields: readonly FieldInfo[]) =>
      columns.push(`${[...namespace, name].join('$')}.${fields.map((f) => f.name).join(',')}`),
    note: (message) => notes.push(message),
    source: (source) => sources.push(source)
  }
  return { sink, tables, notes, sources, columns }
}

const TREE = {
  $: { namespaces: ['a', 'b'], tables: ['root_t'] },
  a: { namespaces: ['a1'], tables: ['a_t'] },
  a$a1: { tables: ['deep_t'] },
  b: { tables: ['b_t'] }
}

describe('crawlCatalog', () => {
  it('walks ListNamespaces and ListTables when ListAllTables answers 406', async () => {
    const server = await serve(catalog(TREE))
    const client = track(openRestCatalog({ uri: server.url }))
    const seen = recorder()
    await crawlCatalog(client, seen.sink, { signal: new AbortController().signal, delimiter: '$' })
    expect(seen.sources).toEqual(['crawl'])
    expect(seen.tables.sort()).toEqual(['a$a1$deep_t', 'a$a_t', 'b$b_t', 'root_t'])
    expect(seen.notes).toEqual([])
    expect(seen.columns).toContain('a$a1$deep_t.customer_id')
    expect(server.requests.filter((r) => r.path === '/v1/table')).toHaveLength(1)
    expect(seen.notes).toEqual([])
  })

  it('falls back to the walk when ListAllTables fails midway, describing each table once', async () => {
    const server = await serve(
      catalog(TREE, (req, res) => {
        if (req.path !== '/v1/table') return false
        if (req.query.get('page_token')) sendJson(res, 500, { error: 'the listing broke', code: 18 })
        else sendJson(res, 200, { tables: ['root_t', 'a$a_t'], page_token: 'p2' })
        return true
      })
    )
    const client = track(openRestCatalog({ uri: server.url }))
    const seen = recorder()
    await crawlCatalog(client, seen.sink, { signal: new AbortController().signal, delimiter: '$' })
    expect(seen.sources).toEqual(['crawl'])
    expect(seen.tables.sort()).toEqual(['a$a1$deep_t', 'a$a_t', 'b$b_t', 'root_t'])
    expect(seen.notes.join('\n')).toMatch(/Listing all tables failed .*walking the namespaces instead/)
    expect(server.requests.filter((r) => r.path.endsWith('/describe'))).toHaveLength(4)
  })

  it('lists tables through the walk too while ListAllTables is slow to answer', async () => {
    let answer = (): void => undefined
    const server = await serve(
      catalog(TREE, (req, res) => {
        if (req.path === '/v1/table') {
          // Held until the walk lists a namespace's tables (or a second passes).
          answer = () => {
            answer = () => undefined
            sendJson(res, 200, { tables: ['root_t', 'a$a_t', 'a$a1$deep_t', 'b$b_t'] })
          }
          setTimeout(() => answer(), 1_000)
          return true
        }
        if (req.path.endsWith('/table/list')) setTimeout(() => answer(), 50)
        return false
      })
    )
    const client = track(openRestCatalog({ uri: server.url }))
    const seen = recorder()
    await crawlCatalog(client, seen.sink, { signal: new AbortController().signal, delimiter: '$', listAllGraceMs: 20 })
    expect(server.requests.filter((r) => r.path.endsWith('/table/list')).length).toBeGreaterThan(0)
    expect(seen.tables.sort()).toEqual(['a$a1$deep_t', 'a$a_t', 'b$b_t', 'root_t'])
    expect(seen.sources).toEqual(['list-all'])
    expect(server.requests.filter((r) => r.path.endsWith('/describe'))).toHaveLength(4)
  })

  it('describes no table while listings wait for a slot, then every table', async () => {
    const server = await serve(catalog(TREE))
    const client = track(openRestCatalog({ uri: server.url }))
    const seen = recorder()
    await crawlCatalog(client, seen.sink, { signal: new AbortController().signal, delimiter: '$', concurrency: 1 })
    const paths = server.requests.map((r) => r.path)
    // One listing at a time, breadth first: "a$a1" is listed last, alone, and describes may run beside it.
    const firstDescribe = paths.findIndex((path) => path.endsWith('/describe'))
    expect(firstDescribe).toBeGreaterThan(paths.indexOf('/v1/namespace/b/table/list'))
    expect(paths.filter((path) => path.endsWith('/describe'))).toHaveLength(4)
    expect(seen.columns).toHaveLength(4)
  })

  it('ends a listing whose page token repeats, with a note, and goes on with the rest', async () => {
    const server = await serve(
      catalog(TREE, (req, res) => {
        if (req.path !== '/v1/namespace/a/table/list') return false
        // Every page says "again": a client following it blindly would never stop.
        sendJson(res, 200, { tables: [`a_t${req.query.get('page_token') ?? ''}`], page_token: 'again' })
        return true
      })
    )
    const client = track(openRestCatalog({ uri: server.url }))
    const seen = recorder()
    await crawlCatalog(client, seen.sink, { signal: new AbortController().signal, delimiter: '$' })
    // The page that repeated its token is not taken: the client refuses that answer whole.
    expect(seen.tables.sort()).toEqual(['a$a1$deep_t', 'a$a_t', 'b$b_t', 'root_t'])
    expect(server.requests.filter((r) => r.path === '/v1/namespace/a/table/list').length).toBeLessThanOrEqual(3)
    expect(seen.notes.join('\n')).toMatch(/tables in namespace "a" stopped: .*repeated page token "again"/)
  })

  it('a namespace that never answers does not hold up the others', async () => {
    const server = await serve(
      catalog(TREE, (req) => req.path === '/v1/namespace/a/list') // never answered
    )
    const client = track(openRestCatalog({ uri: server.url }))
    const seen = recorder()
    await crawlCatalog(client, seen.sink, { signal: new AbortController().signal, delimiter: '$', requestTimeoutMs: 500 })
    expect(seen.tables.sort()).toEqual(['a$a_t', 'b$b_t', 'root_t'])
    expect(seen.notes.join('\n')).toMatch(/namespaces in namespace "a" stopped: The catalog did not answer/)
  })

  it('Cancel stops every request: the server sees no list request afterwards', async () => {
    let cancel = (): void => undefined
    const server = await serve(
      catalog(TREE, (req) => {
        // The first request for namespace "a" hangs; the search is cancelled while it does.
        if (req.path === '/v1/namespace/a/list') {
          setTimeout(() => cancel(), 50)
          return true
        }
        return false
      })
    )
    const client = track(openRestCatalog({ uri: server.url }))
    const seen = recorder()
    const controller = new AbortController()
    cancel = () => controller.abort()
    await crawlCatalog(client, seen.sink, { signal: controller.signal, delimiter: '$', concurrency: 1, columns: false })
    const count = server.requests.length
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.requests.length).toBe(count)
    expect(server.requests.some((r) => r.path === '/v1/namespace/b/list')).toBe(false)
    expect(seen.notes).toEqual([])
  })
})
