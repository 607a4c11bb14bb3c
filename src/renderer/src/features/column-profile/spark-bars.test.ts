/** The header sparkline's bars: which counts each kind of column draws, and the bars' sizes. */
import { describe, expect, it } from 'vitest'
import type { ColumnProfile, NumberSummary, TableProfile } from '@shared/contract/column-profile'
import { SPARK_HEIGHT, SPARK_WIDTH, sparkDescription, sparkRects, sparkSeries } from './spark-bars'

/** A histogram's summary needs no mean, deviation or quantiles. */
const NO_MOMENTS = { mean: null, std: null, q25: null, q50: null, q75: null } as const

function numbers(counts: readonly number[]): NumberSummary {
  return {
    domain: 'int',
    count: counts.reduce((a, b) => a + b, 0),
    min: '0',
    max: String(counts.length * 10 - 1),
    ...NO_MOMENTS,
    quantiles: 'exact',
    histogram: { method: 'exact', bins: counts.map((count, k) => ({ low: String(k * 10), high: String(k * 10 + 10), count, filter: null })) }
  }
}

function column(detail: ColumnProfile['detail']): ColumnProfile {
  return { name: 'c', type: 't', count: 100, nulls: 0, nullPercent: 0, distinct: null, detail }
}

const profile: TableProfile = {
  version: '3',
  filter: null,
  totalRows: '500000',
  rowsRead: 100_352,
  mode: 'sample',
  samplingMethod: 'blocks',
  columns: [],
  elapsedMs: 1,
  computedAt: '2026-01-01T00:00:00Z',
  cached: false
}

describe('the header sparkline', () => {
  it('draws a number column as its histogram, each bar as tall as its share of the fullest bin', () => {
    const series = sparkSeries(column({ kind: 'number', numbers: numbers([5, 10, 0, 1]), nan: 0, infinite: 0 }))!
    expect(series.bins).toBe(true)
    expect(series.bars.map((bar) => bar.count)).toEqual([5, 10, 0, 1])
    const rects = sparkRects(series.bars.map((bar) => bar.count))
    expect(rects.map((r) => r.height)).toEqual([SPARK_HEIGHT / 2, SPARK_HEIGHT, 0, SPARK_HEIGHT / 10])
    // Bars stand on the bottom edge, side by side across the whole width, in order.
    for (const r of rects) expect(r.y + r.height).toBe(SPARK_HEIGHT)
    expect(rects.map((r) => r.x + r.width / 2)).toEqual([12.5, 37.5, 62.5, 87.5])
    expect(rects.every((r) => r.width > 0 && r.x >= 0 && r.x + r.width <= SPARK_WIDTH)).toBe(true)
  })

  it('keeps a rare bin visible and draws nothing for an empty one', () => {
    const rects = sparkRects([1_000_000, 1, 0])
    expect(rects[1]!.height).toBeGreaterThanOrEqual(1)
    expect(rects[2]!.height).toBe(0)
    expect(sparkRects([0, 0]).map((r) => r.height)).toEqual([0, 0])
  })

  it('draws strings as their top values, booleans as their split, vectors as their norms', () => {
    const strings = sparkSeries(
      column({
        kind: 'string',
        top: [
          { value: 'NL', count: 800, filter: null },
          { value: 'DE', count: 400, filter: null }
        ],
        topExact: true,
        empty: 0,
        lengths: numbers([1])
      })
    )!
    expect(strings.bins).toBe(false)
    expect(strings.bars).toEqual([
      { label: 'NL', count: 800 },
      { label: 'DE', count: 400 }
    ])
    const flags = sparkSeries(column({ kind: 'boolean', trueCount: 3, falseCount: 7, trueFilter: '', falseFilter: '' }))!
    expect(flags.bars.map((bar) => bar.count)).toEqual([3, 7])
    const vectors = sparkSeries(column({ kind: 'vector', dimension: 8, norms: numbers([2, 4]), zeroVectors: 0, nanVectors: 0, normalised: false }))!
    expect(vectors.what).toMatch(/^vector norms from 0 to 19$/)
    expect(vectors.bars.map((bar) => bar.count)).toEqual([2, 4])
  })

  it('draws nothing where there is no shape to draw', () => {
    expect(sparkSeries(column({ kind: 'other' }))).toBeNull()
    expect(sparkSeries(column({ kind: 'boolean', trueCount: 0, falseCount: 0, trueFilter: '', falseFilter: '' }))).toBeNull()
    expect(sparkSeries(column({ kind: 'number', numbers: { ...numbers([]), histogram: null }, nan: 0, infinite: 0 }))).toBeNull()
  })

  it('says in words what it shows and over which rows', () => {
    const c = column({ kind: 'number', numbers: numbers([5, 10]), nan: 0, infinite: 0 })
    expect(sparkDescription(c, sparkSeries(c)!, profile)).toBe(
      'c: histogram from 0 to 19; fullest bin 10 to 20 (10 rows). Of a sample of 100,352 rows, version 3.'
    )
    expect(sparkDescription(c, sparkSeries(c)!, { ...profile, mode: 'exact' })).toMatch(/Of all 500,000 rows, version 3\.$/)
  })
})
