/**
 * A loopback relay between LanceDB's REST namespace connection and a catalog, used when
 * the profile has storage options of its own: it passes every request through unchanged
 * and, in the answers to `describe` and `declare`, puts the profile's options under the
 * catalog's `storage_options` (the catalog's win per key).
 *
 * Why a relay: LanceDB 0.39 opens a table at its location with the options the describe
 * vends, and renews them (describing again) before `expires_at_millis`; options given to
 * `openTable` are merged in at open, but then the renewal stops, and the connection's own
 * options are used only when a describe vends none at all. Merging in the describe's
 * answer keeps both: the profile's endpoint, region, ... and LanceDB's renewal.
 *
 * The relay listens on 127.0.0.1 under a random path, so only this process can use it.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent, request } from 'undici'
import { mergeStorageOptions } from '../../../shared/storage-options'

/** A running relay. */
export interface StorageMergeProxy {
  /** The base URI to give LanceDB in place of the catalog's. */
  readonly uri: string
  close(): Promise<void>
}

// Headers that describe one hop, not the request (RFC 9110 section 7.6.1), plus Host.
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length'])
// Not asked for, so the answers the relay rewrites come uncompressed.
const REQUEST_ONLY = new Set(['accept-encoding'])

/** Answers whose `storage_options` the relay fills in: `POST …/v1/table/{id}/describe` and `…/declare`. */
const MERGED_ROUTE = /\/v1\/table\/[^/]+\/(describe|declare)\/?$/

/** Starts a relay to `catalogUri` (no trailing slash) that merges `own` under the vended options. */
export async function startStorageMergeProxy(catalogUri: string, own: Readonly<Record<string, string>>): Promise<StorageMergeProxy> {
  const prefix = `/${randomBytes(16).toString('hex')}`
  const agent = new Agent({ keepAliveTimeout: 10_000 })
  const server: Server = createServer((req, res) => {
    relay(req, res, catalogUri, prefix, own, agent).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: `The catalog could not be reached: ${error instanceof Error ? error.message : String(error)}` }))
      } else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    uri: `http://127.0.0.1:${port}${prefix}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await agent.close()
    }
  }
}

async function relay(req: IncomingMessage, res: ServerResponse, catalogUri: string, prefix: string, own: Readonly<Record<string, string>>, agent: Agent): Promise<void> {
  const target = req.url ?? ''
  if (!target.startsWith(`${prefix}/`)) {
    res.writeHead(404).end()
    return
  }
  const rest = target.slice(prefix.length)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name) && !REQUEST_ONLY.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  const body = await readAll(req)
  const answer = await request(`${catalogUri}${rest}`, {
    method: (req.method ?? 'GET') as 'GET',
    headers,
    ...(body.length > 0 ? { body } : {}),
    dispatcher: agent
  })
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) out[name] = value
  }
  const path = rest.split('?')[0] ?? ''
  const encoded = (answer.headers['content-encoding'] ?? 'identity') !== 'identity'
  if (answer.statusCode !== 200 || !MERGED_ROUTE.test(path) || encoded) {
    res.writeHead(answer.statusCode, out)
    for await (const chunk of answer.body) res.write(chunk)
    res.end()
    return
  }
  const text = await answer.body.text()
  const merged = withOwnOptions(text, own)
  res.writeHead(answer.statusCode, { ...out, 'content-length': String(Buffer.byteLength(merged)) })
  res.end(merged)
}

/** A describe or declare answer with `own` merged under its `storage_options`; text that is not a JSON object passes unchanged. */
export function withOwnOptions(text: string, own: Readonly<Record<string, string>>): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return text
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return text
  const answer = parsed as Record<string, unknown>
  const vended = answer['storage_options']
  const vendedOptions = vended !== null && typeof vended === 'object' && !Array.isArray(vended) ? (vended as Record<string, string>) : undefined
  return JSON.stringify({ ...answer, storage_options: mergeStorageOptions(own, vendedOptions) })
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
