/**
 * Long-running operations: a create or drop may answer with a `transaction_id`, meaning
 * the work goes on server-side. The operation is done only once `DescribeTransaction`
 * says `Succeeded`; `Failed` and `Canceled` are errors. Each answer is passed to the
 * call's `onTransaction`, so the UI can show the status as it changes. A cancelled call
 * (its signal aborted) asks the server to cancel the transaction (`AlterTransaction`
 * setting status `Canceled`, which the spec allows), then reports what the catalog says
 * the transaction came to: cancelled, or finished or failed before the cancel arrived.
 */
import { CatalogError } from '../../shared/errors'
import type { CallOptions } from '../namespace-client'
import type { HttpResponse, HttpTransport } from './http'
import { pathSegment } from './path-segment'

/** How often a transaction is asked about: the first wait, growing to the longest. */
export interface PollTiming {
  readonly firstMs: number
  readonly maxMs: number
}

const DEFAULT_TIMING: PollTiming = { firstMs: 250, maxMs: 5_000 }

/** The transaction ids an answer names (`transaction_id` is a string or a list), [] if none. */
export function transactionIdsOf(response: HttpResponse): string[] {
  let body: unknown
  try {
    body = JSON.parse(response.body.toString('utf8'))
  } catch {
    return []
  }
  if (body === null || typeof body !== 'object') return []
  const value = (body as Record<string, unknown>)['transaction_id']
  const ids = Array.isArray(value) ? value : [value]
  return ids.filter((id): id is string => typeof id === 'string' && id !== '')
}

/** Waits until every transaction of `response` has succeeded; `what` names the operation for messages. */
export async function awaitTransactions(
  http: HttpTransport,
  response: HttpResponse,
  what: string,
  options: CallOptions = {},
  timing: PollTiming = DEFAULT_TIMING
): Promise<void> {
  for (const id of transactionIdsOf(response)) await awaitTransaction(http, id, what, options, timing)
}

async function awaitTransaction(http: HttpTransport, id: string, what: string, options: CallOptions, timing: PollTiming): Promise<void> {
  const path = `/v1/transaction/${pathSegment(id)}`
  let waitMs = timing.firstMs
  for (;;) {
    if (options.signal?.aborted) return cancel(http, path, id, what, options)
    let body: unknown
    try {
      body = await http.json({
        method: 'POST',
        path: `${path}/describe`,
        json: { id: [id] },
        idempotent: true,
        signal: options.signal,
        subject: `transaction "${id}"`
      })
    } catch (error) {
      if (options.signal?.aborted) return cancel(http, path, id, what, options)
      throw error
    }
    report(body, id, options)
    const status = statusOf(body)
    if (settled(status, body, id, what)) return
    if (status !== 'queued' && status !== 'running') {
      throw new CatalogError('bad_response', `The catalog answered an unknown status "${String(status)}" for ${what} (transaction "${id}").`)
    }
    if (!(await pause(waitMs, options.signal))) return cancel(http, path, id, what, options)
    waitMs = Math.min(waitMs * 2, timing.maxMs)
  }
}

/** True once the transaction succeeded; throws for one that failed or was cancelled; false while it runs. */
function settled(status: string | undefined, body: unknown, id: string, what: string): boolean {
  if (status === 'succeeded') return true
  if (status === 'failed' || status === 'canceled' || status === 'cancelled') {
    const reason = reasonOf(body)
    throw new CatalogError(
      status === 'failed' ? 'server_error' : 'cancelled',
      `The catalog reports that ${what} ${status === 'failed' ? 'failed' : 'was cancelled'}${reason ? `: ${reason}` : ''}.`,
      {
        transactionId: id
      }
    )
  }
  return false
}

/**
 * Asks the server to cancel (it may refuse, or have finished), then describes the
 * transaction once more and reports what it came to. These requests carry no signal: the
 * call's own is already aborted.
 */
async function cancel(http: HttpTransport, path: string, id: string, what: string, options: CallOptions): Promise<void> {
  const refused = await http
    .request({
      method: 'POST',
      path: `${path}/alter`,
      json: { id: [id], actions: [{ setStatusAction: { status: 'Canceled' } }] },
      idempotent: false,
      subject: `transaction "${id}"`
    })
    .then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error))
    )
  const body = await http
    .json({ method: 'POST', path: `${path}/describe`, json: { id: [id] }, idempotent: true, subject: `transaction "${id}"` })
    .catch(() => undefined)
  if (body !== undefined) report(body, id, options)
  const status = statusOf(body)
  // Finished or failed before the cancel arrived: that is the outcome.
  if (status !== 'queued' && status !== 'running' && status !== undefined && settled(status, body, id, what)) return
  const last = typeof status === 'string' ? ` It still reports "${String((body as Record<string, unknown>)['status'])}".` : ''
  const why = refused ? ` The catalog refused: ${refused}` : ''
  throw new CatalogError('cancelled', `Stopped waiting for ${what} and asked the catalog to cancel it (transaction "${id}").${last}${why}`, {
    transactionId: id
  })
}

/** Passes a DescribeTransaction answer's status to the call's listener. */
function report(body: unknown, id: string, options: CallOptions): void {
  const status = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['status'] : undefined
  if (typeof status === 'string') options.onTransaction?.({ transactionId: id, status })
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    const onAbort = (): void => {
      clearTimeout(timer)
      resolve(false)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function statusOf(body: unknown): string | undefined {
  const status = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['status'] : undefined
  // Case insensitive, PascalCase or snake_case (the spec's words).
  return typeof status === 'string' ? status.toLowerCase().replaceAll('_', '') : undefined
}

function reasonOf(body: unknown): string | undefined {
  const properties = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['properties'] : undefined
  if (properties === null || typeof properties !== 'object') return undefined
  const reason = (properties as Record<string, unknown>)['error'] ?? (properties as Record<string, unknown>)['message']
  return typeof reason === 'string' ? reason : undefined
}
