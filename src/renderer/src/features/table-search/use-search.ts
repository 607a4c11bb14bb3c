/**
 * Server data for search: what a table offers to search (vector columns, FTS columns) and
 * a search's rows, fetched once per search (at most k rows) and sliced into the grid's
 * pages, so the grid pages through a search result as it does through a table. Each search
 * asks main to describe its byte cells too (a search's rows are not the table's by position,
 * so `media:cells` cannot): with a grid row's thumbnails for the grid, a tile's for the gallery.
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

/** The rows a search found, and whether the byte cap cut them short. */
export interface SearchResult {
  readonly rows: Table
  readonly truncated: boolean
  /** What the rows' byte cells hold, as main described them; null for rows without byte columns. */
  readonly media: SearchMedia | null
}

/** Main's description of row `row`'s cell in byte column `column` of a search's rows, if it made one. */
export function searchMediaCell(result: SearchResult | undefined, row: number, column: string): MediaCell | undefined {
  const at = result?.media?.columns.indexOf(column) ?? -1
  return at < 0 ? undefined : result?.media?.cells[row]?.[at]
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

function searchOptions(connectionId: string, table: TableRef, spec: SearchSpec, thumbnails: ThumbSize = 'row') {
  return {
    queryKey: queryKeys.search(connectionId, table, spec, thumbnails),
    queryFn: async (): Promise<SearchResult> => {
      const page = await unwrap(api.search.rows({ connectionId, table, ...spec, thumbnails }))
      const rows = decodeArrow(page.arrow)
      if (rows.schema.fields.length === 0) throw new Error('The search answer was not Arrow IPC data.')
      return { rows, truncated: page.truncated, media: page.media ?? null }
    },
    staleTime: Infinity
  }
}

/** The rows of the view's search, its byte cells with thumbnails of `thumbnails` (disabled for plain rows). */
export function useSearchResult(connectionId: string, table: TableRef, view: RowsView, thumbnails: ThumbSize = 'row'): UseQueryResult<SearchResult> {
  const spec = searchSpecOf(view)
  const options = spec ? searchOptions(connectionId, table, spec, thumbnails) : null
  return useQuery({
    queryKey: options?.queryKey ?? [...queryKeys.rowsOf(connectionId, table), 'search', null],
    queryFn: options?.queryFn ?? skipToken,
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
