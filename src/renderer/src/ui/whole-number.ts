/**
 * The rules of the kit's number field as plain functions: what typed text means, the
 * sentence that says what is allowed, and what the arrow keys make of the text.
 */

/** The values a number field takes: whole numbers from `min` to `max`, empty when optional. */
export interface WholeBounds {
  readonly min: number
  readonly max: number
  /** Empty text is allowed and means "no value" (a default applies). */
  readonly optional?: boolean
}

const DIGITS = /^[-+]?\d+$/

/**
 * The value typed text stands for: a whole number within the bounds, null for empty text
 * when that is allowed, undefined when the text is not a value the field takes. Spaces
 * around the digits and thousands separators (",", "_" or spaces) are ignored.
 */
export function parseWhole(text: string, bounds: WholeBounds): number | null | undefined {
  const bare = text.trim().replace(/[,_\s]/g, '')
  if (bare === '') return bounds.optional ? null : undefined
  if (!DIGITS.test(bare)) return undefined
  const value = Number(bare)
  return Number.isSafeInteger(value) && value >= bounds.min && value <= bounds.max ? value : undefined
}

/** What the field takes, said once: "A whole number from 1 to 1,000,000." */
export function wholeRule(bounds: WholeBounds): string {
  const range = `A whole number from ${bounds.min.toLocaleString('en-US')} to ${bounds.max.toLocaleString('en-US')}`
  return `${range}${bounds.optional ? ', or empty for the default' : ''}.`
}

/** The problem with the typed text, or undefined when it is a value the field takes. */
export function wholeProblem(text: string, bounds: WholeBounds): string | undefined {
  return parseWhole(text, bounds) === undefined ? wholeRule(bounds) : undefined
}

/**
 * The text after an arrow key: the value moved by `delta` and held within the bounds.
 * Empty or unreadable text starts from the bound the key points away from (Up from
 * empty gives `min`, Down gives `max`), as a spin box does.
 */
export function stepWhole(text: string, delta: number, bounds: WholeBounds): string {
  const bare = text.trim().replace(/[,_\s]/g, '')
  const current = DIGITS.test(bare) ? Number(bare) : undefined
  if (current === undefined || !Number.isFinite(current)) return String(delta > 0 ? bounds.min : bounds.max)
  return String(Math.min(bounds.max, Math.max(bounds.min, current + delta)))
}
