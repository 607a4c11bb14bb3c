/**
 * One HTTP request to a local server, sent as curl or a hostile caller would: exactly the
 * headers given (node:http adds only Host unless given one), the answer read whole.
 */
import { request, type IncomingHttpHeaders } from 'node:http'

/** A request to 127.0.0.1. */
export interface RawRequest {
  readonly port: number
  readonly method: string
  readonly path: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string | Uint8Array
}

/** The answer, read whole. */
export interface RawHttpAnswer {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  /** The body as UTF-8 text. */
  readonly text: string
  /** Milliseconds from sending the request to the end of the answer. */
  readonly ms: number
}

/** Sends `raw` to 127.0.0.1 and reads the answer whole. */
export function rawRequest(raw: RawRequest): Promise<RawHttpAnswer> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const { port, method, path, headers = {} } = raw
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started })
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(raw.body)
  })
}
