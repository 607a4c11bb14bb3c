/**
 * Handlers for watching and cancelling calls the page named with an operation id.
 */
import type { operationsContract } from '../../shared/contract/operations'
import type { OperationRegistry } from '../operations/operation-registry'
import type { HandlerTable } from './dispatch'

/** Handlers of the operation channels. */
export function operationHandlers(operations: OperationRegistry): Pick<HandlerTable, keyof typeof operationsContract> {
  return {
    'operations:progress': ({ operationId, after }) => operations.progress(operationId, after),
    'operations:cancel': async ({ operationId }) => {
      operations.cancel(operationId)
      return null
    }
  }
}
