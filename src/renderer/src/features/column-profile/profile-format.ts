/**
 * How a profile's values read: integers with grouped digits (every digit kept), floats to
 * six significant digits, decimals as written, timestamps and dates as ISO 8601 text,
 * counts and percentages for people.
 */
import type { NumberSummary } from '@shared/contract/column-profile'
import { temporalText } from '@shared/temporal-format'

/** A count with grouped digits. */
export function countText(count: number): string {
  return count.toLocaleString('en-US')
}

/** A share of 0 to 100 as a percentage, to one decimal (never "0.0%" for a share above zero). */
export function percentText(percent: number): string {
  if (percent > 0 && percent < 0.1) return '<0.1%'
  return `${percent.toFixed(1)}%`
}

/** A float to six significant digits, without trailing zeros. */
export function floatText(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  if (value !== 0 && (Math.abs(value) >= 1e15 || Math.abs(value) < 1e-4)) return value.toExponential(4)
  return value.toLocaleString('en-US', { maximumSignificantDigits: 6 })
}

/** A value of the summary's domain, from its exact text. */
export function valueText(summary: Pick<NumberSummary, 'domain' | 'unit'>, text: string | null): string {
  if (text === null) return '—'
  switch (summary.domain) {
    case 'int':
      return /^-?[0-9]+$/.test(text) ? BigInt(text).toLocaleString('en-US') : text
    case 'float':
      return floatText(Number(text))
    case 'decimal':
      return text
    case 'timestamp':
    case 'date':
      // A space, not ISO's T, so a narrow cell breaks between the date and the time.
      return temporalText(text, summary.unit ?? 'ms').replace('T', ' ')
    case 'time':
    case 'duration':
      return `${BigInt(text).toLocaleString('en-US')} ${summary.unit ?? ''}`.trim()
  }
}

/** A mean or standard deviation of the summary's domain (a float; a time's spread as a duration). */
export function meanText(summary: Pick<NumberSummary, 'domain' | 'unit'>, value: number | null, spread = false): string {
  if (value === null) return '—'
  if (summary.domain === 'timestamp' || summary.domain === 'date') {
    if (spread) return durationText(value * (MS_PER_UNIT[summary.unit ?? 'ms'] ?? 1))
    return temporalText(BigInt(Math.round(value)), summary.unit ?? 'ms').replace('T', ' ')
  }
  return floatText(value)
}

/**
 * An axis end: short enough that both ends fit under a chart. Times as their date (or
 * their time of day when both ends fall on one day), long integers in exponent form.
 */
export function axisText(summary: Pick<NumberSummary, 'domain' | 'unit' | 'min' | 'max'>, text: string | null): string {
  const full = valueText(summary, text)
  if (summary.domain === 'timestamp' || summary.domain === 'date') {
    const sameDay = valueText(summary, summary.min).slice(0, 10) === valueText(summary, summary.max).slice(0, 10)
    return sameDay && full.length > 10 ? full.slice(11) : full.slice(0, 10)
  }
  if (full.length > 12 && text !== null && /^-?[0-9.]+$/.test(text)) return Number(text).toExponential(3)
  return full
}

const MS_PER_UNIT: Readonly<Record<string, number>> = { s: 1000, ms: 1, us: 1e-3, ns: 1e-6, day: 86_400_000 }

/** A span of milliseconds in the largest unit that keeps it at one or more: `105.7 days`, `3.2 h`, `41 ms`. */
export function durationText(ms: number): string {
  const units: readonly [string, number][] = [
    ['days', 86_400_000],
    ['h', 3_600_000],
    ['min', 60_000],
    ['s', 1000],
    ['ms', 1]
  ]
  for (const [name, size] of units) if (Math.abs(ms) >= size) return `${floatText(Math.round((ms / size) * 10) / 10)} ${name}`
  return `${floatText(ms)} ms`
}

/** Whether a summary's values are long enough to need wider cells (timestamps, large integers, decimals). */
export function wideValues(summary: Pick<NumberSummary, 'domain' | 'unit' | 'min' | 'max'>): boolean {
  return [summary.min, summary.max].some((text) => valueText(summary, text).length > 10)
}
