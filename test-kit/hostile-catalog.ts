/**
 * Test support: a Lance REST catalog on 127.0.0.1 that answers the list-namespaces,
 * list-tables and describe routes hostilely, for Find's crawl. A seed picks what a shape
 * leaves open (page sizes, the token scheme), so a new attack is one more option here.
 * Every answer is computed from the page token, so a catalog of a million namespaces
 * costs the server nothing it has to hold.
 */
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { seededRandom } from './portable/seeded-random'

/** What the catalog does wrong. */
export interface HostileShape {
  /** Picks page sizes and the token scheme. */
  readonly seed: number
  /** Namespaces under the root: a count, or endless (a fresh token on every page). */
  readonly rootNamespaces?: number | 'endless'
  /** Every page of the root's namespaces names the same namespaces again (with a fresh token). */
  readonly repeatNames?: boolean
  /** Names on each page of the root's namespaces (and tables, unless `longTables` is given) that are `longChars` long. */
  readonly longNames?: number
  readonly longTables?: number
  readonly longChars?: number
  /** Tables in the root namespace. */
  readonly rootTables?: number
  /** Fields in each table's describe answer. */
  readonly fields?: number
  /** Namespaces nested this deep, one in each: `n1`, `n1$n2`, ... */
  readonly nested?: number
  /** Page tokens padded to this many characters. */
  readonly tokenChars?: number
  /** Spaces in every page of the root's namespaces, between its names and its token. */
  readonly padChars?: number
  /** Every listing of a namespace other than the root fails with HTTP 500. */
  readonly childrenFail?: boolean
}

/** Requests the catalog answered, by route. */
export interface HostileCounts {
  total: number
  namespaces: number
  tables: number
  describes: number
  /** The longest name any answer held. */
  longestName: number
}

/** A running hostile catalog. */
export interface HostileCatalog {
  readonly url: string
  readonly counts: HostileCounts
  close(): Promise<void>
}

type TokenScheme = (offset: number) => string

const TOKEN_SCHEMES: readonly TokenScheme[] = [
  (offset) => `p${offset}`,
  (offset) => Buffer.from(`offset=${offset}`).toString('base64url'),
  (offset) => `${offset.toString(36)}.${'z'.repeat(offset % 17)}`
]

/** Starts the catalog; `/v1/table` (ListAllTables) answers 406, so the crawl walks. */
export async function startHostileCatalog(shape: HostileShape): Promise<HostileCatalog> {
  const next = seededRandom(shape.seed)
  // Offsets are recovered from a token by remembering which token stands for which offset.
  const scheme = TOKEN_SCHEMES[Math.floor(next() * TOKEN_SCHEMES.length)] ?? TOKEN_SCHEMES[0]
  const tokenOf = (offset: number): string => (scheme as TokenScheme)(offset).padEnd(shape.tokenChars ?? 0, '~')
  const offsets = new Map<string, number>()
  const pageSize = (limit: number): number => Math.max(1, Math.ceil(limit * (0.5 + next() / 2)))
  const long = (i: number): string => `long_${i}_`.padEnd(shape.longChars ?? 1024 * 1024, 'x')
  const counts: HostileCounts = { total: 0, namespaces: 0, tables: 0, describes: 0, longestName: 0 }
  let describeBody: string | null = null

  const page = (res: ServerResponse, field: string, names: string[], offset: number | null): void => {
    for (const name of names) counts.longestName = Math.max(counts.longestName, name.length)
    let token: string | null = null
    if (offset !== null) {
      token = tokenOf(offset)
      if (offsets.size < 1_000_000) offsets.set(token, offset)
    }
    const padding = field === 'namespaces' ? ' '.repeat(shape.padChars ?? 0) : ''
    send(res, `{"${field}": ${JSON.stringify(names)},${padding}"page_token": ${JSON.stringify(token)}}`)
  }

  const listNamespaces = (res: ServerResponse, id: string, url: URL): void => {
    counts.namespaces++
    const level = id === '$' ? 0 : id.split('$').length
    if (shape.nested !== undefined && level < shape.nested && (level === 0 || /^n\d+(\$n\d+)*$/.test(id)))
      return page(res, 'namespaces', [`n${level + 1}`], null)
    const total = shape.rootNamespaces ?? 0
    if (id !== '$' || total === 0) return page(res, 'namespaces', [], null)
    const from = offsets.get(url.searchParams.get('page_token') ?? '') ?? 0
    const size = pageSize(Number(url.searchParams.get('limit') ?? 100))
    const end = total === 'endless' ? from + size : Math.min(total, from + size)
    const names: string[] = []
    const start = shape.repeatNames ? 0 : from
    // The first `longNames` names of each page are long.
    for (let i = start; i < start + (end - from); i++) names.push(i - start < (shape.longNames ?? 0) ? long(i) : `ns${i}`)
    page(res, 'namespaces', names, total === 'endless' || end < total ? end : null)
  }

  const listTables = (res: ServerResponse, id: string): void => {
    counts.tables++
    if (id !== '$') return page(res, 'tables', [], null)
    const names: string[] = []
    for (let i = 0; i < (shape.longTables ?? shape.longNames ?? 0); i++) names.push(long(i))
    for (let i = 0; i < (shape.rootTables ?? 0); i++) names.push(`t${i}`)
    page(res, 'tables', names, null)
  }

  const describe = (res: ServerResponse): void => {
    counts.describes++
    describeBody ??= JSON.stringify({
      location: '/nowhere',
      version: 1,
      schema: { fields: Array.from({ length: shape.fields ?? 1 }, (_, i) => ({ name: `field_${i}`, type: { type: 'int64' }, nullable: true })) }
    })
    send(res, describeBody)
  }

  const server = createServer((req, res) => {
    counts.total++
    req.resume()
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const list = /^\/v1\/namespace\/([^/]+)\/(list|table\/list)$/.exec(url.pathname)
      if (list) {
        const id = decodeURIComponent(list[1] ?? '')
        if (shape.childrenFail && id !== '$') return send(res, JSON.stringify({ error: `namespace ${id} is broken`, code: 18 }), 500)
        return list[2] === 'list' ? listNamespaces(res, id, url) : listTables(res, id)
      }
      if (/^\/v1\/table\/[^/]+\/describe$/.test(url.pathname)) return describe(res)
      if (url.pathname === '/v1/table') return send(res, JSON.stringify({ error: 'ListAllTables is not supported', code: 0 }), 406)
      send(res, JSON.stringify({ error: 'no route', code: 0 }), 404)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

function send(res: ServerResponse, body: string, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}
