/**
 * Handlers for what byte cells hold: per cell its type, size and thumbnail (made and kept
 * in main by ../media/media-cells.ts), and one cell's whole value for the viewer.
 */
import type { mediaContract } from '../../shared/contract/media'
import { MediaCells } from '../media/media-cells'
import { readMediaValue } from '../media/media-value'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the media channels. */
export function mediaHandlers({ registry, media = new MediaCells() }: HandlerContext): Pick<HandlerTable, keyof typeof mediaContract> {
  return {
    'media:cells': async ({ connectionId, table, version, latest, filter, offset, limit, columns, size }) => {
      const handle = (await registry.client(connectionId)).table(table)
      // Kept per version: the latest one's number as the page knows it, else from the table.
      const at = version ?? latest ?? (await handle.version())
      const scope = registry.cacheScope(connectionId)
      return media.cells(handle, { scope, table, version: at, older: version !== undefined, filter, offset, limit, columns, size })
    },
    // The viewer's value goes before thumbnails read ahead.
    'media:value': ({ connectionId, table, version, filter, row, column }) =>
      media.answering(async () =>
        readMediaValue((await registry.client(connectionId)).table(table), {
          column,
          offset: row,
          ...(version === undefined ? {} : { version }),
          ...(filter === undefined ? {} : { filter })
        })
      )
  }
}
