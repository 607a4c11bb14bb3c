/**
 * One listing call that brings several pages: the asked page, then up to `ahead` more,
 * each fetched with the token of the one before. The token chain makes pages of one
 * listing strictly sequential; following them in the main process (the handlers call
 * this, next to the catalog client) saves the renderer a round trip through its busy main
 * thread for every page while a tree walks a long listing (holding End over 100,000
 * children is 1,000 pages of 100).
 */
import type { Page, PageWithFollowing } from './catalog-types'

/** Pages stop following once a call has brought this many names. */
export const MAX_NAMES_PER_CALL = 10_000

/** Fetches the page at `pageToken` and up to `ahead` pages after it. */
export async function listWithFollowing(
  list: (pageToken: string | null | undefined) => Promise<Page<string>>,
  pageToken: string | null | undefined,
  ahead = 0
): Promise<PageWithFollowing<string>> {
  const first = await list(pageToken)
  if (ahead <= 0 || !first.nextPageToken) return first
  const following: Page<string>[] = []
  let token: string | null = first.nextPageToken
  let items = first.items.length
  // Bounded in names too, so a call with large pages stays a modest answer.
  while (token && following.length < ahead && items < MAX_NAMES_PER_CALL) {
    try {
      const page: Page<string> = await list(token)
      following.push(page)
      items += page.items.length
      token = page.nextPageToken
    } catch {
      // Only the asked page must succeed here. The renderer asks for the page that failed
      // on its own next, and that call carries the error to the tree's error row.
      break
    }
  }
  return { ...first, following }
}
