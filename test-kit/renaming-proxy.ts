/**
 * A REST catalog that can rename, for tests: a loopback proxy in front of the reference
 * server (whose directory storage cannot rename) that answers `RenameTable` itself and
 * from then on lists and serves the table under its new name, forwarding every call to
 * the stored one. Renames within a namespace only, as the app asks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './loopback'

/** A running renaming proxy. */
export interface RenamingProxy {
  readonly url: string
  /** Every rename it carried out, `from -> to` (identifiers). */
  readonly renames: string[]
  close(): Promise<void>
}

const TABLE_ROUTE = /^\/v1\/table\/([^/]+)(\/.*)$/
const LIST_ROUTE = /^\/v1\/namespace\/([^/]+)\/table\/list\/?$/

/** Starts the proxy on 127.0.0.1, in front of `target` (an http:// base URL). */
export async function startRenamingProxy(target: string): Promise<RenamingProxy> {
  // Shown identifier -> stored identifier, for each renamed table.
  const stored = new Map<string, string>()
  const renames: string[] = []
  const storedOf = (id: string): string => stored.get(id) ?? id
  const shownOf = (id: string): string => [...stored].find(([, s]) => s === id)?.[0] ?? id
  const hidden = (id: string): boolean => [...stored.values()].includes(id) && !stored.has(id)

  const forward = async (req: IncomingMessage, path: string, body: Buffer): Promise<Response> =>
    fetch(`${target}${path}`, {
      method: req.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)) as [string, string][]
      ),
      ...(body.length > 0 ? { body: new Uint8Array(body) } : {})
    })

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://proxy')
    const delimiter = url.searchParams.get('delimiter') ?? '$'
    const table = TABLE_ROUTE.exec(url.pathname)
    if (table) {
      const id = decodeURIComponent(table[1] ?? '')
      const action = table[2] ?? ''
      if (hidden(id)) return reply(res, 404, { error: `Table ${id} not found`, code: 4 })
      if (req.method === 'POST' && action === '/rename') return rename(res, id, body, delimiter, url.search)
      const json = isJson(req) ? rewriteIds(body, storedOf(id).split(delimiter)) : body
      return pipe(res, await forward(req, `/v1/table/${encodeURIComponent(storedOf(id))}${action}${url.search}`, json))
    }
    const answer = await forward(req, `${url.pathname}${url.search}`, body)
    const list = LIST_ROUTE.exec(url.pathname)
    if (!list || !answer.ok) return pipe(res, answer)
    const namespace = decodeURIComponent(list[1] ?? '')
    const page = (await answer.json()) as { tables: string[] }
    const prefix = namespace === delimiter ? '' : `${namespace}${delimiter}`
    const tables = page.tables.map((name) => shownOf(`${prefix}${name}`).slice(prefix.length))
    return reply(res, 200, { ...page, tables })
  }

  const rename = async (res: ServerResponse, id: string, body: Buffer, delimiter: string, search: string): Promise<void> => {
    const newName = (JSON.parse(body.toString() || '{}') as { new_table_name?: string }).new_table_name
    if (!newName) return reply(res, 400, { error: 'Renaming a table needs "new_table_name".', code: 13 })
    const parts = id.split(delimiter)
    const newId = [...parts.slice(0, -1), newName].join(delimiter)
    const exists = async (shown: string): Promise<boolean> =>
      !hidden(shown) &&
      (stored.has(shown) ||
        (
          await fetch(`${target}/v1/table/${encodeURIComponent(shown)}/exists${search}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}'
          })
        ).ok)
    if (!(await exists(id))) return reply(res, 404, { error: `Table ${id} not found`, code: 4 })
    if (await exists(newId)) return reply(res, 409, { error: `Table ${newId} already exists`, code: 5 })
    const storedId = storedOf(id)
    stored.delete(id)
    if (newId !== storedId) stored.set(newId, storedId)
    renames.push(`${id} -> ${newId}`)
    return reply(res, 200, {})
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => reply(res, 500, { error: String(error), code: 18 }))
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return { url, renames, close }
}

function isJson(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').includes('json')
}

/** A JSON body with its `id` (when it has one) pointing at the stored table. */
function rewriteIds(body: Buffer, id: readonly string[]): Buffer {
  if (body.length === 0) return body
  const parsed = JSON.parse(body.toString()) as Record<string, unknown>
  return Array.isArray(parsed['id']) ? Buffer.from(JSON.stringify({ ...parsed, id })) : body
}

async function pipe(res: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string> = {}
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name)) headers[name] = value
  })
  const bytes = Buffer.from(await answer.arrayBuffer())
  res.writeHead(answer.status, { ...headers, 'content-length': String(bytes.length) })
  res.end(bytes)
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
  res.end(text)
}
