/**
 * Server data for the grid: pages of rows (Arrow IPC bytes from main, decoded here) and
 * the number of matching rows. Each page is its own query, observed only while it is
 * near the viewport; unobserved pages are dropped after a short time, so memory stays
 * bounded by the pages around the rows on screen. While the view rests with its pages in,
 * the next page in the direction of scrolling is read ahead (see ./read-ahead.ts).
 */
import { useQueries, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query'
import type { Table } from 'apache-arrow'
import { decodeArrow } from '../../lib/arrow-decode'
import { useEffect, useState } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { api, unwrap } from '../../lib/api'
import { queryKeys, type RowsView } from '../../lib/query-keys'
import { PAGE_ROWS, readRowRange } from '../../lib/row-pages'
import { useReadAhead, type PageRange } from './read-ahead'
import { searchPage } from '../table-search/use-search'
import { approximate, type ExactInt } from '@shared/exact-int'

/** How long a page no row on screen needs stays cached (scrolling back briefly is free). */
export const PAGE_GC_MS = 3_000
/** A new set of pages is fetched once the view has rested this long, so a fast drag skips the pages it flies past. */
const SETTLE_MS = 60

/** The loaded pages and the first error among them. */
export interface RowPages {
  readonly pages: ReadonlyMap<number, Table>
  readonly error: unknown
}

/** How one page of a view is read and cached; the grid's own pages and read-ahead share it. */
export function rowPageQuery(client: QueryClient, connectionId: string, table: TableRef, view: RowsView, page: number) {
  return {
    queryKey: queryKeys.rowPage(connectionId, table, view, page),
    queryFn: ({ signal }: { readonly signal: AbortSignal }) =>
      view.search ? searchPage(client, connectionId, table, view, page) : readPage(connectionId, table, view, page, signal),
    gcTime: PAGE_GC_MS,
    staleTime: Infinity,
    structuralSharing: false
  }
}

/**
 * Holds the given pages of rows for a view of a table. With `reach` (the pages the view
 * can scroll to), the next page in the direction of scrolling is read ahead.
 */
export function useRowPages(connectionId: string, table: TableRef, view: RowsView, pages: readonly number[], reach: PageRange | null = null): RowPages {
  const settled = useSettled(pages)
  const client = useQueryClient()
  const held = useQueries({
    queries: pages.map((page) => ({
      ...rowPageQuery(client, connectionId, table, view, page),
      // Pages already cached (or read ahead) show at once; new ones wait until the view rests.
      enabled: settled.includes(page)
    })),
    combine: (results) => {
      const loaded = new Map<number, Table>()
      results.forEach((result, i) => {
        const page = pages[i]
        if (result.data && page !== undefined) loaded.set(page, result.data)
      })
      return { pages: loaded, error: results.find((result) => result.isError)?.error ?? null }
    }
  })
  const atRest = settled.join(',') === pages.join(',') && pages.every((page) => held.pages.has(page))
  useReadAhead(pages, atRest ? reach : null, (page) => rowPageQuery(client, connectionId, table, view, page))
  return held
}

/** The number of rows matching the view's filter. */
export function useRowCount(connectionId: string, table: TableRef, filter: string, version: ExactInt | null = null): UseQueryResult<number> {
  return useQuery({
    queryKey: queryKeys.rowCount(connectionId, table, filter, version),
    // The grid lays out and scrolls rows by number, so the nearest one serves it.
    queryFn: async () =>
      approximate(
        await unwrap(
          version === null
            ? api.tables.count({ connectionId, table, ...(filter ? { filter } : {}) })
            : api.versions.count({ connectionId, table, version, ...(filter ? { filter } : {}) })
        )
      )
  })
}

async function readPage(connectionId: string, table: TableRef, view: RowsView, page: number, signal: AbortSignal): Promise<Table> {
  return readRowRange(
    async (offset, limit) => {
      // A page no grid wants any more (the first page asked for before the columns were
      // known, say) stops between its reads rather than read on.
      signal.throwIfAborted()
      const request = {
        connectionId,
        table,
        offset,
        limit,
        ...(view.columns ? { columns: [...view.columns] } : {}),
        ...(view.filter ? { filter: view.filter } : {}),
        ...(view.leaveOutBytes ? { leaveOutBytes: true } : {})
      }
      // An older version (Versions view) is read through its own channel.
      const answer = await unwrap(view.version === undefined ? api.tables.readRows(request) : api.versions.readRows({ ...request, version: view.version }))
      const rows = decodeArrow(answer.arrow)
      // Bytes that are not Arrow decode to a table without columns; say so rather than show blanks.
      if (rows.schema.fields.length === 0) throw new Error(`Rows from ${offset + 1} on could not be read: the answer was not Arrow IPC data.`)
      return { rows, truncated: answer.truncated }
    },
    page * PAGE_ROWS,
    PAGE_ROWS
  )
}

/** `pages` once it has stayed the same for SETTLE_MS; the first value at once. */
export function useSettled(pages: readonly number[]): readonly number[] {
  const key = pages.join(',')
  const [settled, setSettled] = useState({ key, pages })
  useEffect(() => {
    if (key === settled.key) return
    const timer = setTimeout(() => setSettled({ key, pages: key === '' ? [] : key.split(',').map(Number) }), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [key, settled.key])
  return settled.pages
}
