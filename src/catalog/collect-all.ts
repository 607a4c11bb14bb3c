/**
 * Reading a listing to its end, whatever client serves it: the one loop over page tokens
 * the app uses (a cascading drop, tests, checks).
 */
import type { Page, PageRequest } from '../shared/catalog-types'

/** Fetches one page of a listing. */
export type PageFetcher<T> = (page: PageRequest) => Promise<Page<T>>

/** Every item of a listing, in the order the server gave them, in pages of `limit` if given. */
export async function collectAll<T>(fetchPage: PageFetcher<T>, limit?: number): Promise<T[]> {
  const items: T[] = []
  let pageToken: string | null = null
  do {
    const page: Page<T> = await fetchPage(limit === undefined ? { pageToken } : { pageToken, limit })
    items.push(...page.items)
    pageToken = page.nextPageToken
  } while (pageToken)
  return items
}
