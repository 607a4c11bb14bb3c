/**
 * A guard for REST listings against servers that hand back a page token they already
 * gave (which would make a caller page forever).
 */
import { CatalogError } from '../../shared/errors'

const MAX_LISTINGS = 256
const MAX_TOKENS_PER_LISTING = 10_000
const START = ''

/**
 * Remembers, per listing (kind + parent), which token each request token led to. The UI
 * pages one request at a time, so the guard cannot rely on one loop's local state: a
 * repeat is a next token equal to the request token, or one whose recorded successors
 * lead back to the request token (a cycle). Restarting from the first page is never a
 * repeat, and two callers walking the same listing side by side do not trip it.
 */
export class PageTokenGuard {
  readonly #listings = new Map<string, Map<string, string>>()

  /** Throws `bad_response` if `nextToken` would send the caller round in a circle. */
  check(listing: string, describe: string, requestToken: string | null | undefined, nextToken: string | null): void {
    if (nextToken === null) return
    const from = requestToken || START
    const edges = this.#edgesOf(listing)
    if (nextToken === from || this.#leadsBack(edges, nextToken, from)) {
      throw new CatalogError('bad_response', `The server repeated page token "${clip(nextToken)}" for ${describe}; stopping to avoid an endless listing.`, {
        pageToken: nextToken
      })
    }
    if (edges.size >= MAX_TOKENS_PER_LISTING) edges.clear()
    edges.set(ownString(from), ownString(nextToken))
  }

  #leadsBack(edges: ReadonlyMap<string, string>, start: string, target: string): boolean {
    let current: string | undefined = start
    // Bounded by the number of edges, in case overwritten edges ever formed a loop of their own.
    for (let steps = 0; current !== undefined && steps <= edges.size; steps++) {
      current = edges.get(current)
      if (current === target) return true
    }
    return false
  }

  #edgesOf(listing: string): Map<string, string> {
    let edges = this.#listings.get(listing)
    if (edges) {
      // Re-insert to keep the map in least-recently-used order.
      this.#listings.delete(listing)
    } else {
      edges = new Map()
      if (this.#listings.size >= MAX_LISTINGS) {
        const oldest = this.#listings.keys().next().value
        if (oldest !== undefined) this.#listings.delete(oldest)
      }
    }
    this.#listings.set(listing, edges)
    return edges
  }
}

/**
 * A copy of `text` that holds nothing else. A name or token read out of a listing page is
 * a slice of the page's text, and V8 keeps the whole page alive as long as the slice: a
 * page padded to 60 MiB around one short name would be held by that name for as long as
 * it is kept. Whoever keeps such a string past the page (a guard's tokens, Find's index)
 * keeps a copy.
 */
export function ownString(text: string): string {
  // Short strings are copied by V8 already; longer ones are copied through their UTF-16 code units, which keeps any lone surrogate.
  return text.length < 13 ? text : Buffer.from(text, 'utf16le').toString('utf16le')
}

function clip(token: string): string {
  return token.length <= 80 ? token : `${token.slice(0, 77)}…`
}
