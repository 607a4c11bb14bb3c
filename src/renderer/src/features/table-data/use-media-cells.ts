/**
 * What the byte cells of the pages on screen hold (type, size, a thumbnail made in main),
 * one `media:cells` query per page of rows beside that page's rows query, held and dropped
 * the same way: asked for once the view rests, kept a short while after no row on screen
 * needs it. The rows queries leave the byte columns out, so the grid never holds their bytes.
 */
import { useQueries } from '@tanstack/react-query'
import type { TableRef } from '@shared/catalog-types'
import type { MediaCell } from '@shared/contract/media'
import { api, unwrap } from '../../lib/api'
import { queryKeys, type MediaRows, type RowsView } from '../../lib/query-keys'
import { PAGE_ROWS } from '../../lib/row-pages'
import { PAGE_GC_MS, useSettled } from './use-table-rows'

/** Per page: per row of the page, per asked column, what the cell holds. */
export interface MediaPages {
  readonly pages: ReadonlyMap<number, readonly (readonly MediaCell[])[]>
  readonly error: unknown
}

/** The rows a view's media cells are counted over: its filter, at its version. */
export function mediaRowsOf(view: RowsView): MediaRows {
  return { filter: view.filter, ...(view.version === undefined ? {} : { version: view.version }) }
}

/**
 * The media cells of `columns` on `pages` of a view. A search's rows are not the table's
 * rows by position, so a search view asks for none (its pages carry the bytes).
 */
export function useMediaPages(connectionId: string, table: TableRef, view: RowsView, pages: readonly number[], columns: readonly string[]): MediaPages {
  const settled = useSettled(pages)
  const asked = view.search || columns.length === 0 ? [] : pages
  const rows = mediaRowsOf(view)
  return useQueries({
    queries: asked.map((page) => ({
      queryKey: queryKeys.mediaCells(connectionId, table, rows, columns, page),
      queryFn: () =>
        unwrap(
          api.media.cells({
            connectionId,
            table,
            offset: page * PAGE_ROWS,
            limit: PAGE_ROWS,
            columns: [...columns],
            size: 'row',
            ...(rows.filter ? { filter: rows.filter } : {}),
            ...(rows.version === undefined ? {} : { version: rows.version })
          })
        ),
      gcTime: PAGE_GC_MS,
      staleTime: Infinity,
      structuralSharing: false,
      enabled: settled.includes(page)
    })),
    combine: (results) => {
      const loaded = new Map<number, readonly (readonly MediaCell[])[]>()
      results.forEach((result, i) => {
        const page = asked[i]
        if (result.data && page !== undefined) loaded.set(page, result.data)
      })
      return { pages: loaded, error: results.find((result) => result.isError)?.error ?? null }
    }
  })
}
