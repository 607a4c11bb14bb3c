/**
 * Page tokens and paging for the server's listings.
 *
 * Listings are keyset-paged over the names sorted by code unit: a token records the last
 * name handed out, so a page never repeats or skips a name even when children are added
 * or dropped between pages. Tokens are opaque to clients (base64url of a small JSON
 * object). For LanceDB's `tableNames({ startAfter })`, which sends the bare name as
 * `page_token`, a token that is not ours but is a valid name is read as "start after it".
 */
import { componentProblem } from '../src/shared/namespace-path'
import { invalidRequest } from './errors'

/** One page of names and the token for the next one (null when the listing is complete). */
export interface NamePage {
  readonly items: readonly string[]
  readonly nextPageToken: string | null
}

/** What a caller asked for: a token from the previous page and an upper bound on items. */
export interface PageQuery {
  readonly pageToken: string | null
  readonly limit: number | null
}

const TOKEN_VERSION = 1

/** Makes the opaque token that resumes a listing after `lastName`. */
export function encodePageToken(lastName: string): string {
  return Buffer.from(JSON.stringify({ v: TOKEN_VERSION, after: lastName }), 'utf8').toString('base64url')
}

/** The name a token resumes after; throws a 400 for a token this server never issued. */
export function decodePageToken(token: string): string {
  const after = readOwnToken(token)
  if (after !== null) return after
  if (componentProblem(token) === null) return token
  throw invalidRequest(`The page token "${token}" was not issued by this server; start the listing again without a token.`)
}

/** Reads the `page_token` and `limit` query parameters; 0 or absent limit means "no limit". */
export function readPageQuery(params: URLSearchParams): PageQuery {
  const rawToken = params.get('page_token')
  const rawLimit = params.get('limit')
  let limit: number | null = null
  if (rawLimit !== null && rawLimit !== '') {
    if (!/^\d+$/.test(rawLimit)) throw invalidRequest(`"limit" must be a whole number of items, got "${rawLimit}".`)
    const parsed = Number(rawLimit)
    limit = parsed === 0 ? null : parsed
  }
  return { pageToken: rawToken === null || rawToken === '' ? null : rawToken, limit }
}

/**
 * Cuts one page out of `names` (any order, duplicates allowed). The page holds at most
 * `limit` items, capped by the server's `pageSize` when one is configured.
 */
export function pageOf(names: Iterable<string>, query: PageQuery, pageSize: number | null): NamePage {
  const sorted = [...new Set(names)].sort(compareNames)
  const after = query.pageToken === null ? null : decodePageToken(query.pageToken)
  const start = after === null ? 0 : firstIndexAfter(sorted, after)
  const size = Math.min(query.limit ?? Number.POSITIVE_INFINITY, pageSize ?? Number.POSITIVE_INFINITY)
  const end = Math.min(sorted.length, start + size)
  const items = sorted.slice(start, end)
  const last = items.at(-1)
  const nextPageToken = end < sorted.length && last !== undefined ? encodePageToken(last) : null
  return { items, nextPageToken }
}

/** Code-unit order, the order LanceDB documents for table names. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function firstIndexAfter(sorted: readonly string[], after: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((sorted[mid] as string) <= after) lo = mid + 1
    else hi = mid
  }
  return lo
}

function readOwnToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
    if (typeof value !== 'object' || value === null) return null
    const { v, after } = value as { v?: unknown; after?: unknown }
    return v === TOKEN_VERSION && typeof after === 'string' ? after : null
  } catch {
    return null
  }
}
