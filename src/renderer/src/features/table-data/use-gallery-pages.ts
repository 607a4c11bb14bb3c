/**
 * The gallery's pages: one byte column's cells, GALLERY_PAGE at a time, each with a
 * tile-sized thumbnail made in main (`media:cells` with `size: 'tile'`). Pages are asked for
 * once the view rests on them, the next one in the direction of scrolling is read ahead
 * (./read-ahead.ts, as the grid does), and pages no tile on screen needs are
 * dropped after a short while, so memory follows what is on screen.
 */
import { useQueries } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { MediaCell } from '@shared/contract/media'
import { api, unwrap } from '../../lib/api'
import { queryKeys, type MediaRows } from '../../lib/query-keys'
import { useReadAhead, type PageRange } from './read-ahead'
import { PAGE_GC_MS, useSettled } from './use-table-rows'
import { mediaRowsRequest, useDescribedRows } from './use-media-cells'

/** Cells in one gallery page (one `media:cells` call). */
export const GALLERY_PAGE = 60

/** Per page, the cells of its rows in order (fewer on the last page). */
export interface GalleryPages {
  readonly pages: ReadonlyMap<number, readonly MediaCell[]>
  readonly error: unknown
}

function galleryPageQuery(connectionId: string, table: TableRef, rows: MediaRows, column: string, page: number) {
  return {
    queryKey: queryKeys.galleryPage(connectionId, table, rows, column, page),
    queryFn: async (): Promise<readonly MediaCell[]> => {
      const answer = await unwrap(
        api.media.cells({
          connectionId,
          table,
          offset: page * GALLERY_PAGE,
          limit: GALLERY_PAGE,
          columns: [column],
          size: 'tile',
          ...mediaRowsRequest(rows)
        })
      )
      return answer.map((row) => row[0] as MediaCell)
    },
    gcTime: PAGE_GC_MS,
    staleTime: Infinity,
    structuralSharing: false
  }
}

/** The given pages of `column`'s cells; with `reach`, the next page in the direction of scrolling is read ahead. */
export function useGalleryPages(
  connectionId: string,
  table: TableRef,
  rows: MediaRows,
  column: string,
  pages: readonly number[],
  reach: PageRange | null
): GalleryPages {
  const settled = useSettled(pages)
  const described = useDescribedRows(connectionId, table, rows)
  const held = useQueries({
    queries: pages.map((page) => ({
      ...galleryPageQuery(connectionId, table, described.rows, column, page),
      enabled: described.ready && settled.includes(page)
    })),
    combine: (results) => {
      const loaded = new Map<number, readonly MediaCell[]>()
      results.forEach((result, i) => {
        const page = pages[i]
        if (result.data && page !== undefined) loaded.set(page, result.data)
      })
      return { pages: loaded, error: results.find((result) => result.isError)?.error ?? null }
    }
  })
  const atRest = settled.join(',') === pages.join(',') && pages.every((page) => held.pages.has(page))
  useReadAhead(pages, atRest && described.ready ? reach : null, (page) => galleryPageQuery(connectionId, table, described.rows, column, page))
  return held
}
