/**
 * Cancelling a long-running catalog call the way the page does: through the operation
 * registry, once the catalog reports the call's transaction Running.
 */
import type { CallOptions } from '../src/catalog/namespace-client'
import { OperationRegistry } from '../src/main/operations/operation-registry'
import type { OperationProgress } from '../src/shared/contract/operations'
import type { CatalogError } from '../src/shared/errors'
import { failureOf } from './catalog-failure'

/** How a call cancelled while Running went. */
export interface CancelledCall {
  /** The operation's progress when the cancel was asked. */
  readonly atCancel: OperationProgress
  /** The CatalogError the call failed with. */
  readonly error: CatalogError
  /** The operation's progress once the call had ended. */
  readonly final: OperationProgress
}

/**
 * Runs `call` as operation `id` of a fresh registry, waits until the catalog reports its
 * transaction Running (or the call ends first), asks to cancel it, and waits for its failure.
 */
export async function cancelOnceRunning(id: string, call: (options: CallOptions) => Promise<unknown>): Promise<CancelledCall> {
  const operations = new OperationRegistry()
  const running = operations.run(id, call)
  let progress = await operations.progress(id, 0)
  while (progress.transaction?.status !== 'Running' && progress.state === 'pending') progress = await operations.progress(id, progress.revision)
  operations.cancel(id)
  const error = await failureOf(running)
  return { atCancel: progress, error, final: await operations.progress(id, 0) }
}
