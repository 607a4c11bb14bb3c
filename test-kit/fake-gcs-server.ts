/**
 * A stand-in for Google Cloud Storage on 127.0.0.1, for the GCS reader's tests: the OAuth
 * token endpoint (`POST /token`, a service account's JWT-bearer grant) and the storage JSON
 * API's object metadata and ranged `?alt=media` downloads. It checks what a real one would:
 * the JWT's RS256 signature against the service account's public key, its issuer, audience,
 * scope and times, and each storage request's bearer token against the tokens it issued.
 * Tests can make it misbehave: send more bytes than asked, never answer, or answer the
 * token request with anything.
 */
import { randomBytes, verify, type KeyObject } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './loopback'

/** What the server holds and whom it trusts. */
export interface FakeGcsSetup {
  readonly bucket: string
  /** Object name -> its bytes. */
  readonly objects: ReadonlyMap<string, Uint8Array>
  readonly clientEmail: string
  /** The service account's public key: JWTs must verify with it. */
  readonly publicKey: KeyObject
  /** Lets requests without a token read (a public bucket, or an emulator the key's `disable_oauth` talks to). */
  readonly anonymous?: boolean
}

/** A request as the server saw it. */
export interface GcsRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** How the server misbehaves; tests set these on a running server. */
export interface GcsBehaviour {
  /** Object downloads send this many bytes beyond those asked for (without a Content-Length). */
  extraBytes: number
  /** Object requests are never answered. */
  hang: boolean
  /** Answers the token request instead of the server. */
  tokenAnswer: ((res: ServerResponse) => void) | undefined
  /** The lifetime in seconds of the tokens it issues. */
  tokenLifetime: number
}

/** A running fake. */
export interface FakeGcs {
  readonly url: string
  /** The token endpoint's address, as a key file's `token_uri`. */
  readonly tokenUri: string
  readonly requests: GcsRequest[]
  readonly behaviour: GcsBehaviour
  /** Tokens issued so far. */
  readonly issued: ReadonlySet<string>
  /** Forgets every token issued, as a revocation would. */
  revokeAll(): void
  close(): Promise<void>
}

const JWT_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer'

/** Starts the fake on a free port. */
export async function startFakeGcs(setup: FakeGcsSetup): Promise<FakeGcs> {
  const requests: GcsRequest[] = []
  const issued = new Set<string>()
  const behaviour: GcsBehaviour = { extraBytes: 0, hang: false, tokenAnswer: undefined, tokenLifetime: 3599 }
  let tokenUri = ''
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      if (req.method === 'POST' && (req.url ?? '').split('?')[0] === '/token') return answerToken(body, res)
      answerStorage(req, res)
    })
  })

  const answerToken = (body: string, res: ServerResponse): void => {
    if (behaviour.tokenAnswer) return behaviour.tokenAnswer(res)
    const form = new URLSearchParams(body)
    const problem = form.get('grant_type') !== JWT_GRANT ? 'unsupported_grant_type' : jwtProblem(form.get('assertion') ?? '', setup, tokenUri)
    if (problem) return json(res, 400, { error: 'invalid_grant', error_description: problem })
    const token = `ya29.${randomBytes(24).toString('base64url')}`
    issued.add(token)
    json(res, 200, { access_token: token, expires_in: behaviour.tokenLifetime, token_type: 'Bearer' })
  }

  const answerStorage = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const match = /^\/storage\/v1\/b\/([^/]+)\/o\/([^/]+)$/.exec(url.pathname)
    if (req.method !== 'GET' || !match) return json(res, 400, { error: { code: 400, message: 'Not a request this fake knows.' } })
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!(bearer !== undefined && issued.has(bearer)) && !(setup.anonymous && bearer === undefined)) {
      return json(res, 401, { error: { code: 401, message: 'Invalid Credentials' } })
    }
    if (behaviour.hang) return
    const bucket = decodeURIComponent(match[1] ?? '')
    const name = decodeURIComponent(match[2] ?? '')
    if (bucket !== setup.bucket) return json(res, 404, { error: { code: 404, message: 'The specified bucket does not exist.' } })
    const bytes = setup.objects.get(name)
    if (!bytes) return json(res, 404, { error: { code: 404, message: `No such object: ${bucket}/${name}` } })
    if (url.searchParams.get('alt') !== 'media') return json(res, 200, { kind: 'storage#object', bucket, name, size: String(bytes.length), generation: '1' })
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
    const start = range ? Number(range[1]) : 0
    const end = range ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1
    if (start >= bytes.length || end < start) return json(res, 416, { error: { code: 416, message: 'Requested range not satisfiable' } })
    const slice = Buffer.from(bytes.subarray(start, end + 1))
    if (behaviour.extraBytes > 0) {
      res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${bytes.length}` })
      res.write(slice)
      res.end(Buffer.alloc(behaviour.extraBytes, 7))
      return
    }
    res.writeHead(range ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': slice.length,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${bytes.length}` } : {})
    })
    res.end(slice)
  }

  const loopback = await listenOnLoopback(server)
  tokenUri = `${loopback.url}/token`
  return { url: loopback.url, tokenUri, requests, behaviour, issued, revokeAll: () => issued.clear(), close: loopback.close }
}

/** Why a JWT-bearer assertion is refused, in Google's words, or null when it is good. */
function jwtProblem(assertion: string, setup: FakeGcsSetup, tokenUri: string): string | null {
  const [header = '', claims = '', signature = ''] = assertion.split('.')
  if (assertion.split('.').length !== 3) return 'Invalid JWT.'
  const decoded = (part: string): Record<string, unknown> | null => {
    try {
      const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
    } catch {
      return null
    }
  }
  const head = decoded(header)
  const body = decoded(claims)
  if (!head || !body || head['alg'] !== 'RS256') return 'Invalid JWT.'
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), setup.publicKey, Buffer.from(signature, 'base64url'))) return 'Invalid JWT Signature.'
  const now = Math.floor(Date.now() / 1000)
  const iat = Number(body['iat'])
  const exp = Number(body['exp'])
  if (body['iss'] !== setup.clientEmail) return 'Invalid issuer.'
  if (body['aud'] !== tokenUri) return 'Invalid audience.'
  if (typeof body['scope'] !== 'string' || !/devstorage|cloud-platform/.test(body['scope'])) return 'Invalid scope.'
  if (!(iat <= now + 60 && exp > now && exp - iat <= 3600)) return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.'
  return null
}

function json(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}
