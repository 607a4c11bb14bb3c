/**
 * Handlers of Find in catalog: start or refresh a connection's index, read its progress,
 * cancel its walk, and query it.
 */
import type { findContract } from '../../shared/contract/find'
import type { FindService } from '../find/find-service'
import type { HandlerTable } from './dispatch'

/** Handlers of the find channels. */
export function findHandlers(find: FindService): Pick<HandlerTable, keyof typeof findContract> {
  return {
    'find:start': ({ connectionId, refresh }) => find.start(connectionId, refresh ?? false),
    'find:status': ({ connectionId }) => find.status(connectionId),
    'find:cancel': ({ connectionId }) => find.cancel(connectionId),
    'find:query': ({ connectionId, query, limit }) => find.query(connectionId, query, limit)
  }
}
