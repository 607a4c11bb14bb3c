/**
 * Reading listing pages (`{ "namespaces": [...], "page_token": ... }`, or `tables`), the
 * one JSON shape that comes in bulk. `JSON.parse` spends most of its time on the
 * thousands of short name strings in such a page; when a page holds no escapes and
 * nothing but those two keys, slicing the names out directly is several times faster.
 * Anything else goes to `JSON.parse`, so the fast path never decides what a page means,
 * only how quickly it is read.
 */
import type { Page } from '../../shared/catalog-types'
import { CatalogError } from '../../shared/errors'
import { parseJson, type HttpResponse } from './http'

/**
 * Names and next token from a listing answer. A null, missing or empty token ends the
 * listing, as the spec says; pages come through the fast reader when they can.
 */
export function readListingPage(response: HttpResponse, field: string, describe: string): Page<string> {
  const text = response.body.toString('utf8')
  const fast = readListingFast(text, field)
  const body: unknown = fast ?? parseJson(text, `the listing of ${describe}`)
  const items = fast ? fast.items : isRecord(body) ? body[field] : undefined
  if (!Array.isArray(items) || !items.every((item): item is string => typeof item === 'string')) {
    throw new CatalogError('bad_response', `The server's answer listing ${describe} has no "${field}" list of names.`, { status: response.status })
  }
  const token = fast ? fast.pageToken : isRecord(body) ? body['page_token'] : undefined
  return { items, nextPageToken: typeof token === 'string' && token.length > 0 ? token : null }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** A listing page read by the fast path; `pageToken` is undefined when the key is absent. */
export interface FastListing {
  readonly items: string[]
  readonly pageToken: string | null | undefined
}

const QUOTE = 34
const COMMA = 44
const COLON = 58
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93
const OPEN_BRACE = 123
const CLOSE_BRACE = 125

// JSON strings cannot hold raw control characters (JSON.parse refuses them). Outside
// strings only tab, LF and CR may appear, so a page with any other one goes to JSON.parse
// (which refuses it), and a page with one of those three has its strings checked.
const CONTROL = /[\u0000-\u001f]/
const CONTROL_NOT_SPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/
const SPACE_CONTROL = /[\t\n\r]/

/** Reads `{ "<field>": [strings], "page_token": string | null }` in any key order, or returns undefined. */
export function readListingFast(text: string, field: string): FastListing | undefined {
  // Without a backslash anywhere, no string holds an escape, so a quote always ends one.
  if (text.indexOf('\\') !== -1) return undefined
  const controls = CONTROL.test(text)
  if (controls && CONTROL_NOT_SPACE.test(text)) return undefined
  const plain = (value: string): boolean => !SPACE_CONTROL.test(value)
  let i = skipSpace(text, 0)
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined
  i = skipSpace(text, i + 1)
  let items: string[] | undefined
  let pageToken: string | null | undefined
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return undefined
    const keyEnd = text.indexOf('"', i + 1)
    if (keyEnd < 0) return undefined
    const key = text.slice(i + 1, keyEnd)
    i = skipSpace(text, keyEnd + 1)
    if (text.charCodeAt(i) !== COLON) return undefined
    i = skipSpace(text, i + 1)
    if (key === field) {
      const list = readStrings(text, i)
      if (!list || (controls && !list.items.every(plain))) return undefined
      items = list.items
      i = list.end
    } else if (key === 'page_token') {
      if (text.charCodeAt(i) === QUOTE) {
        const end = text.indexOf('"', i + 1)
        if (end < 0) return undefined
        pageToken = text.slice(i + 1, end)
        if (controls && !plain(pageToken)) return undefined
        i = end + 1
      } else if (text.startsWith('null', i)) {
        pageToken = null
        i += 4
      } else {
        return undefined
      }
    } else {
      return undefined
    }
    i = skipSpace(text, i)
    const next = text.charCodeAt(i)
    if (next === COMMA) {
      i = skipSpace(text, i + 1)
      continue
    }
    if (next !== CLOSE_BRACE) return undefined
    i = skipSpace(text, i + 1)
    break
  }
  return items && i === text.length ? { items, pageToken } : undefined
}

function readStrings(text: string, start: number): { items: string[]; end: number } | undefined {
  if (text.charCodeAt(start) !== OPEN_BRACKET) return undefined
  const items: string[] = []
  let i = skipSpace(text, start + 1)
  if (text.charCodeAt(i) === CLOSE_BRACKET) return { items, end: i + 1 }
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return undefined
    const end = text.indexOf('"', i + 1)
    if (end < 0) return undefined
    items.push(text.slice(i + 1, end))
    i = skipSpace(text, end + 1)
    const next = text.charCodeAt(i)
    if (next === COMMA) {
      i = skipSpace(text, i + 1)
      continue
    }
    return next === CLOSE_BRACKET ? { items, end: i + 1 } : undefined
  }
}

function skipSpace(text: string, start: number): number {
  let i = start
  for (;;) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i
    i++
  }
}
