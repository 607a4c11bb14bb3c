/**
 * JSON numbers read with their digits. JSON.parse makes every number a float, which keeps
 * 15 to 17 significant digits: an int64 id such as 9007199254740993 or a decimal such as
 * 12345678901234567.89 would change. Where the runtime hands the reviver each number's
 * source text (Chromium, Electron, Node 21 and later), whole numbers beyond 2^53 become
 * bigints and long fractions become ExactNumbers, which decimal and text columns read digit
 * for digit.
 */

/** A JSON number whose written digits a float cannot hold, with its nearest float. */
export class ExactNumber {
  constructor(
    readonly text: string,
    readonly value: number
  ) {}

  /** The nearest float, where a plain value is needed (JSON.stringify, a float column). */
  toJSON(): number {
    return this.value
  }
}

const WHOLE = /^-?\d+$/

/** JSON.parse with numbers kept as written where a float would change them. */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(text, exactNumbers)
}

function exactNumbers(this: unknown, _key: string, value: unknown, context?: { readonly source?: string }): unknown {
  if (typeof value !== 'number' || context?.source === undefined) return value
  const source = context.source
  if (WHOLE.test(source)) return Number.isSafeInteger(value) ? value : BigInt(source)
  // More than 15 significant digits may not survive a float; keep the text.
  const significant = source
    .replace(/[eE].*$/, '')
    .replace(/[-.]/g, '')
    .replace(/^0+/, '')
  return significant.length > 15 ? new ExactNumber(source, value) : value
}
