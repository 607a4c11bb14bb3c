/**
 * A REST catalog that tells which rows were asked for: a loopback proxy in front of the
 * reference server that passes every request through unchanged and records, for each
 * `POST /v1/table/{id}/query`, the table, offset, row count and filter of its JSON body.
 */
import { createServer, request } from 'node:http'
import { listenOnLoopback } from './loopback'

/** One query a client sent. */
export interface LoggedQuery {
  readonly table: string
  readonly offset: number
  readonly k: number
  readonly filter: string | null
}

/** A running query-logging proxy. */
export interface QueryLogProxy {
  readonly url: string
  /** The queries so far, in the order they arrived. */
  readonly queries: readonly LoggedQuery[]
  close(): Promise<void>
}

const QUERY_ROUTE = /^\/v1\/table\/([^/?]+)\/query\/?(\?|$)/

/** Starts the proxy on 127.0.0.1, in front of the server at `targetPort`. */
export async function startQueryLogProxy(targetPort: number): Promise<QueryLogProxy> {
  const queries: LoggedQuery[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const route = req.method === 'POST' ? QUERY_ROUTE.exec(req.url ?? '') : null
      if (route) {
        const json = JSON.parse(body.toString('utf8') || '{}') as { offset?: number; k?: number; filter?: string }
        queries.push({ table: decodeURIComponent(route[1] ?? ''), offset: json.offset ?? 0, k: json.k ?? 0, filter: json.filter ?? null })
      }
      const upstream = request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => res.destroy())
      upstream.end(body)
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return { url, queries, close }
}
