/**
 * Reading numbers and objects out of a catalog's JSON answers, and writing request bodies.
 * Versions, row counts and sizes are 64-bit integers in Lance, so integers past 2^53 are
 * read and written with every digit (see ../../../shared/exact-int.ts).
 */
import { exactInt, type ExactInt } from '../../shared/exact-int'

/** A row count from a bare integer body, or from a `{ "count": n }` object some servers send. */
export function parseCount(text: string): ExactInt | null {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return exactInt(BigInt(trimmed))
  try {
    const value: unknown = parseExactJson(trimmed)
    return count(value) ?? (isRecord(value) ? count(value['count']) : null)
  } catch {
    return null
  }
}

/**
 * Parses JSON as `JSON.parse` does, except that an integer past 2^53 comes back as a
 * `bigint` with every digit, where a number would round (it reads the literal's source
 * text, which Node 22 and later hand to the reviver).
 */
export function parseExactJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown, context?: { readonly source?: string }) =>
    typeof value === 'number' && !Number.isSafeInteger(value) && context?.source !== undefined && /^-?\d+$/.test(context.source)
      ? BigInt(context.source)
      : value
  )
}

// JSON.rawJSON writes a number's digits as given (Node 22 and later).
const rawJson = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON

/** JSON text of a request body, a `bigint` (an exact version) written as a plain number with every digit. */
export function stringifyExactJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'bigint') return item
    if (item <= BigInt(Number.MAX_SAFE_INTEGER) && item >= -BigInt(Number.MAX_SAFE_INTEGER)) return Number(item)
    if (!rawJson) throw new Error(`This Node.js cannot write ${item} exactly in JSON; run the app on Node.js 22 or later.`)
    return rawJson(item.toString())
  })
}

/** An exact version as a request body carries it: a JSON number with every digit. */
export function jsonVersion(version: ExactInt): bigint {
  return BigInt(version)
}

/** `value` as an exact integer if it is a whole, non-negative number (a safe one, or a bigint from `parseExactJson`), else null. */
export function count(value: unknown): ExactInt | null {
  if (typeof value === 'bigint') return value >= 0n ? value.toString() : null
  return isCount(value) ? exactInt(value) : null
}

/** True for a whole, non-negative, safe number. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

/** True for a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
