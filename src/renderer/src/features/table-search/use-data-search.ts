/**
 * The data tab's search state: the options (vector column, distance, k, nprobes, refine
 * factor) and the search under way, if any, as a vector (from a row or pasted) or words.
 * Changing an option while a search shows runs it again with the new option; clearing
 * the search brings the plain rows back.
 */
import { useQueryClient } from '@tanstack/react-query'
import type { Table } from 'apache-arrow'
import { decodeArrow } from '../../lib/arrow-decode'
import { useState } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { SearchQuery } from '@shared/contract/search'
import { DEFAULT_SEARCH_K, type DistanceType, type SearchInfo, type VectorColumnInfo } from '@shared/search-types'
import { api, unwrap } from '../../lib/api'
import { gridPagesView, queryKeys, type PagesColumn, type RowsView } from '../../lib/query-keys'
import { pageOfRow } from '../../lib/row-pages'
import { searchPage } from './use-search'

/** How vector searches are run. */
export interface SearchOptions {
  /** The vector column "Find similar" uses; null: the table's first. */
  readonly column: string | null
  readonly distanceType: DistanceType
  readonly k: number
  /** Only with a vector index; null: LanceDB's default. */
  readonly nprobes: number | null
  readonly refineFactor: number | null
}

/** The search under way: a vector (with what it came from, for the status line) or words. */
export type ActiveSearch =
  | { readonly kind: 'vector'; readonly column: string; readonly vector: readonly number[]; readonly about: string }
  | { readonly kind: 'fts'; readonly text: string }

const DEFAULT_OPTIONS: SearchOptions = { column: null, distanceType: 'l2', k: DEFAULT_SEARCH_K, nprobes: null, refineFactor: null }

/** The search's query for the engine: the active search with the options applied. */
export function queryOf(active: ActiveSearch, options: SearchOptions, columns: readonly VectorColumnInfo[]): SearchQuery {
  if (active.kind === 'fts') return { kind: 'fts', text: active.text, k: options.k }
  // nprobes and the refine factor mean something only with a vector index.
  const indexed = columns.find((c) => c.name === active.column)?.indexType != null
  return {
    kind: 'vector',
    column: active.column,
    vector: [...active.vector],
    distanceType: options.distanceType,
    k: options.k,
    ...(indexed && options.nprobes !== null ? { nprobes: options.nprobes } : {}),
    ...(indexed && options.refineFactor !== null ? { refineFactor: options.refineFactor } : {})
  }
}

/** The vector column "Find similar" uses. */
export function chosenVectorColumn(info: SearchInfo | undefined, options: SearchOptions): VectorColumnInfo | null {
  const columns = info?.vectorColumns ?? []
  return columns.find((c) => c.name === options.column) ?? columns[0] ?? null
}

/** The state, and the actions that change it. */
export interface DataSearch {
  readonly options: SearchOptions
  readonly setOptions: (options: SearchOptions) => void
  readonly active: ActiveSearch | null
  readonly setActive: (active: ActiveSearch | null) => void
  /** Why the last "Find similar" could not start (its row had no vector, the read failed). */
  readonly error: unknown
  /**
   * Searches for rows like row `row` of `view` (0-based, counted over the view's rows);
   * `columns` are the grid's, which say how its pages are read and whether rows have an id.
   */
  readonly findSimilar: (view: RowsView, row: number, column: VectorColumnInfo, columns: readonly PagesColumn[]) => Promise<void>
}

/** Holds the data tab's search. */
export function useDataSearch(connectionId: string, table: TableRef): DataSearch {
  const client = useQueryClient()
  const [options, setOptions] = useState(DEFAULT_OPTIONS)
  const [active, setActive] = useState<ActiveSearch | null>(null)
  const [error, setError] = useState<unknown>(null)
  const findSimilar = async (view: RowsView, row: number, column: VectorColumnInfo, columns: readonly PagesColumn[]): Promise<void> => {
    setError(null)
    try {
      // In a search result the row is found among the result's rows (which carry every
      // vector column); otherwise in the page on screen when it shows the vector column,
      // else it is read on its own.
      const { page, index } = pageOfRow(row)
      const onScreen = view.search ? undefined : client.getQueryData<Table>(queryKeys.rowPage(connectionId, table, gridPagesView(view, columns), page))
      const shown = onScreen?.getChild(column.name) && index < onScreen.numRows ? onScreen : null
      // A row is named by its id where the grid shows one (the grid's position means little in a result).
      const withId = columns.some((c) => c.name === ID_COLUMN) && column.name !== ID_COLUMN ? [column.name, ID_COLUMN] : [column.name]
      const rows = view.search
        ? await searchPage(client, connectionId, table, view, page)
        : (shown ??
          decodeArrow(
            (
              await unwrap(
                api.tables.readRows({ connectionId, table, offset: row, limit: 1, columns: withId, ...(view.filter ? { filter: view.filter } : {}) })
              )
            ).arrow
          ))
      const at = view.search || shown ? index : 0
      if (at >= rows.numRows)
        throw new Error(`Row ${(row + 1).toLocaleString('en-US')} is no longer there (the rows changed). Refresh (F5) and choose a row again.`)
      const value: unknown = rows.getChild(column.name)?.get(at)
      const vector =
        value && typeof value === 'object' && 'toArray' in value ? Array.from((value as { toArray: () => ArrayLike<number> }).toArray(), Number) : null
      const id: unknown = rows.getChild(ID_COLUMN)?.get(at)
      const about = id !== null && id !== undefined ? `id ${String(id)}` : `${view.search ? 'result ' : ''}row ${(row + 1).toLocaleString('en-US')}`
      if (!vector || vector.length === 0)
        throw new Error(`${capitalize(about)} has no vector in column "${column.name}" (it is null), so there is nothing to compare with. Choose another row.`)
      setActive({ kind: 'vector', column: column.name, vector, about })
    } catch (failure) {
      setError(failure)
    }
  }
  const setActiveAndClear = (next: ActiveSearch | null): void => {
    setError(null)
    setActive(next)
  }
  return { options, setOptions, active, setActive: setActiveAndClear, error, findSimilar }
}

/** The column that names a row in "Find similar"'s status, where a table has it. */
const ID_COLUMN = 'id'

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
