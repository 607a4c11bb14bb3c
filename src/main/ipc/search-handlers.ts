/**
 * Handlers for search in the data tab: a search's rows (Arrow IPC bytes), its plan, and
 * what a table offers to search.
 */
import type { searchContract } from '../../shared/contract/search'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the search channels. */
export function searchHandlers({ registry }: HandlerContext): Pick<HandlerTable, keyof typeof searchContract> {
  return {
    'search:rows': async ({ connectionId, table, ...spec }) => (await registry.client(connectionId)).table(table).searchRows(spec),
    'search:explain': async ({ connectionId, table, ...spec }) => (await registry.client(connectionId)).table(table).explainSearch(spec),
    'search:info': async ({ connectionId, table }) => (await registry.client(connectionId)).table(table).searchInfo()
  }
}
