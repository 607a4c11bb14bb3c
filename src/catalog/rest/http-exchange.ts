/**
 * One HTTP exchange on an undici pool, buffered (or handed to a sink as it arrives),
 * through the low-level `dispatch` API.
 * `pool.request` wraps every body in a Node stream and every call in signal plumbing; for
 * catalogs that answer many small JSON pages that overhead was most of our time, so this
 * collects chunks directly and enforces the limits itself.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { Dispatcher } from 'undici'

/** What to send. */
export interface Exchange {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array | undefined
  readonly signal: AbortSignal | undefined
  /** Time allowed until the response headers arrive. */
  readonly headersTimeoutMs: number
  readonly bodyTimeoutMs: number
  readonly maxBodyBytes: number
  /** Takes a 2xx answer's body as it arrives instead of buffering it. */
  readonly sink?: BodySink
}

/** Consumes a success body chunk by chunk; returning false stops the exchange there. */
export interface BodySink {
  push(chunk: Buffer): boolean
}

/** A buffered answer. */
export interface RawResponse {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  /** Empty when a sink took the body. */
  readonly body: Buffer
  /** True when the sink stopped reading before the body ended (the connection was closed). */
  readonly cut?: boolean
}

/** Why an exchange ended without a response; `network` carries undici's or Node's error. */
export type ExchangeFailure =
  { readonly kind: 'cancelled' } | { readonly kind: 'headers-timeout' } | { readonly kind: 'too-large' } | { readonly kind: 'network'; readonly error: Error }

/** Thrown by `exchange`; callers turn it into a `CatalogError` with their context. */
export class ExchangeError extends Error {
  constructor(readonly failure: ExchangeFailure) {
    super(failure.kind === 'network' ? failure.error.message : failure.kind)
    this.name = 'ExchangeError'
  }
}

/** Sends one request and buffers the answer, or rejects with an `ExchangeError`. */
export function exchange(dispatcher: Dispatcher, request: Exchange): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined
    let settled = false
    let status = 0
    let headers: IncomingHttpHeaders = {}
    const chunks: Buffer[] = []
    let received = 0
    let sink: BodySink | undefined

    const finish = (failure: ExchangeFailure | undefined, response?: RawResponse): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
      if (failure) {
        // Stop the exchange (now, or as soon as it reaches a socket) so the connection is freed.
        controller?.abort(new ExchangeError(failure))
        reject(new ExchangeError(failure))
      } else if (response) {
        resolve(response)
      }
    }
    const onAbort = (): void => finish({ kind: 'cancelled' })
    // undici checks its own headers timeout on a coarse clock; ours keeps the limit close
    // to what the person configured, and also covers time spent waiting for a socket.
    const timer = setTimeout(() => finish({ kind: 'headers-timeout' }), request.headersTimeoutMs)
    if (request.signal?.aborted) return finish({ kind: 'cancelled' })
    request.signal?.addEventListener('abort', onAbort, { once: true })

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started
        if (settled) started.abort(new ExchangeError({ kind: 'cancelled' }))
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        if (statusCode < 200) return // informational (1xx) answers precede the real one
        clearTimeout(timer)
        status = statusCode
        headers = responseHeaders
        sink = statusCode < 300 ? request.sink : undefined
        const declared = Number(responseHeaders['content-length'])
        // A sink decides for itself how much of a large answer it wants.
        if (!sink && declared > request.maxBodyBytes) finish({ kind: 'too-large' })
      },
      onResponseData(_controller, chunk) {
        received += chunk.length
        if (received > request.maxBodyBytes) return finish({ kind: 'too-large' })
        if (!sink) return void chunks.push(chunk)
        if (sink.push(chunk)) return
        // Enough read: end here and drop the connection rather than drain the rest.
        if (settled) return
        settled = true
        request.signal?.removeEventListener('abort', onAbort)
        controller?.abort(new ExchangeError({ kind: 'cancelled' }))
        resolve({ status, headers, body: Buffer.alloc(0), cut: true })
      },
      onResponseEnd() {
        const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received)
        finish(undefined, { status, headers, body })
      },
      onResponseError(_controller, error) {
        finish(error instanceof ExchangeError ? error.failure : { kind: 'network', error })
      }
    }
    try {
      dispatcher.dispatch(
        {
          method: request.method,
          path: request.path,
          headers: request.headers,
          body: request.body ?? null,
          headersTimeout: request.headersTimeoutMs,
          bodyTimeout: request.bodyTimeoutMs
        },
        handler
      )
    } catch (error) {
      // A closed pool may refuse synchronously; without this the timer would outlive it.
      finish({ kind: 'network', error: error instanceof Error ? error : new Error(String(error)) })
    }
  })
}
