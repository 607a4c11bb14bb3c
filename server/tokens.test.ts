/**
 * Paging over names: order, caps, resuming from tokens, and refusing foreign tokens.
 */
import { describe, expect, it } from 'vitest'
import { CatalogError } from '../src/shared/errors'
import { decodePageToken, encodePageToken, pageOf, readPageQuery } from './tokens'

const NAMES = ['delta', 'alpha', 'echo', 'charlie', 'bravo', 'alpha']

function walk(pageSize: number | null, limit: number | null): string[][] {
  const pages: string[][] = []
  let pageToken: string | null = null
  do {
    const page = pageOf(NAMES, { pageToken, limit }, pageSize)
    pages.push([...page.items])
    pageToken = page.nextPageToken
  } while (pageToken !== null)
  return pages
}

describe('pageOf', () => {
  it('hands out sorted, de-duplicated names in pages capped by limit and page size', () => {
    expect(walk(null, null)).toEqual([['alpha', 'bravo', 'charlie', 'delta', 'echo']])
    expect(walk(2, null)).toEqual([['alpha', 'bravo'], ['charlie', 'delta'], ['echo']])
    expect(walk(2, 10)).toEqual([['alpha', 'bravo'], ['charlie', 'delta'], ['echo']])
    expect(walk(4, 3)).toEqual([
      ['alpha', 'bravo', 'charlie'],
      ['delta', 'echo']
    ])
    expect(walk(null, 5)).toEqual([['alpha', 'bravo', 'charlie', 'delta', 'echo']])
  })

  it('resumes after the last name even when names come and go between pages', () => {
    const first = pageOf(['b', 'd', 'f'], { pageToken: null, limit: 2 }, null)
    expect(first.items).toEqual(['b', 'd'])
    const next = pageOf(['a', 'c', 'e', 'f'], { pageToken: first.nextPageToken, limit: 2 }, null)
    expect(next).toEqual({ items: ['e', 'f'], nextPageToken: null })
  })

  it('gives no token for an empty listing or an exact last page', () => {
    expect(pageOf([], { pageToken: null, limit: 3 }, null)).toEqual({ items: [], nextPageToken: null })
    expect(pageOf(['a', 'b'], { pageToken: null, limit: 2 }, null).nextPageToken).toBeNull()
  })
})

describe('page tokens', () => {
  it('round-trips names, and reads a bare name as "start after it"', () => {
    expect(decodePageToken(encodePageToken('ns_07'))).toBe('ns_07')
    expect(encodePageToken('a')).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodePageToken('bravo')).toBe('bravo')
    expect(pageOf(NAMES, { pageToken: 'bravo', limit: 1 }, null).items).toEqual(['charlie'])
  })

  it('refuses tokens it never issued with a 400-style error', () => {
    expect(() => decodePageToken('not a token!')).toThrow(CatalogError)
    expect(() => decodePageToken('%%%')).toThrow(/not issued by this server/)
  })

  it('reads page_token and limit from a query string', () => {
    expect(readPageQuery(new URLSearchParams('page_token=abc&limit=4'))).toEqual({ pageToken: 'abc', limit: 4 })
    expect(readPageQuery(new URLSearchParams('page_token=&limit=0'))).toEqual({ pageToken: null, limit: null })
    expect(() => readPageQuery(new URLSearchParams('limit=-1'))).toThrow(/whole number/)
    expect(() => readPageQuery(new URLSearchParams('limit=2.5'))).toThrow(/whole number/)
  })
})
