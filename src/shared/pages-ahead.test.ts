import { describe, expect, it } from 'vitest'
import type { Page } from './catalog-types'
import { listWithFollowing, MAX_NAMES_PER_CALL } from './pages-ahead'

/** Pages of `limit` over `count` generated names; the token is the next index. */
const pages =
  (count: number, limit: number) =>
  async (token: string | null | undefined): Promise<Page<string>> => {
    const start = Number(token || 0)
    const end = Math.min(start + limit, count)
    return { items: Array.from({ length: end - start }, (_, i) => `n${start + i}`), nextPageToken: end < count ? String(end) : null }
  }

describe('listWithFollowing', () => {
  it('stops following once a call holds MAX_NAMES_PER_CALL names, so large pages make modest answers', async () => {
    const answer = await listWithFollowing(pages(100_000, 4_000), null, 10)
    const names = answer.items.length + (answer.following ?? []).reduce((sum, page) => sum + page.items.length, 0)
    expect(answer.following).toHaveLength(2)
    expect(names).toBeGreaterThanOrEqual(MAX_NAMES_PER_CALL)
    expect(answer.following?.at(-1)?.nextPageToken).toBe('12000')
  })

  it('answers the page alone when nothing is asked ahead or the listing ends with it', async () => {
    expect(await listWithFollowing(pages(50, 100), null, 10)).toEqual({ items: (await pages(50, 100)(null)).items, nextPageToken: null })
    expect((await listWithFollowing(pages(500, 100), '100', 0)).following).toBeUndefined()
  })
})
