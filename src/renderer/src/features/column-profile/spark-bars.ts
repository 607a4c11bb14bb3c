/**
 * The grid header's distribution sparkline, as data: which counts a column's profile draws
 * (a histogram's bins for numbers and times, the top values for strings, the true/false
 * split for booleans, the norms' histogram for vectors, lengths for lists, sizes for
 * bytes) and where each bar goes in a small box. Kept apart from the drawing so a test can
 * read the bars.
 */
import type { ColumnProfile, NumberSummary, TableProfile } from '@shared/contract/column-profile'
import { countText, valueText } from './profile-format'

/** What a sparkline draws: its bars' counts and labels, and what they are of, in words. */
export interface SparkSeries {
  readonly what: string
  /** Whether the bars are bins of a range (else values, most frequent first). */
  readonly bins: boolean
  readonly bars: readonly { readonly label: string; readonly count: number }[]
}

/** One drawn bar, in the sparkline's own units (SPARK_WIDTH x SPARK_HEIGHT). */
export interface SparkRect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly count: number
}

export const SPARK_WIDTH = 100
export const SPARK_HEIGHT = 20
/** The least height of a bar that counts any row, so a rare value still shows. */
const MIN_BAR = 1

function histogramOf(numbers: NumberSummary, what: string): SparkSeries | null {
  const bins = numbers.histogram?.bins ?? []
  if (bins.length === 0) return null
  return {
    bins: true,
    what: `${what} from ${valueText(numbers, numbers.min)} to ${valueText(numbers, numbers.max)}`,
    bars: bins.map((bin) => ({ label: `${valueText(numbers, bin.low)} to ${valueText(numbers, bin.high)}`, count: bin.count }))
  }
}

/** The bars a column's profile draws, or null where it draws none (no values, or a kind without a shape). */
export function sparkSeries(column: ColumnProfile): SparkSeries | null {
  const detail = column.detail
  switch (detail.kind) {
    case 'number':
      return histogramOf(detail.numbers, 'histogram')
    case 'string':
      if (detail.top.length === 0) return null
      return { bins: false, what: `top ${detail.top.length} values`, bars: detail.top.map((top) => ({ label: top.value, count: top.count })) }
    case 'boolean':
      if (detail.trueCount + detail.falseCount === 0) return null
      return {
        bins: false,
        what: 'true and false',
        bars: [
          { label: 'true', count: detail.trueCount },
          { label: 'false', count: detail.falseCount }
        ]
      }
    case 'vector':
      return histogramOf(detail.norms, 'vector norms')
    case 'list':
      return histogramOf(detail.lengths, 'list lengths')
    case 'bytes':
      return histogramOf(detail.sizes, 'sizes in bytes')
    case 'other':
      return null
  }
}

/** Bars side by side over the box's width, each as tall as its share of the largest count. */
export function sparkRects(counts: readonly number[], width = SPARK_WIDTH, height = SPARK_HEIGHT): SparkRect[] {
  const most = Math.max(0, ...counts)
  const step = width / Math.max(1, counts.length)
  const gap = step > 3 ? Math.min(1, step / 4) : 0
  return counts.map((count, k) => {
    const h = count === 0 || most === 0 ? 0 : Math.max(MIN_BAR, (count / most) * height)
    return { x: k * step + gap / 2, y: height - h, width: step - gap, height: h, count }
  })
}

/** What the sparkline says in words, for its tooltip and assistive technology. */
export function sparkDescription(column: ColumnProfile, series: SparkSeries, profile: TableProfile): string {
  const rows = profile.mode === 'exact' ? `all ${BigInt(profile.totalRows).toLocaleString('en-US')} rows` : `a sample of ${countText(profile.rowsRead)} rows`
  const largest = series.bars.reduce((best, bar) => (bar.count > best.count ? bar : best), series.bars[0]!)
  const version = profile.version === null ? '' : `, version ${profile.version}`
  const most = series.bins ? 'fullest bin' : 'most frequent'
  return `${column.name}: ${series.what}; ${most} ${largest.label} (${countText(largest.count)} rows). Of ${rows}${version}.`
}
