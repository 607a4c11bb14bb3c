/**
 * Handlers for search in the data tab: a search's rows (Arrow IPC bytes), with what their
 * byte cells hold when asked (../media/search-media.ts), its plan, and what a table offers
 * to search.
 */
import type { searchContract } from '../../shared/contract/search'
import { MediaCells } from '../media/media-cells'
import { searchMedia } from '../media/search-media'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the search channels. */
export function searchHandlers({ registry, media = new MediaCells() }: HandlerContext): Pick<HandlerTable, keyof typeof searchContract> {
  return {
    'search:rows': async ({ connectionId, table, thumbnails, ...spec }) => {
      const page = await (await registry.client(connectionId)).table(table).searchRows(spec)
      const described = thumbnails === undefined ? null : await searchMedia(page, thumbnails, media)
      return described === null ? page : { ...page, media: described }
    },
    'search:explain': async ({ connectionId, table, ...spec }) => (await registry.client(connectionId)).table(table).explainSearch(spec),
    'search:info': async ({ connectionId, table }) => (await registry.client(connectionId)).table(table).searchInfo()
  }
}
