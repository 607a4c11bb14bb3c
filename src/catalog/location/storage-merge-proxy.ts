/**
 * A loopback relay between LanceDB's REST namespace connection and a catalog: every
 * request LanceDB makes for reads and writes at table locations goes through it, so the
 * app, not LanceDB's client, decides what reaches the catalog and what comes back.
 *
 * - It holds the catalog's headers (keys, the current OAuth2 token) and adds them to each
 *   request; LanceDB is given none, so nothing it does can carry them elsewhere.
 * - It follows a redirect only within the catalog's origin; one to another origin is
 *   refused with a message naming where the catalog tried to send the request (LanceDB's
 *   client would follow it and send custom headers such as `x-api-key` along).
 * - It puts paths the way RFC 3986 servers read them (LanceDB writes a space as `+`).
 * - In the answers to `describe` and `declare` it applies ./location-rules.ts: the
 *   profile's storage options under the catalog's `storage_options` (its secrets apart:
 *   see below), never the profile's credentials with a store the catalog chose, and no
 *   location on this machine unless the profile allows it.
 *
 * Why a relay for storage options: LanceDB 0.39 opens a table at its location with the
 * options the describe vends, and renews them (describing again) before
 * `expires_at_millis`; options given to `openTable` are merged in at open, but then the
 * renewal stops. Merging in the describe's answer keeps both.
 *
 * It listens on 127.0.0.1 under a random path and answers only requests that name it in
 * `Host` and carry its per-run secret in a header (never in the URL, so no `Referer`
 * gives it away). No answer holds the profile's secret storage options (secret keys,
 * session tokens): LanceDB gets those in-process, per call, from ./open-location.ts. A
 * connection says which way it works in a header (`RelayMode`):
 *
 * - `own`: the connection gives every `openTable`/`createTable` the profile's storage
 *   options. LanceDB 0.39 merges the describe's `storage_options` over options given to
 *   `openTable`, and for `createTable` uses a declare's (or an overwrite's describe's)
 *   `storage_options` instead of the call's whenever the answer has any. So these answers
 *   carry no `storage_options`, and one that vends credentials is refused (they would
 *   sign beside the profile's session token, say): the caller opens again `vended`.
 * - `vended`: the connection gives nothing per call; the answers carry the options of
 *   ./location-rules.ts without the profile's secrets (the catalog's own pass, and LanceDB
 *   renews them by describing again).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { brotliDecompress, gunzip, inflate } from 'node:zlib'
import { Agent, request } from 'undici'
import { HTTP_BODY_DECODE_BUDGET } from '../../shared/decompression-budgets'
import { isSecretStorageOption } from '../../shared/storage-options'
import { isLocalLocation, locationOptions, namesLocalFile, rfc3986Path, vendsCredentials } from './location-rules'

/** How the relay reaches the catalog and what it may let through. */
export interface RelayOptions {
  /** The catalog's base URI, without a trailing slash. */
  readonly catalogUri: string
  /** The headers for the catalog, asked for each request (so a renewed token goes out at once). */
  readonly headers: () => Promise<Readonly<Record<string, string>>>
  /** The profile's own storage options. */
  readonly own: Readonly<Record<string, string>>
  /** Whether a location on this machine (`file://`, a plain path) may be opened. */
  readonly allowLocal: boolean
  /** Told every secret the client comes to hold (issued tokens, the relay's key), so the host can mask it wherever it might be quoted. */
  readonly rememberSecret?: (value: string) => void
}

/** A running relay. */
export interface StorageMergeProxy {
  /** The base URI to give LanceDB in place of the catalog's. */
  readonly uri: string
  /** The headers a LanceDB connection working `mode` must send (the per-run secret, the mode); the relay drops them before the catalog. */
  headersFor(mode: RelayMode): Record<string, string>
  close(): Promise<void>
}

/** The header that carries the relay's per-run secret. */
export const RELAY_SECRET_HEADER = 'x-lcb-relay-secret'
/** The header that carries a connection's `RelayMode`. */
export const RELAY_MODE_HEADER = 'x-lcb-relay-mode'

/** Whether a connection gives LanceDB the profile's storage options per call (`own`) or not (`vended`). */
export type RelayMode = 'own' | 'vended'

/** In the refusal of an `own` answer that vends credentials: the caller then opens `vended`. */
export const VENDS_CREDENTIALS = 'The catalog vends storage credentials for this table'

// Headers that describe one hop, not the request (RFC 9110 section 7.6.1), plus Host.
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length'])
// Not asked for, so the answers the relay rewrites come uncompressed; the secret stays here.
const REQUEST_ONLY = new Set(['accept-encoding', RELAY_SECRET_HEADER, RELAY_MODE_HEADER])
const MAX_REDIRECTS = 5

