/**
 * The data grid's SQL filter as other views see and set it, per connection and table: a
 * view (the column profile) asks for a filter ("apply `score >= 0.25 AND score < 0.3` to
 * the data view of table T") and the table's data tab, which owns the filter, applies it;
 * the data tab tells the filter it shows, so a view can work on the same rows ("Profile
 * these rows"). Requests carry a sequence number, so asking for the same filter twice
 * applies it twice (after the user changed it by hand in between).
 */
import { create } from 'zustand'
import type { TableRef } from '@shared/catalog-types'
import { tableKey } from '../lib/node-key'

/** A request to filter a table's grid. */
export interface GridFilterRequest {
  readonly filter: string
  /** Grows with each request, whatever its filter. */
  readonly seq: number
}

interface GridFilterState {
  readonly requests: Readonly<Record<string, GridFilterRequest>>
  /** The filter each table's grid shows ('' for all rows). */
  readonly shown: Readonly<Record<string, string>>
  readonly seq: number
}

const useGridFilters = create<GridFilterState>()(() => ({ requests: {}, shown: {}, seq: 0 }))

function keyOf(connectionId: string, table: TableRef): string {
  return `${connectionId}\u0000${tableKey(table)}`
}

/** Asks the data tab of `table` to filter its grid by `filter` ('' shows every row). */
export function requestGridFilter(connectionId: string, table: TableRef, filter: string): void {
  useGridFilters.setState((state) => {
    const seq = state.seq + 1
    return { seq, requests: { ...state.requests, [keyOf(connectionId, table)]: { filter, seq } } }
  })
}

/** The latest filter request for `table`'s grid, or null; the data tab applies each new `seq` once. */
export function useGridFilterRequest(connectionId: string, table: TableRef): GridFilterRequest | null {
  return useGridFilters((state) => state.requests[keyOf(connectionId, table)] ?? null)
}

/** The data tab tells the filter its grid shows. */
export function publishGridFilter(connectionId: string, table: TableRef, filter: string): void {
  const key = keyOf(connectionId, table)
  if ((useGridFilters.getState().shown[key] ?? '') === filter) return
  useGridFilters.setState((state) => ({ shown: { ...state.shown, [key]: filter } }))
}

/** The filter `table`'s grid shows ('' for all rows, or when no grid has said). */
export function useShownGridFilter(connectionId: string, table: TableRef): string {
  return useGridFilters((state) => state.shown[keyOf(connectionId, table)] ?? '')
}
