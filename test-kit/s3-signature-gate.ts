/**
 * s3rver 3.7 accepts any AWS Signature Version 4 (its own source says the v4 check is
 * unimplemented), so a wrong secret key would pass. This gate stands in front of it and
 * checks each request's SigV4 `Authorization` header the way S3 does (AWS's documented
 * canonical request, string to sign and signing key), answering S3's own 403 XML
 * (`SignatureDoesNotMatch`, `InvalidAccessKeyId`, `RequestTimeTooSkewed`) when it fails,
 * and passing every good request on to s3rver unchanged.
 */
import { createHash, createHmac } from 'node:crypto'
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './loopback'

/** The one key pair the gate accepts. */
export interface S3Credentials {
  readonly accessKeyId: string
  readonly secretAccessKey: string
}

const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/
// S3 refuses requests whose x-amz-date is more than 15 minutes from its own clock.
const MAX_SKEW_MS = 15 * 60 * 1000

/**
 * Starts the gate on 127.0.0.1 in front of the s3rver at `upstreamPort`; resolves to its
 * port. `clockOffsetMs` sets the gate's clock that far from this machine's, to play a
 * store whose clock (or ours) is off.
 */
export async function startSignatureGate(
  upstreamPort: number,
  credentials: S3Credentials,
  clockOffsetMs = 0
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const problem = signatureProblem(req, credentials, Date.now() + clockOffsetMs)
    if (problem) return refuse(res, problem)
    const upstream = request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  const { port, close } = await listenOnLoopback(server)
  return { port, close }
}

interface Refusal {
  readonly code: 'SignatureDoesNotMatch' | 'InvalidAccessKeyId' | 'RequestTimeTooSkewed' | 'AccessDenied'
  readonly message: string
}

function signatureProblem(req: IncomingMessage, credentials: S3Credentials, now: number): Refusal | null {
  const match = AUTH.exec(req.headers.authorization ?? '')
  if (!match) return { code: 'AccessDenied', message: 'Access Denied' }
  const [, keyId = '', day = '', region = '', service = '', signed = '', signature = ''] = match
  if (keyId !== credentials.accessKeyId) return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' }
  const amzDate = String(req.headers['x-amz-date'] ?? '')
  const when = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))
  if (!Number.isFinite(when) || Math.abs(now - when) > MAX_SKEW_MS) {
    return { code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' }
  }
  const names = signed.split(';')
  const canonical = [
    req.method ?? 'GET',
    (req.url ?? '/').split('?')[0] ?? '/',
    canonicalQuery((req.url ?? '').split('?')[1] ?? ''),
    names.map((name) => `${name}:${headerValue(req, name)}\n`).join(''),
    signed,
    String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD')
  ].join('\n')
  const scope = `${day}/${region}/${service}/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, day)
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part)
  const expected = createHmac('sha256', key).update(toSign).digest('hex')
  if (expected !== signature) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.'
    }
  }
  return null
}

// Each name=value pair URI-encoded the RFC 3986 way, sorted by name then value.
function canonicalQuery(query: string): string {
  if (query === '') return ''
  const pairs = query.split('&').map((pair) => {
    const [name = '', value = ''] = pair.split('=')
    return [encode(decodeURIComponent(name)), encode(decodeURIComponent(value))] as const
  })
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
  return pairs.map(([name, value]) => `${name}=${value}`).join('&')
}

function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name]
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest()
}

function refuse(res: ServerResponse, { code, message }: Refusal): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`
  res.writeHead(403, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}
