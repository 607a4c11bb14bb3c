import { describe, expect, it } from 'vitest'
import type { Page } from '@shared/catalog-types'
import { listWithFollowing } from '@shared/pages-ahead'
import { bufferedListing, type ListPages } from './page-buffer'

/**
 * A catalog listing over an array of names (pages of `limit`, the token is the next
 * index), answered through the host's own `listWithFollowing`, recording every call.
 */
function catalog(names: string[], limit: number) {
  const calls: { token: string | null; ahead: number }[] = []
  const failing = new Set<string>()
  const page = async (token: string | null | undefined): Promise<Page<string>> => {
    if (token && failing.has(token)) throw new Error(`page ${token} failed`)
    const start = Number(token || 0)
    const end = Math.min(start + limit, names.length)
    return { items: names.slice(start, end), nextPageToken: end < names.length ? String(end) : null }
  }
  const list: ListPages = (token, ahead) => {
    calls.push({ token, ahead })
    return listWithFollowing(page, token, ahead)
  }
  return { calls, failing, list }
}

/** Walks a listing to its end through the buffered query function, as react-query would. */
async function walk(fetch: (token: string | null) => Promise<Page<string>>): Promise<string[]> {
  const names: string[] = []
  let token: string | null = null
  do {
    const page: Page<string> = await fetch(token)
    names.push(...page.items)
    token = page.nextPageToken
  } while (token)
  return names
}

const names = Array.from({ length: 2_345 }, (_, i) => `child_${i}`)

describe('bufferedListing', () => {
  it('while pages are wanted, brings 11 per call and hands them out one per token', async () => {
    const source = catalog(names, 100)
    const fetch = bufferedListing(source.list, () => 6)
    expect(await walk(fetch)).toEqual(names)
    // The first page alone (first rows fast), then 24 pages in calls of up to 11.
    expect(source.calls[0]).toEqual({ token: null, ahead: 0 })
    expect(source.calls.slice(1).every((call) => call.ahead === 10)).toBe(true)
    expect(source.calls).toHaveLength(1 + Math.ceil(23 / 11))
  })

  it('keeps a call under way while pages are wanted, so the next ones are here or coming', async () => {
    const source = catalog(names, 100)
    const fetch = bufferedListing(source.list, () => 6)
    await fetch(null)
    await fetch('100')
    await fetch('200')
    // Two pages taken of the eleven the call brought: the next call already started.
    expect(source.calls.map((call) => call.token)).toEqual([null, '100', '1200'])
    expect(fetch.has('300')).toBe(true)
    expect(fetch.has('1200')).toBe(true)
    expect(fetch.has('2300')).toBe(false)
  })

  it('asks page by page when no pages are wanted ahead', async () => {
    const source = catalog(names, 1000)
    const fetch = bufferedListing(source.list, () => 0)
    expect(await walk(fetch)).toEqual(names)
    expect(source.calls).toEqual([
      { token: null, ahead: 0 },
      { token: '1000', ahead: 0 },
      { token: '2000', ahead: 0 }
    ])
  })

  it('drops the pages it holds when the listing starts over (a refresh sees new names)', async () => {
    const live = [...names]
    const source = catalog(live, 100)
    const fetch = bufferedListing(source.list, () => 6)
    await fetch(null)
    await fetch('100')
    live.splice(250, 0, 'added')
    const after = await walk(fetch)
    expect(after).toContain('added')
    expect(after).toEqual(live)
  })

  it('a page whose early call failed is asked for again, and its error reaches the caller', async () => {
    const source = catalog(names, 100)
    const fetch = bufferedListing(source.list, () => 6)
    source.failing.add('100')
    await fetch(null)
    await expect(fetch('100')).rejects.toThrow('page 100 failed')
    source.failing.delete('100')
    expect((await fetch('100')).items[0]).toBe('child_100')
  })
})
