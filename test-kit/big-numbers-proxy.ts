/**
 * A REST catalog whose versions and row counts are past 2^53, for tests: a loopback proxy
 * in front of the reference server that shows every version as 2^53 more than it is
 * (version 1 answers as 9007199254740993) and the stats' row count as 9007199254740993,
 * writing its JSON as text so no digit is lost. Versions in request bodies are mapped
 * back, and each request that named one past 2^53 is recorded exactly as it came.
 * `count_rows` answers stay true, so the grid pages real rows.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './loopback'

/** 2^53, added to every version the proxy shows. */
export const VERSION_OFFSET = 9_007_199_254_740_992n
/** The row count the stats answer: 2^53 + 1. */
export const BIG_ROW_COUNT = '9007199254740993'

/** A running proxy. */
export interface BigNumbersProxy {
  readonly url: string
  /** `POST <path> <body>` of each request whose body named a version past 2^53, as sent. */
  readonly bigVersionRequests: string[]
  close(): Promise<void>
}

const VERSION_FIELD = /"version":(\d+)/g

/** Starts the proxy on 127.0.0.1, in front of `target` (an http:// base URL). */
export async function startBigNumbersProxy(target: string): Promise<BigNumbersProxy> {
  const bigVersionRequests: string[] = []

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://proxy')
    let sent = body
    if (isJson(req.headers['content-type']) && body.length > 0) {
      const text = body.toString('utf8')
      if ([...text.matchAll(VERSION_FIELD)].some((m) => BigInt(m[1] ?? '0') > VERSION_OFFSET)) bigVersionRequests.push(`${req.method} ${url.pathname} ${text}`)
      sent = Buffer.from(
        text.replace(VERSION_FIELD, (_, digits: string) => `"version":${BigInt(digits) > VERSION_OFFSET ? BigInt(digits) - VERSION_OFFSET : BigInt(digits)}`)
      )
    }
    const answer = await fetch(`${target}${url.pathname}${url.search}`, {
      method: req.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)) as [string, string][]
      ),
      ...(sent.length > 0 ? { body: new Uint8Array(sent) } : {})
    })
    const headers: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name)) headers[name] = value
    })
    let bytes = Buffer.from(await answer.arrayBuffer())
    if (answer.ok && isJson(answer.headers.get('content-type') ?? undefined) && url.pathname.startsWith('/v1/table/')) {
      let text = bytes.toString('utf8').replace(VERSION_FIELD, (_, digits: string) => `"version":${BigInt(digits) + VERSION_OFFSET}`)
      if (url.pathname.endsWith('/stats')) text = text.replace(/"num_rows":\d+/, `"num_rows":${BIG_ROW_COUNT}`)
      bytes = Buffer.from(text)
    }
    res.writeHead(answer.status, { ...headers, 'content-length': String(bytes.length) })
    res.end(bytes)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => {
        const text = JSON.stringify({ error: String(error), code: 18 })
        res.writeHead(500, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
        res.end(text)
      })
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return { url, bigVersionRequests, close }
}

function isJson(type: string | undefined): boolean {
  return (type ?? '').includes('json')
}
