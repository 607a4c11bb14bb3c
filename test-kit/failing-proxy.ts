/**
 * A loopback proxy in front of the reference REST catalog that breaks some routes on
 * purpose, so the app meets server failures: anything under the namespace `flaky`
 * answers 500 with a plain-text body, and the table `garbled` answers its describe with
 * malformed JSON and its query with bytes that are not Arrow. Optionally one column of one
 * table is made unreadable: a query that asks for it (or for all columns) fails the way a
 * server fails a whole query when it cannot decode one column, with the spec's error body.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { forwardRequest } from './forward-request'
import type { AddressInfo } from 'node:net'

/** A running proxy. */
export interface FailingProxy {
  readonly url: string
  close(): Promise<void>
}

/** A column whose queries the proxy fails. */
export interface UnreadableColumnOption {
  /** The table's name (its last id segment). */
  readonly table: string
  readonly column: string
}

/** What the proxy breaks besides its fixed routes. */
export interface FailingProxyOptions {
  readonly unreadableColumn?: UnreadableColumnOption
}

interface Answer {
  readonly status: number
  readonly type: string
  readonly body: string
}

/** What the proxy answers itself for a request path, or null to forward it. */
function brokenAnswer(path: string): Answer | null {
  const decoded = decodeURIComponent(path)
  if (/\/flaky(\$|\/|\?|$)/.test(decoded)) return { status: 500, type: 'text/plain', body: 'upstream exploded' }
  if (/\/v1\/table\/garbled\/describe/.test(decoded)) return { status: 200, type: 'application/json', body: '{"table": "garbled", "schema": {' }
  if (/\/v1\/table\/garbled\/query/.test(decoded)) return { status: 200, type: 'application/vnd.apache.arrow.stream', body: 'not arrow at all' }
  return null
}

/** True when `path` is the query route of `table` (its id's last segment, any delimiter). */
function isQueryOf(path: string, table: string): boolean {
  const match = /^\/v1\/table\/([^/?]+)\/query(\?|$)/.exec(path)
  if (!match?.[1]) return false
  const id = decodeURIComponent(match[1])
  return id === table || id.endsWith(`$${table}`)
}

/** The columns a query body asks for; null for all columns (none named, or a body we cannot read). */
function requestedColumns(body: string): readonly string[] | null {
  try {
    const parsed: unknown = JSON.parse(body)
    const columns = (parsed as { columns?: { column_names?: unknown } } | null)?.columns?.column_names
    if (!Array.isArray(columns) || columns.length === 0) return null
    return columns.filter((c): c is string => typeof c === 'string')
  } catch {
    return null
  }
}

/** The spec's error body (code 18, Internal) for a query that includes the unreadable column. */
function unreadableAnswer(column: string): Answer {
  const error = `Unsupported data type for column "${column}": cannot decode it`
  return { status: 500, type: 'application/json', body: JSON.stringify({ error, code: 18 }) }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Starts the proxy on 127.0.0.1 in front of `target` (an http://127.0.0.1:port URL). */
export async function startFailingProxy(target: string, options: FailingProxyOptions = {}): Promise<FailingProxy> {
  const upstream = new URL(target)
  const answer = (res: ServerResponse, broken: Answer): void => {
    res.writeHead(broken.status, { 'content-type': broken.type }).end(broken.body)
  }
  const forward = (req: IncomingMessage, res: ServerResponse, body?: Buffer): void => forwardRequest(upstream, req, res, body)
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    const broken = brokenAnswer(path)
    if (broken) {
      req.resume()
      answer(res, broken)
      return
    }
    const unreadable = options.unreadableColumn
    if (!unreadable || req.method !== 'POST' || !isQueryOf(path, unreadable.table)) {
      forward(req, res)
      return
    }
    // The query body says which columns are asked for; it is forwarded unchanged otherwise.
    readBody(req).then(
      (body) => {
        const columns = requestedColumns(body.toString('utf8'))
        if (columns === null || columns.includes(unreadable.column)) answer(res, unreadableAnswer(unreadable.column))
        else forward(req, res, body)
      },
      (error: unknown) => answer(res, { status: 502, type: 'text/plain', body: String(error) })
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
