/**
 * What the byte cells on screen hold (type, size, a thumbnail made in main), one
 * `media:cells` query per block of MEDIA_BLOCK_ROWS rows around the rows drawn: asked for
 * once the view rests, kept a short while after no row on screen needs it (blocks are
 * smaller than rows pages: GRID_MEDIA_BLOCK_ROWS says why). The rows queries leave the byte columns out, so the grid never holds their bytes
 * and its rows never wait for a thumbnail.
 */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { MediaCell } from '@shared/contract/media'
import { api, unwrap } from '../../lib/api'
import { queryKeys, type MediaRows, type RowsView } from '../../lib/query-keys'
import { MEDIA_BLOCK_ROWS, mediaBlocksToAsk } from './media-blocks'
import { PAGE_GC_MS, useSettled } from './use-table-rows'

/** Per block: per row of the block, per asked column, what the cell holds; for a block that could not be read, why. */
export interface MediaBlocks {
  readonly blocks: ReadonlyMap<number, readonly (readonly MediaCell[])[]>
  readonly failed: ReadonlyMap<number, string>
}

/** What a cell shows when its block could not be read: the reason, not a placeholder that waits for ever. */
export function unreadMediaCell(reason: string): MediaCell {
  return { size: null, kind: 'bytes', mime: 'application/octet-stream', label: 'not read', width: null, height: null, thumb: null, head: '', problem: reason }
}

/** The rows a view's media cells are counted over: its filter, at its version. */
export function mediaRowsOf(view: RowsView): MediaRows {
  return { filter: view.filter, ...(view.version === undefined ? {} : { version: view.version }) }
}

/**
 * `rows` with the latest version the table's description names (the description the table's
 * view has already asked for), so main keeps thumbnails under it without asking the catalog
 * for the version on every call. Not `ready` while the description is being asked again
 * (after a change to the table): cells asked meanwhile would be kept under the old version.
 */
export function useDescribedRows(connectionId: string, table: TableRef, rows: MediaRows): { readonly rows: MediaRows; readonly ready: boolean } {
  const latest = rows.version === undefined
  const described = useQuery({
    queryKey: queryKeys.table(connectionId, table),
    queryFn: () => unwrap(api.tables.describe({ connectionId, table })),
    // The table's view asks for it and a change asks again; this only reads it.
    staleTime: Infinity,
    enabled: latest
  })
  const version = latest ? described.data?.version : null
  return {
    rows: version ? { ...rows, latest: version } : rows,
    ready: !latest || (!described.isFetching && !described.isPending) || described.isError
  }
}

/** The request fields that say which rows and version a `media:cells` call reads. */
export function mediaRowsRequest(rows: MediaRows): { filter?: string; version?: string; latest?: string } {
  return {
    ...(rows.filter ? { filter: rows.filter } : {}),
    ...(rows.version === undefined ? {} : { version: rows.version }),
    ...(rows.latest === undefined ? {} : { latest: rows.latest })
  }
}

/**
 * The media cells of `columns` in `blocks` of a view. A search's rows are not the table's
 * rows by position, so a search view asks for none (its pages carry the bytes). The blocks
 * in `shown` (those of the rows on screen) are asked first; the others once every shown
 * one has answered, so main makes the screen's thumbnails with all the threads it gives
 * them (and reads ahead meanwhile what the others will ask).
 */
export function useMediaBlocks(
  connectionId: string,
  table: TableRef,
  view: RowsView,
  blocks: readonly number[],
  columns: readonly string[],
  shown: readonly number[] = blocks
): MediaBlocks {
  const client = useQueryClient()
  const settled = useSettled(blocks)
  const asked = view.search || columns.length === 0 ? [] : blocks
  const { rows, ready } = useDescribedRows(connectionId, table, mediaRowsOf(view))
  const keyOf = (block: number): readonly unknown[] => queryKeys.mediaCells(connectionId, table, rows, columns, block)
  // Read while rendering: the queries below include the shown ones, so their answers render again.
  const now = mediaBlocksToAsk(asked, shown, (block) => {
    const status = client.getQueryState(keyOf(block))?.status
    return status === 'success' || status === 'error'
  })
  return useQueries({
    queries: asked.map((block) => ({
      queryKey: keyOf(block),
      queryFn: () =>
        unwrap(
          api.media.cells({
            connectionId,
            table,
            offset: block * MEDIA_BLOCK_ROWS,
            limit: MEDIA_BLOCK_ROWS,
            columns: [...columns],
            size: 'row',
            ...mediaRowsRequest(rows)
          })
        ),
      gcTime: PAGE_GC_MS,
      staleTime: Infinity,
      structuralSharing: false,
      enabled: ready && settled.includes(block) && now.includes(block)
    })),
    combine: (results) => {
      const loaded = new Map<number, readonly (readonly MediaCell[])[]>()
      const failed = new Map<number, string>()
      results.forEach((result, i) => {
        const block = asked[i]
        if (block === undefined) return
        if (result.data) loaded.set(block, result.data)
        else if (result.isError) failed.set(block, `The cell could not be read: ${result.error instanceof Error ? result.error.message : String(result.error)}`)
      })
      return { blocks: loaded, failed }
    }
  })
}
