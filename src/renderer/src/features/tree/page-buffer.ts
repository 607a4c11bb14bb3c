/**
 * Pages of one listing fetched ahead of need. While the tree wants pages ahead (End held,
 * a fast scroll), each call brings a page plus MAX_PAGES_AHEAD following ones (`ahead` in
 * `namespaces:list` and `tables:list`), and the next call starts once the tree takes the
 * second page of the last one, so calls follow each other without waiting for the tree to
 * redraw. That can fetch up to two calls' pages beyond what the tree asked for; they are
 * a few kilobytes of names. Pages are filed under the token that asks for them:
 * react-query still sees one page per token, and refetches as before.
 */
import type { Page, PageWithFollowing } from '@shared/catalog-types'
import { MAX_PAGES_AHEAD } from '@shared/listing-bounds'

/** Fetches the page at a token plus `ahead` following pages. */
export type ListPages = (pageToken: string | null, ahead: number) => Promise<PageWithFollowing<string>>

/** A listing's query function that answers from pages fetched ahead when it can. */
export interface BufferedListing {
  (pageToken: string | null): Promise<Page<string>>
  /** True if the page at `pageToken` is here or on its way (asking for it starts no call). */
  readonly has: (pageToken: string | undefined) => boolean
}

/** Wraps a listing call; `wanted()` is how many pages the tree still wants ahead (0: fetch only what is asked). */
export function bufferedListing(list: ListPages, wanted: () => number): BufferedListing {
  const buffered = new Map<string, Page<string>>()
  /** Token of the page after the last one buffered, or null at the end of the listing. */
  let tail: string | null = null
  let inFlight: { readonly token: string; readonly answer: Promise<void> } | null = null
  /** Bumped when the listing starts over, so answers to calls from before are dropped. */
  let generation = 0

  const call = (pageToken: string): Promise<void> => {
    const started = generation
    const answer = list(pageToken, wanted() > 0 ? MAX_PAGES_AHEAD : 0).then((first) => {
      if (started !== generation) return
      let token: string | null = pageToken
      for (const page of [first, ...(first.following ?? [])]) {
        if (!token) break
        buffered.set(token, strip(page))
        token = page.nextPageToken
      }
      tail = token
    })
    const entry = { token: pageToken, answer }
    inFlight = entry
    const done = (): void => {
      if (inFlight === entry) inFlight = null
    }
    answer.then(done, done)
    return answer
  }

  /** Starts the next call early while pages are wanted. */
  const refill = (): void => {
    if (inFlight || !tail || wanted() <= 0 || buffered.size >= MAX_PAGES_AHEAD) return
    // A failed early call is not shown here: the tree asks for that page itself, and the
    // call it then makes carries the error to the node's error row.
    call(tail).catch(() => undefined)
  }

  const take = (pageToken: string): Page<string> | undefined => {
    const page = buffered.get(pageToken)
    if (!page) return undefined
    buffered.delete(pageToken)
    refill()
    return page
  }

  const fetchPage = async (pageToken: string | null): Promise<Page<string>> => {
    if (!pageToken) {
      // The listing starts over (first load, refresh, invalidation): pages from before may be stale.
      const started = ++generation
      buffered.clear()
      tail = null
      inFlight = null
      const first = await list(null, 0)
      if (started === generation) tail = first.nextPageToken
      return strip(first)
    }
    const here = take(pageToken)
    if (here) return here
    await (inFlight?.token === pageToken ? inFlight.answer : call(pageToken))
    // Nothing is here only if the listing started over while the call was on its way: ask again.
    return take(pageToken) ?? strip(await list(pageToken, 0))
  }

  return Object.assign(fetchPage, {
    has: (pageToken: string | undefined) => pageToken !== undefined && (buffered.has(pageToken) || inFlight?.token === pageToken)
  })
}

/** The page alone, without the pages that came with it (react-query keeps one page per token). */
const strip = (page: Page<string>): Page<string> => ({ items: page.items, nextPageToken: page.nextPageToken })
