/**
 * Reading numbers and objects out of a catalog's JSON answers.
 */

/** A row count from a bare integer body, or from a `{ "count": n }` object some servers send. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  try {
    const value: unknown = JSON.parse(trimmed)
    return count(value) ?? (isRecord(value) ? count(value['count']) : null)
  } catch {
    return null
  }
}

/** `value` if it is a whole, non-negative, safe number, else null. */
export function count(value: unknown): number | null {
  return isCount(value) ? value : null
}

/** True for a whole, non-negative, safe number. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

/** True for a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
