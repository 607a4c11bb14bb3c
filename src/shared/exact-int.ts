/**
 * Versions, row counts and byte sizes as exact integers. Lance keeps them as 64-bit
 * integers, and a catalog may report values past 2^53, where a JavaScript number rounds.
 * They travel as decimal text: Electron's IPC and the browser-mode JSON wire both carry
 * a string unchanged (JSON has no bigint), and a string works as a react-query key.
 * Code turns one into a `bigint` where it needs arithmetic.
 */

/** A non-negative integer written in decimal digits, without leading zeros. */
export type ExactInt = string

const DIGITS = /^(0|[1-9][0-9]*)$/

/** True for a non-negative integer in decimal digits without leading zeros. */
export function isExactInt(value: unknown): value is ExactInt {
  return typeof value === 'string' && DIGITS.test(value)
}

/**
 * The exact text of a non-negative whole number or bigint. Throws for anything else
 * (a fraction, a negative, NaN) rather than write a value that is not a count.
 */
export function exactInt(value: number | bigint): ExactInt {
  if (typeof value === 'number' && !Number.isInteger(value)) throw new RangeError(`${value} is not a whole number`)
  const big = BigInt(value)
  if (big < 0n) throw new RangeError(`${big} is negative`)
  return big.toString()
}

/** Orders two exact integers (negative, zero or positive, as `Array.prototype.sort` wants). */
export function compareExact(a: ExactInt, b: ExactInt): number {
  const difference = BigInt(a) - BigInt(b)
  return difference < 0n ? -1 : difference > 0n ? 1 : 0
}

/** The value with digits grouped for reading (`9,007,199,254,740,993`), every digit kept. */
export function formatExactInt(value: ExactInt): string {
  return BigInt(value).toLocaleString('en-US')
}

/**
 * The nearest JavaScript number: only for layout and ratios (a scroll height, a progress
 * bar, an average), never for a value shown as a count or sent back to a catalog.
 */
export function approximate(value: ExactInt): number {
  return Number(value)
}
