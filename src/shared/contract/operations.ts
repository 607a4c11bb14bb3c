/**
 * Progress of a long-running call (a create or drop a catalog answers with a
 * `transaction_id`), and its cancellation. The page names a call with an operation id of
 * its own choosing, sent with the call; main keeps what the catalog last said about it.
 * `operations:progress` is a long poll: it answers as soon as there is news after the
 * revision the page has seen (or the call ended), so updates reach the page as the
 * catalog's answers come back, over IPC and browser mode's HTTP alike.
 */
import { z } from 'zod'
import { response } from './common'

/** An id the page gives a call so it can watch and cancel it. */
export const operationId = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9-]+$/, 'An operation id uses letters, digits and "-".')

/** What a catalog last said about a long-running operation. */
export interface TransactionProgress {
  readonly transactionId: string
  /** The status as the catalog wrote it (`Queued`, `Running`, `Succeeded`, `Failed`, `Canceled`). */
  readonly status: string
}

/** Where a watched call is. */
export interface OperationProgress {
  /** `pending`: not started or running; `finished`: the call has answered (its own answer says how). */
  readonly state: 'pending' | 'finished'
  /** Grows with each piece of news; ask for news after the one you have. */
  readonly revision: number
  /** The catalog's transaction, once it named one. */
  readonly transaction: TransactionProgress | null
  /** True once cancel was asked for. */
  readonly cancelRequested: boolean
}

/** The longest one `operations:progress` call waits for news. */
export const PROGRESS_WAIT_MS = 20_000

/** Operation channels. */
export const operationsContract = {
  'operations:progress': {
    request: z.object({ operationId, after: z.number().int().min(0) }).strict(),
    response: response<OperationProgress>()
  },
  'operations:cancel': {
    request: z.object({ operationId }).strict(),
    response: response<null>()
  }
} as const
