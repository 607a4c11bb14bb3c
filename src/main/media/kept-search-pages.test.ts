import { describe, expect, it } from 'vitest'
import { KEPT_BYTES_MAX, KEPT_MS, KEPT_PAGES_MAX, KeptSearchPages } from './kept-search-pages'

/** A page whose Arrow bytes are `bytes` long (the kept pages count its bytes, never read them). */
function page(bytes: number): { readonly arrow: Uint8Array; readonly rowCount: number; readonly truncated: boolean } {
  return { arrow: new Uint8Array(bytes), rowCount: 1, truncated: false }
}

describe('KeptSearchPages', () => {
  it('hands a page back under its id for the search it answered only', () => {
    const kept = new KeptSearchPages()
    const answer = page(10)
    const id = kept.keep('search a', answer)
    expect(kept.get('search a', id)).toBe(answer)
    expect(kept.get('search b', id)).toBeUndefined()
    expect(kept.get('search a', 'another id')).toBeUndefined()
    expect(kept.keep('search a', page(10))).not.toBe(id)
  })

  it(`keeps at most ${KEPT_PAGES_MAX} pages, dropping the oldest`, () => {
    const kept = new KeptSearchPages()
    const ids = Array.from({ length: KEPT_PAGES_MAX + 2 }, (_, i) => kept.keep(`search ${i}`, page(10)))
    expect(kept.size).toBe(KEPT_PAGES_MAX)
    expect(kept.get('search 0', ids[0] ?? '')).toBeUndefined()
    expect(kept.get('search 1', ids[1] ?? '')).toBeUndefined()
    expect(kept.get(`search ${KEPT_PAGES_MAX + 1}`, ids[KEPT_PAGES_MAX + 1] ?? '')).toBeDefined()
  })

  it('keeps no more bytes than its bound, and no page larger than it', () => {
    const kept = new KeptSearchPages()
    const first = kept.keep('a', page(KEPT_BYTES_MAX / 2))
    const second = kept.keep('b', page(KEPT_BYTES_MAX / 2))
    expect([kept.get('a', first), kept.get('b', second)].every(Boolean)).toBe(true)
    const third = kept.keep('c', page(1))
    expect(kept.get('a', first)).toBeUndefined()
    expect(kept.get('c', third)).toBeDefined()
    const huge = kept.keep('d', page(KEPT_BYTES_MAX + 1))
    expect(kept.get('d', huge)).toBeUndefined()
    expect(kept.get('b', second)).toBeDefined()
  })

  it(`drops a page ${KEPT_MS / 1000} s after it was kept`, () => {
    let now = 1_000
    const kept = new KeptSearchPages(() => now)
    const old = kept.keep('a', page(10))
    now += KEPT_MS / 2
    const newer = kept.keep('b', page(10))
    now += KEPT_MS / 2 + 1
    expect(kept.get('a', old)).toBeUndefined()
    expect(kept.get('b', newer)).toBeDefined()
    expect(kept.size).toBe(1)
  })
})
