/**
 * Property tests of the hand-made listing reader against JSON.parse, on generated pages:
 * any unicode names (escapes, quotes, control characters, lone surrogates), empty and
 * huge lists, null/empty/missing tokens, unknown fields, any spacing and key order, and
 * the same pages cut short or with a character inserted. The fast path may decline a page
 * (JSON.parse then reads it), but whatever it reads must be exactly what JSON.parse reads,
 * and a page JSON.parse refuses must be refused.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CatalogError } from '../../shared/errors'
import type { HttpResponse } from './http'
import { readListingFast, readListingPage } from './listing-page'

const FIELDS = ['namespaces', 'tables'] as const

/**
 * What the spec says a listing answer means, read with JSON.parse only: the reference. It
 * reads the text as it arrives, UTF-8 bytes decoded (a lone surrogate becomes U+FFFD).
 */
function reference(text: string, field: string): { items: string[]; nextPageToken: string | null } | 'refused' {
  let body: unknown
  try {
    body = JSON.parse(Buffer.from(text, 'utf8').toString('utf8'))
  } catch {
    return 'refused'
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'refused'
  const record = body as Record<string, unknown>
  const items = record[field]
  if (!Array.isArray(items) || !items.every((item) => typeof item === 'string')) return 'refused'
  const token = record['page_token']
  return { items, nextPageToken: typeof token === 'string' && token.length > 0 ? token : null }
}

/** What the app reads from the same text, through the fast path where it applies. */
function actual(text: string, field: string): { items: readonly string[]; nextPageToken: string | null } | 'refused' {
  const response: HttpResponse = { status: 200, headers: {}, body: Buffer.from(text, 'utf8'), url: 'http://127.0.0.1/v1/namespace/%24/list' }
  try {
    return readListingPage(response, field, 'the test listing')
  } catch (error) {
    // A refusal must be the typed error a person sees, never a crash of the reader.
    expect(error).toBeInstanceOf(CatalogError)
    expect((error as CatalogError).code).toBe('bad_response')
    return 'refused'
  }
}

const name = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', 'a"b', 'a\\b', '\\', '"', 'tab\there', 'line\nbreak', '\u0000', '\u2028', '\ud800', 'ü', '🦀', '{}[],:', 'null')
)
const token = fc.oneof(name, fc.constant(null), fc.constant(''))
const extra = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 })
const spacing = fc.constantFrom<string | number | undefined>(undefined, 0, 1, 2, '\t', ' \r\n')

/** A listing page as a server might write it, with its text. */
const page = fc
  .record({
    field: fc.constantFrom(...FIELDS),
    items: fc.oneof({ weight: 4, arbitrary: fc.array(name, { maxLength: 40 }) }, { weight: 1, arbitrary: fc.constant([] as string[]) }),
    token: fc.option(token, { nil: undefined }),
    extra: fc.option(extra, { nil: undefined }),
    tokenFirst: fc.boolean(),
    spacing
  })
  .map(({ field, items, token: pageToken, extra: more, tokenFirst, spacing: space }) => {
    const entries: Array<[string, unknown]> = [[field, items]]
    if (pageToken !== undefined) entries[tokenFirst ? 'unshift' : 'push'](['page_token', pageToken])
    const body = { ...Object.fromEntries(entries), ...more }
    return { field, text: JSON.stringify(body, null, space) }
  })

describe('listing pages against JSON.parse', () => {
  it('reads every well-formed page exactly as JSON.parse does', () => {
    fc.assert(
      fc.property(page, ({ field, text }) => {
        expect(actual(text, field)).toEqual(reference(text, field))
      }),
      { numRuns: 1000 }
    )
  })

  it('reads what the fast path accepts exactly as JSON.parse does, key by key', () => {
    fc.assert(
      fc.property(page, fc.constantFrom(...FIELDS), ({ text }, field) => {
        const fast = readListingFast(text, field)
        if (fast === undefined) return
        const parsed = JSON.parse(text) as Record<string, unknown>
        expect(Object.keys(parsed).every((key) => key === field || key === 'page_token')).toBe(true)
        expect(fast.items).toEqual(parsed[field])
        expect(fast.pageToken).toEqual(parsed['page_token'])
      }),
      { numRuns: 2000 }
    )
  })

  it('takes the fast path for plain pages of any size, empty to 20,000 names', () => {
    const plain = fc.string({ unit: fc.constantFrom(...'abcxyz0189_-.üé漢🦀'), minLength: 1, maxLength: 30 })
    fc.assert(
      fc.property(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })), plain, fc.option(plain, { nil: null }), (count, stem, pageToken) => {
        const items = Array.from({ length: count }, (_, i) => `${stem}${i}`)
        const text = JSON.stringify({ tables: items, page_token: pageToken })
        expect(readListingFast(text, 'tables')).toEqual({ items, pageToken })
        expect(actual(text, 'tables')).toEqual(reference(text, 'tables'))
      }),
      { numRuns: 30 }
    )
  })

  it('refuses a page cut short, or with a character slipped in, the way JSON.parse does', () => {
    const slip = fc.constantFrom('"', '\\', ',', ':', '[', ']', '{', '}', ' ', '\n', '\t', '\u0000', '\u001f', 'x', '1', 'n', '\ufeff')
    fc.assert(
      fc.property(page, fc.nat(), slip, fc.boolean(), ({ field, text }, at, char, cut) => {
        const position = at % (text.length + 1)
        const broken = cut ? text.slice(0, position) : text.slice(0, position) + char + text.slice(position)
        expect(actual(broken, field)).toEqual(reference(broken, field))
      }),
      { numRuns: 3000 }
    )
  })

  it('refuses any text that is no listing, never crashing', () => {
    const noise = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.json(),
      fc.constantFrom('', 'null', '[]', '{}', '{"namespaces":null}', '"namespaces"')
    )
    fc.assert(
      fc.property(noise, fc.constantFrom(...FIELDS), (text, field) => {
        expect(actual(text, field)).toEqual(reference(text, field))
      }),
      { numRuns: 1000 }
    )
  })
})
