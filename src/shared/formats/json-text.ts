/**
 * JSON text that keeps every digit: JSON.stringify cannot write a bigint, so whole numbers
 * beyond a float's range are carried as RawNumbers and written as their bare digits.
 */

/** A number written with its exact digits (JSON.stringify cannot write a bigint). */
export class RawNumber {
  constructor(readonly digits: string) {}
}

/** JSON text of a converted value, writing RawNumbers as bare digits. */
export function jsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.digits
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** One JSON lines record: an object of `names` to their JSON-ready `values`, ending in LF. */
export function jsonLine(names: readonly string[], values: readonly unknown[]): string {
  return `${jsonText(Object.fromEntries(names.map((name, i) => [name, values[i]])))}\n`
}
