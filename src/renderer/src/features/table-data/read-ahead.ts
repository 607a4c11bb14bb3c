/**
 * Reading the grid's next page before it is needed: once the view rests with its own
 * pages loaded (so reading ahead never delays what is on screen), the page past the held
 * ones in the direction of the last scroll is fetched into the cache, where the grid finds
 * it when the view gets there. Bounded to one page beyond the held ones; when the view
 * moves away (a jump, a drag across the table) a read-ahead still under way is cancelled,
 * so its answer is dropped rather than kept.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useState } from 'react'
import { pagesAhead, type ScrollDirection } from '../../lib/row-pages'

/** Pages read ahead of the held ones. */
const AHEAD_PAGES = 1

/** The first and last page a view can reach. */
export interface PageRange {
  readonly first: number
  readonly last: number
}

/** How to fetch one page into the cache. */
type PageQuery = (page: number) => {
  readonly queryKey: QueryKey
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<unknown>
  readonly gcTime: number
  readonly staleTime: number
}

/** Reads ahead of `held` within `reach`; a null `reach` (the view is moving, or cannot scroll) reads nothing ahead. */
export function useReadAhead(held: readonly number[], reach: PageRange | null, query: PageQuery): void {
  const client = useQueryClient()
  const direction = useDirection(held)
  const heldKey = held.join(',')
  const aheadKey = reach ? pagesAhead(held, direction, reach.first, reach.last, AHEAD_PAGES).join(',') : ''
  // Pages read ahead whose answers may still be under way.
  const [asked] = useState(() => new Set<number>())
  const sync = useEffectEvent((heldNow: readonly number[], ahead: readonly number[]) => {
    for (const page of asked) {
      if (ahead.includes(page)) continue
      asked.delete(page)
      // Now one of the view's own pages: the grid holds it from here.
      if (heldNow.includes(page)) continue
      const { queryKey } = query(page)
      // A page some grid shows (e.g. the next one, keyed afresh) is never taken from it.
      if ((client.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0) continue
      void client.cancelQueries({ queryKey, exact: true })
    }
    for (const page of ahead) {
      asked.add(page)
      void client.prefetchQuery(query(page))
    }
  })
  useEffect(() => {
    sync(pagesOf(heldKey), pagesOf(aheadKey))
  }, [heldKey, aheadKey])
  // Leaving the view (another filter, another table) drops what is still under way.
  useEffect(() => () => sync([], []), [])
}

/** Which way the held pages last moved; towards the end until they first move. */
function useDirection(held: readonly number[]): ScrollDirection {
  const key = held.join(',')
  const centre = held.length === 0 ? null : (Math.min(...held) + Math.max(...held)) / 2
  const [seen, setSeen] = useState<{ key: string; centre: number | null; direction: ScrollDirection }>({ key, centre, direction: 1 })
  if (seen.key === key) return seen.direction
  const direction = centre === null || seen.centre === null || centre === seen.centre ? seen.direction : centre > seen.centre ? 1 : -1
  setSeen({ key, centre, direction })
  return direction
}

function pagesOf(key: string): number[] {
  return key === '' ? [] : key.split(',').map(Number)
}
