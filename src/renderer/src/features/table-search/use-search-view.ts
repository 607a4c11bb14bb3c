/**
 * The rows the data tab shows once search is in play: the plain view (columns, filter) or,
 * while a search is under way, that search combined with the same columns and filter.
 * A search also reads every vector column, so "Find similar" works on a result row even
 * when its vector column is hidden.
 */
import { useMemo } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { DISTANCE_COLUMN, SCORE_COLUMN, type VectorColumnInfo } from '@shared/search-types'
import type { RowsView } from '../../lib/query-keys'
import { queryOf, useDataSearch } from './use-data-search'
import { useSearchInfo, useSearchResult } from './use-search'
import type { ExactInt } from '@shared/exact-int'

/** The view to show, the search state behind it, and the column a search scores rows in. */
export function useSearchView(connectionId: string, table: TableRef, chosen: readonly string[] | null, filter: string, version: ExactInt | null = null) {
  const info = useSearchInfo(connectionId, table)
  const search = useDataSearch(connectionId, table)
  const vectorColumns = info.data?.vectorColumns
  const { active, options } = search
  // Search reads the latest version; an older one open read-only shows its plain rows.
  const query = useMemo(() => (active && version === null ? queryOf(active, options, vectorColumns ?? []) : null), [active, options, vectorColumns, version])
  const view = useMemo<RowsView>(
    () =>
      query
        ? { columns: chosen && withVectors(chosen, vectorColumns ?? []), filter, search: query }
        : { columns: chosen, filter, ...(version === null ? {} : { version }) },
    [query, chosen, filter, vectorColumns, version]
  )
  const result = useSearchResult(connectionId, table, view)
  const scoring = query ? (query.kind === 'vector' ? DISTANCE_COLUMN : SCORE_COLUMN) : null
  return { info, search, view, result, scoring }
}

function withVectors(chosen: readonly string[], vectors: readonly VectorColumnInfo[]): readonly string[] {
  return [...chosen, ...vectors.map((c) => c.name).filter((name) => !chosen.includes(name))]
}
