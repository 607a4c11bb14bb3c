/**
 * Handlers for search in the data tab: a search's rows (Arrow IPC bytes), kept a short while
 * so that what their byte cells hold can be asked after them (../media/search-media.ts,
 * ../media/kept-search-pages.ts), its plan, and what a table offers to search.
 */
import type { searchContract } from '../../shared/contract/search'
import type { TableRef } from '../../shared/catalog-types'
import type { SearchSpec } from '../../shared/contract/search'
import { KeptSearchPages } from '../media/kept-search-pages'
import { MediaCells } from '../media/media-cells'
import { searchMedia } from '../media/search-media'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** The key a kept page is handed back under: the same connection, table and search. */
function searchKey(connectionId: string, table: TableRef, spec: SearchSpec): string {
  return JSON.stringify([connectionId, table.namespace, table.name, spec.query, spec.columns ?? null, spec.filter ?? null])
}

/** Handlers of the search channels. */
export function searchHandlers({ registry, media = new MediaCells() }: HandlerContext): Pick<HandlerTable, keyof typeof searchContract> {
  const kept = new KeptSearchPages()
  return {
    'search:rows': async ({ connectionId, table, ...spec }) => {
      const page = await (await registry.client(connectionId)).table(table).searchRows(spec)
      return { ...page, pageId: kept.keep(searchKey(connectionId, table, spec), page) }
    },
    'search:media': async ({ connectionId, table, pageId, size, ...spec }) => {
      const page = kept.get(searchKey(connectionId, table, spec), pageId) ?? (await (await registry.client(connectionId)).table(table).searchRows(spec))
      return searchMedia(page, size, media)
    },
    'search:explain': async ({ connectionId, table, ...spec }) => (await registry.client(connectionId)).table(table).explainSearch(spec),
    'search:info': async ({ connectionId, table }) => (await registry.client(connectionId)).table(table).searchInfo()
  }
}
