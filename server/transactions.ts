/**
 * Long-running operations, for clients to test against (`slowTransactionsMs`, the CLI's
 * `--slow-transactions MS`): a table or namespace create or drop is answered at once with
 * the spec's `transaction_id` and done that many milliseconds later. Meanwhile `DescribeTransaction`
 * (`POST /v1/transaction/{id}/describe`) says `Queued` the first time it is asked and
 * `Running` after (so a client sees the status change), then `Succeeded`, or `Failed` with
 * the reason in `properties.error`; `AlterTransaction` with a `setStatusAction` of
 * `Canceled` stops one that has not run yet (a finished one answers 409). Transactions
 * live in memory, per database, until the server stops.
 */
import { randomUUID } from 'node:crypto'
import { CatalogError, userMessage, withoutSourceLocations } from '../src/shared/errors'
import { HttpStatusError, invalidRequest } from './errors'
import { json, type Reply } from './http-io'

/** A transaction's status, as the spec spells it. */
export type TransactionStatus = 'Queued' | 'Running' | 'Succeeded' | 'Failed' | 'Canceled'

interface Transaction {
  status: TransactionStatus
  error?: string
  timer: NodeJS.Timeout | null
}

/** The transactions of one database. */
export class TransactionBook {
  readonly #transactions = new Map<string, Transaction>()

  constructor(readonly delayMs: number) {}

  /** Starts `work` after the delay unless cancelled first; answers the transaction id. */
  start(work: () => Promise<void>): string {
    const id = randomUUID()
    const transaction: Transaction = { status: 'Queued', timer: null }
    transaction.timer = setTimeout(() => {
      transaction.timer = null
      if (!pending(transaction)) return
      transaction.status = 'Running'
      work().then(
        () => {
          transaction.status = 'Succeeded'
        },
        (error: unknown) => {
          transaction.status = 'Failed'
          transaction.error = withoutSourceLocations(userMessage(error instanceof Error ? error.message : String(error)))
        }
      )
    }, this.delayMs)
    this.#transactions.set(id, transaction)
    return id
  }

  /** The spec's DescribeTransactionResponse for `id`. */
  describe(id: string): Reply {
    const transaction = this.#transactions.get(id)
    if (!transaction) return notFound(id)
    const answer = json({ status: transaction.status, properties: transaction.error === undefined ? {} : { error: transaction.error } })
    if (transaction.status === 'Queued') transaction.status = 'Running'
    return answer
  }

  /** Applies `setStatusAction`s: only Canceled, and only while the transaction runs (409 after). */
  alter(id: string, actions: unknown): Reply {
    const transaction = this.#transactions.get(id)
    if (!transaction) return notFound(id)
    if (!Array.isArray(actions) || actions.length === 0) throw invalidRequest('AlterTransaction needs "actions": a list of at least one action.')
    for (const action of actions) {
      const status = (action as { setStatusAction?: { status?: unknown } } | null)?.setStatusAction?.status
      if (typeof status !== 'string' || status.replaceAll('_', '').toLowerCase() !== 'canceled') {
        throw new CatalogError('unsupported', 'This server only cancels transactions: send a setStatusAction with status "Canceled".')
      }
    }
    if (!pending(transaction)) {
      throw new HttpStatusError(
        409,
        'invalid_request',
        `Transaction "${id}" has already ${transaction.status === 'Canceled' ? 'been cancelled' : transaction.status.toLowerCase()}; it cannot be cancelled.`
      )
    }
    if (transaction.timer) clearTimeout(transaction.timer)
    transaction.timer = null
    transaction.status = 'Canceled'
    return json({ status: transaction.status, properties: {} })
  }

  /** Stops the timers of transactions that have not started. */
  close(): void {
    for (const transaction of this.#transactions.values()) if (transaction.timer) clearTimeout(transaction.timer)
  }
}

function pending(transaction: Transaction): boolean {
  return transaction.status === 'Queued' || transaction.status === 'Running'
}

// Lance error code 10: TransactionNotFound.
function notFound(id: string): Reply {
  return json(
    { error: `Transaction "${id}" does not exist.`, code: 10, type: '/errors/transaction-not-found', instance: `/v1/transaction/${encodeURIComponent(id)}` },
    404
  )
}