// Each runs on libuv's pool, off the event loop, and fails with ERR_BUFFER_TOO_LARGE once
// its output would pass maxOutputLength: 2.6 KB of Brotli can inflate to gigabytes.
const bounded = { maxOutputLength: HTTP_BODY_DECODE_BUDGET }
const gunzipAsync = promisify(gunzip)
const inflateAsync = promisify(inflate)
const brotliAsync = promisify(brotliDecompress)
const DECODERS: Readonly<Record<string, (bytes: Buffer) => Promise<Buffer>>> = {
  identity: async (bytes) => bytes,
  gzip: (bytes) => gunzipAsync(bytes, bounded),
  'x-gzip': (bytes) => gunzipAsync(bytes, bounded),
  deflate: (bytes) => inflateAsync(bytes, bounded),
  br: (bytes) => brotliAsync(bytes, bounded)
}

/** Answers the relay checks and fills in: a table's `describe`, `declare` (and the older `create-empty`), `register`. */
const MERGED_ROUTE = /\/v1\/table\/[^/]+\/(describe|declare|create-empty|create_empty|register)\/?$/

/** Starts a relay to the catalog. */
export async function startStorageMergeProxy(options: RelayOptions): Promise<StorageMergeProxy> {
  const prefix = `/${randomBytes(16).toString('hex')}`
  const secret = randomBytes(32).toString('hex')
  // Masked like the catalog's keys, should any error ever quote the header.
  options.rememberSecret?.(secret)
  const agent = new Agent({ keepAliveTimeout: 10_000 })
  let host = ''
  const server: Server = createServer((req, res) => {
    if (!admitted(req, host, prefix, secret)) {
      res.writeHead(404).end()
      return
    }
    relay(req, res, prefix, options, agent).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 502, `The catalog could not be reached: ${error instanceof Error ? error.message : String(error)}`)
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  host = `127.0.0.1:${port}`
  return {
    uri: `http://${host}${prefix}`,
    headersFor: (mode) => ({ [RELAY_SECRET_HEADER]: secret, [RELAY_MODE_HEADER]: mode }),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await agent.close()
    }
  }
}

/** True for a request that names the relay in Host, under its path, with its secret. */
function admitted(req: IncomingMessage, host: string, prefix: string, secret: string): boolean {
  if (req.headers.host !== host || !(req.url ?? '').startsWith(`${prefix}/`)) return false
  const given = Buffer.from(String(req.headers[RELAY_SECRET_HEADER] ?? ''))
  const expected = Buffer.from(secret)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

async function relay(req: IncomingMessage, res: ServerResponse, prefix: string, options: RelayOptions, agent: Agent): Promise<void> {
  const rest = rfc3986Path((req.url ?? '').slice(prefix.length))
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name) && !REQUEST_ONLY.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  // The catalog's headers replace LanceDB's of the same name, in any case.
  for (const [name, value] of Object.entries(await options.headers())) {
    delete headers[name.toLowerCase()]
    headers[name] = value
  }
  const body = await readAll(req)
  const method = req.method ?? 'GET'
  const catalogOrigin = new URL(options.catalogUri).origin
  let target = new URL(`${options.catalogUri}${rest}`)
  const path = rest.split('?')[0] ?? ''

  let answer = await request(target, { method: method as 'GET', headers, ...(body.length > 0 ? { body } : {}), dispatcher: agent })
  for (let redirects = 0; answer.statusCode >= 300 && answer.statusCode < 400 && answer.headers['location'] !== undefined; redirects++) {
    await answer.body.dump()
    const next = new URL(String(answer.headers['location']), target)
    if (next.origin !== catalogOrigin) {
      // Following would send the connection's keys to a server the profile never named.
      refuse(
        res,
        403,
        `The catalog redirected ${method} ${path} to ${next.origin}${next.pathname}, another server; the app does not follow it with the connection's keys. If that server is the catalog, set the connection's uri to ${next.origin}.`
      )
      return
    }
    if (redirects >= MAX_REDIRECTS) {
      refuse(res, 502, `The catalog redirected ${method} ${path} too many times.`)
      return
    }
    // 301, 302 and 303 turn a POST into a body-less GET (RFC 9110 section 15.4); 307 and 308 keep it.
    const keep = answer.statusCode === 307 || answer.statusCode === 308
    target = next
    answer = await request(target, { method: (keep ? method : 'GET') as 'GET', headers, ...(keep && body.length > 0 ? { body } : {}), dispatcher: agent })
  }
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) out[name] = value
  }
  // Every success (any 2xx, whatever its content type) of those routes is checked.
  if (answer.statusCode < 200 || answer.statusCode >= 300 || !MERGED_ROUTE.test(path)) {
    res.writeHead(answer.statusCode, out)
    for await (const chunk of answer.body) res.write(chunk)
    res.end()
    return
  }
  // Not asked for, but a catalog may compress anyway: the answer is checked decoded, never passed unread.
  const encoding = String(answer.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase()
  const decode = DECODERS[encoding]
  if (!decode) {
    await answer.body.dump()
    refuse(res, 502, `The catalog answered ${method} ${path} in an encoding the app does not read (${encoding}).`)
    return
  }
  delete out['content-encoding']
  const decoded = await decodedAnswer(answer.body, decode, encoding)
  if (!decoded.ok) {
    refuse(res, 502, `The catalog's answer to ${method} ${path} ${decoded.reason}`)
    return
  }
  const mode: RelayMode = req.headers[RELAY_MODE_HEADER] === 'own' ? 'own' : 'vended'
  const checked = checkedAnswer(decoded.bytes.toString('utf8'), options, mode)
  if (!checked.ok) {
    refuse(res, 403, checked.reason)
    return
  }
  res.writeHead(answer.statusCode, { ...out, 'content-length': String(Buffer.byteLength(checked.text)) })
  res.end(checked.text)
}

