/**
 * Server data for search: what a table offers to search (vector columns, FTS columns) and
 * a search's rows, fetched once per search (at most k rows) and sliced into the grid's
 * pages, so the grid pages through a search result as it does through a table. Once the
 * rows are shown, main is asked to describe their byte cells (a search's rows are not the
 * table's by position, so `media:cells` cannot): with a grid row's thumbnails for the grid,
 * a tile's for the gallery. The rows never wait for the thumbnails.
 */
import { skipToken, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query'
import type { Table } from 'apache-arrow'
import { decodeArrow } from '../../lib/arrow-decode'
import type { TableRef } from '@shared/catalog-types'
import type { SearchMedia, SearchSpec } from '@shared/contract/search'
import type { MediaCell, ThumbSize } from '@shared/contract/media'
import type { SearchInfo } from '@shared/search-types'
import { api, unwrap } from '../../lib/api'
import { queryKeys, type RowsView } from '../../lib/query-keys'
import { PAGE_ROWS } from '../../lib/row-pages'

/** The rows a search found, whether the byte cap cut them short, and the id main keeps them under. */
export interface SearchResult {
  readonly rows: Table
  readonly truncated: boolean
  readonly pageId: string
}

/**
 * Main's description of row `row`'s cell in byte column `column` of a search's rows, if it
 * made one of these very bytes: one made of a search run again after the table changed
 * (see `search:media`) may be of another row's, and is not used where its size differs.
 */
export function searchMediaCell(media: SearchMedia | null | undefined, row: number, column: string, bytes: Uint8Array | null): MediaCell | undefined {
  const at = media?.columns.indexOf(column) ?? -1
  const cell = at < 0 ? undefined : media?.cells[row]?.[at]
  return cell && cell.size === (bytes?.length ?? null) ? cell : undefined
}

/** A table's vector and FTS-indexed columns; kept under the table's key, so index changes refresh it. */
export function useSearchInfo(connectionId: string, table: TableRef): UseQueryResult<SearchInfo> {
  return useQuery({
    queryKey: queryKeys.searchInfo(connectionId, table),
    queryFn: () => unwrap(api.search.info({ connectionId, table })),
    staleTime: 30_000
  })
}

/** The search a view of rows stands for, or null for plain rows. */
export function searchSpecOf(view: RowsView): SearchSpec | null {
  if (!view.search) return null
  return { query: view.search, ...(view.columns ? { columns: [...view.columns] } : {}), ...(view.filter ? { filter: view.filter } : {}) }
}

function searchOptions(connectionId: string, table: TableRef, spec: SearchSpec) {
  return {
    queryKey: queryKeys.search(connectionId, table, spec),
    queryFn: async (): Promise<SearchResult> => {
      const page = await unwrap(api.search.rows({ connectionId, table, ...spec }))
      const rows = decodeArrow(page.arrow)
      if (rows.schema.fields.length === 0) throw new Error('The search answer was not Arrow IPC data.')
      return { rows, truncated: page.truncated, pageId: page.pageId }
    },
    staleTime: Infinity
  }
}

/** The rows of the view's search (disabled for plain rows). */
export function useSearchResult(connectionId: string, table: TableRef, view: RowsView): UseQueryResult<SearchResult> {
  const spec = searchSpecOf(view)
  const options = spec ? searchOptions(connectionId, table, spec) : null
  return useQuery({
    queryKey: options?.queryKey ?? [...queryKeys.rowsOf(connectionId, table), 'search', null],
    queryFn: options?.queryFn ?? skipToken,
    staleTime: Infinity
  })
}

/**
 * What the byte cells of the view's search rows hold, with thumbnails of `size`; asked once
 * the rows have come (`result`), for rows with byte columns among those shown (`wanted`).
 */
export function useSearchMedia(
  connectionId: string,
  table: TableRef,
  view: RowsView,
  result: SearchResult | undefined,
  size: ThumbSize,
  wanted: boolean
): UseQueryResult<SearchMedia | null> {
  const spec = searchSpecOf(view)
  const pageId = result?.pageId
  return useQuery({
    queryKey:
      spec && pageId ? queryKeys.searchMedia(connectionId, table, spec, pageId, size) : [...queryKeys.rowsOf(connectionId, table), 'search-media', null],
    queryFn: spec && pageId && wanted ? () => unwrap(api.search.media({ connectionId, table, ...spec, pageId, size })) : skipToken,
    staleTime: Infinity
  })
}

/** One grid page of a search's rows: the search runs once, its rows are sliced per page. */
export async function searchPage(client: QueryClient, connectionId: string, table: TableRef, view: RowsView, page: number): Promise<Table> {
  const spec = searchSpecOf(view)
  if (!spec) throw new Error('A search page was asked for a view without a search.')
  const { rows } = await client.fetchQuery(searchOptions(connectionId, table, spec))
  return rows.slice(page * PAGE_ROWS, (page + 1) * PAGE_ROWS)
}