/**
 * A describe or declare answer as LanceDB gets it in `mode` (see the top of this file),
 * or why it is refused; text that is not a JSON object passes unchanged.
 */
export function checkedAnswer(
  text: string,
  options: Pick<RelayOptions, 'own' | 'allowLocal'>,
  mode: RelayMode
): { ok: true; text: string } | { ok: false; reason: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { ok: true, text }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: true, text }
  const answer = parsed as Record<string, unknown>
  const checked = answerOptions(answer, options)
  if (!checked.ok) return checked
  const { storage_options: _dropped, ...others } = answer
  if (mode === 'own') {
    if (vendsCredentials(checked.vended)) return { ok: false, reason: `${VENDS_CREDENTIALS}; they are used without the profile's own.` }
    return { ok: true, text: JSON.stringify(others) }
  }
  const storage = Object.keys(checked.options).length > 0 ? { storage_options: checked.options } : {}
  return { ok: true, text: JSON.stringify({ ...others, ...storage }) }
}

/**
 * What ./location-rules.ts make of a describe or declare answer (a JSON object): why it
 * is refused, or the `storage_options` the catalog vends in it and the options LanceDB is
 * given in `vended` mode, which hold the catalog's own values and never the profile's secrets.
 */
export function answerOptions(
  answer: Readonly<Record<string, unknown>>,
  options: Pick<RelayOptions, 'own' | 'allowLocal'>
): { ok: true; vended: Readonly<Record<string, string>> | undefined; options: Record<string, string> } | { ok: false; reason: string } {
  const location = typeof answer['location'] === 'string' ? answer['location'] : undefined
  if (location !== undefined && !options.allowLocal && isLocalLocation(location)) {
    return {
      ok: false,
      reason:
        `The catalog gave this table a location on this machine (${location}); this profile does not open local locations from a catalog. ` +
        'If you trust the catalog with your files, set "Table locations on this machine" to Open in the profile (property allow_local_locations=true).'
    }
  }
  const vended = answer['storage_options']
  const vendedOptions = vended !== null && typeof vended === 'object' && !Array.isArray(vended) ? (vended as Record<string, string>) : undefined
  const fileOption = options.allowLocal ? undefined : Object.keys(vendedOptions ?? {}).find(namesLocalFile)
  if (fileOption !== undefined) {
    return {
      ok: false,
      reason:
        `The catalog's storage options name a file on this machine to take credentials from (${fileOption.slice(0, 64)}); this profile does not let a catalog pick files here. ` +
        'If you trust the catalog with your files, set "Table locations on this machine" to Open in the profile (property allow_local_locations=true).'
    }
  }
  const merged = locationOptions(options.own, vendedOptions)
  if (!merged.ok) return merged
  // The catalog's own values pass; the profile's secrets never do.
  const shown = Object.entries(merged.options).filter(
    ([name]) => !(isSecretStorageOption(name) && Object.hasOwn(options.own, name) && !(vendedOptions && Object.hasOwn(vendedOptions, name)))
  )
  return { ok: true, vended: vendedOptions, options: Object.fromEntries(shown) }
}

/**
 * The answer's body decoded, both the bytes read and the bytes decoded held to
 * HTTP_BODY_DECODE_BUDGET; or why not, to finish "The catalog's answer to … ".
 */
async function decodedAnswer(
  body: AsyncIterable<Uint8Array> & { destroy(): unknown },
  decode: (bytes: Buffer) => Promise<Buffer>,
  encoding: string
): Promise<{ ok: true; bytes: Buffer } | { ok: false; reason: string }> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > HTTP_BODY_DECODE_BUDGET) {
      body.destroy()
      return { ok: false, reason: `is larger than ${HTTP_BODY_DECODE_BUDGET} bytes, more than the app reads.` }
    }
    chunks.push(Buffer.from(chunk))
  }
  try {
    return { ok: true, bytes: await decode(Buffer.concat(chunks)) }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      return { ok: false, reason: `decodes (Content-Encoding: ${encoding}) to more than ${HTTP_BODY_DECODE_BUDGET} bytes, more than the app reads.` }
    }
    return { ok: false, reason: `is not valid ${encoding} (${error instanceof Error ? error.message : String(error)}).` }
  }
}

/** An answer LanceDB reports as an error, in the spec's error shape. */
function refuse(res: ServerResponse, status: number, message: string): void {
  const text = JSON.stringify({ error: message, code: status === 403 ? 15 : 18 })
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
  res.end(text)
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
