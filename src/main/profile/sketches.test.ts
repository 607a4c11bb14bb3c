/** The approximate parts of a profile against exact answers: HyperLogLog, the quantile sketch, Space-Saving, the spill past the bounds. */
import { describe, expect, it } from 'vitest'
import { mulberry32 } from '../../../test-kit/prng'
import { HyperLogLog, HLL_ERROR } from './hyperloglog'
import { QuantileSketch } from './ddsketch'
import { kthLargest, TopValues } from './top-values'
import { NumberStream, sortDoubles } from './number-stats'

const PLAIN = { text: (v: number | bigint) => String(v), filter: null }

describe('HyperLogLog', () => {
  it('states a 1.6% standard error for 2^12 registers', () => {
    expect(HLL_ERROR).toBeCloseTo(0.01625, 5)
  })

  it.each([
    ['integers', 1_000_000, (i: number, h: HyperLogLog) => h.addNumber(i)],
    ['strings', 300_000, (i: number, h: HyperLogLog) => h.addString(`user-${i}@example.com`)],
    ['64-bit integers', 300_000, (i: number, h: HyperLogLog) => h.addBigInt(9_000_000_000_000_000_000n - BigInt(i) * 7n)],
    ['small sets', 1_000, (i: number, h: HyperLogLog) => h.addNumber(i / 3)]
  ])('counts %s within three standard errors', (_, n, add) => {
    const h = new HyperLogLog()
    // Every value twice: duplicates must not count.
    for (let i = 0; i < n; i++) add(i, h)
    for (let i = 0; i < n; i++) add(i, h)
    expect(Math.abs(h.estimate() / n - 1)).toBeLessThan(3 * HLL_ERROR)
  })

  it('switches from exact string counts to the estimate past the bound', () => {
    const top = new TopValues(1_000)
    for (let i = 0; i < 1_000; i++) top.add(`v${i}`)
    expect(top.distinct()).toEqual({ value: 1_000, method: 'exact' })
    for (let i = 0; i < 50_000; i++) top.add(`v${i % 20_000}`)
    const r = top.distinct()
    expect(r.method).toBe('approximate')
    expect(Math.abs(r.value / 20_000 - 1)).toBeLessThan(3 * HLL_ERROR)
  })

  it('counts distinct numbers exactly from the kept values, then estimates them past the bound', () => {
    const kept = new NumberStream(false, false, 100_000)
    for (let i = 0; i < 50_000; i++) kept.add(i % 30_000 === 0 ? -0 : (i % 30_000) / 7)
    expect(kept.finish(PLAIN).distinct).toEqual({ value: 30_000, method: 'exact' })
    const spilled = new NumberStream(true, false, 1_000)
    for (let i = 0; i < 200_000; i++) {
      if (i % 2) spilled.add(i % 60_000)
      else spilled.addBig(2n ** 60n + BigInt(i % 40_000))
    }
    const r = spilled.finish(PLAIN).distinct
    expect(r.method).toBe('approximate')
    // 30,000 odd numbers below 60,000 and 20,000 values past 2^60.
    expect(Math.abs(r.value / 50_000 - 1)).toBeLessThan(3 * HLL_ERROR)
  })
})

describe('integers counted per value', () => {
  /** Quantiles, distinct values and bins of `values` by sorting a plain array, independently of the stream. */
  function bySorting(values: readonly number[], bins: readonly { low: string; high: string }[]) {
    const sorted = [...values].sort((a, b) => a - b)
    const at = (q: number): string => String(sorted[Math.floor(q * (sorted.length - 1))])
    return {
      q: [at(0.25), at(0.5), at(0.75)],
      distinct: new Set(values).size,
      counts: bins.map(({ low, high }) => values.filter((v) => v >= Number(low) && v < Number(high)).length)
    }
  }

  it('gives the quantiles, distinct values and bins that sorting gives, over narrow and wide spans', () => {
    const rng = mulberry32(11)
    const cases: [string, number[]][] = [
      ['0..999', Array.from({ length: 20_000 }, () => rng.int(1000))],
      ['negative, skewed', Array.from({ length: 9_999 }, () => -500 + Math.floor(rng.next() ** 3 * 700))],
      ['one value', Array.from({ length: 7 }, () => 42)],
      ['each value once, every other integer', Array.from({ length: 30_000 }, (_, i) => i * 2 - 1_000)],
      ['span past 2^16 with few values (sorted instead)', Array.from({ length: 1_000 }, () => rng.int(10_000_000))],
      ['a span as wide as the values', Array.from({ length: 70_000 }, (_, i) => i * 2)]
    ]
    for (const [name, values] of cases) {
      const stream = new NumberStream(true, false, 1_000_000)
      for (const v of values) stream.add(v)
      const r = stream.finish(PLAIN)
      const truth = bySorting(values, r.histogram!.bins)
      expect([r.q25, r.q50, r.q75], name).toEqual(truth.q)
      expect(r.distinct, name).toEqual({ value: truth.distinct, method: 'exact' })
      expect(
        r.histogram!.bins.map((bin) => bin.count),
        name
      ).toEqual(truth.counts)
      expect(
        truth.counts.reduce((a, b) => a + b, 0),
        name
      ).toBe(values.length)
    }
  })
})

describe('quantile sketch', () => {
  it('answers quantiles within 1% of the exact value', () => {
    const rng = mulberry32(1)
    const values = Array.from({ length: 200_000 }, () => (rng.next() - 0.3) * 1e6 * rng.next())
    const sketch = new QuantileSketch(0.01)
    for (const v of values) sketch.add(v)
    const sorted = [...values].sort((a, b) => a - b)
    for (const q of [0.01, 0.25, 0.5, 0.75, 0.99]) {
      const exact = sorted[Math.floor(q * (sorted.length - 1))]!
      expect(Math.abs(sketch.quantile(q)! - exact)).toBeLessThanOrEqual(0.0101 * Math.abs(exact))
    }
  })

  it('moves a number stream to the sketch past its bound and says so', () => {
    const stream = new NumberStream(false, false, 1_000)
    for (let i = 1; i <= 10_000; i++) stream.add(i)
    const stats = stream.finish(PLAIN)
    expect(stats).toMatchObject({ count: 10_000, min: '1', max: '10000', quantiles: 'sketch', histogram: { method: 'sketch' } })
    expect(Math.abs(Number(stats.q50) / 5_000 - 1)).toBeLessThan(0.011)
    expect(stats.histogram!.bins.reduce((s, b) => s + b.count, 0)).toBe(10_000)
    expect(stats.mean).toBeCloseTo(5_000.5, 6)
  })

  it('keeps 64-bit integers exact past 2^53 once one comes', () => {
    const stream = new NumberStream(true, false, 100)
    stream.add(5)
    stream.addBig(2n ** 62n + 1n)
    stream.add(-3)
    const stats = stream.finish(PLAIN)
    expect(stats).toMatchObject({ min: '-3', max: '4611686018427387905', q50: '5', quantiles: 'exact' })
  })
})

describe('top values', () => {
  it('counts exactly up to the bound, then keeps the heavy hitters with upper-bound counts', () => {
    const top = new TopValues(500)
    const rng = mulberry32(5)
    const truth = new Map<string, number>()
    for (let i = 0; i < 200_000; i++) {
      // A few heavy values among many rare ones.
      const value = rng.chance(0.3) ? `heavy-${rng.int(5)}` : `rare-${rng.int(100_000)}`
      truth.set(value, (truth.get(value) ?? 0) + 1)
      top.add(value)
    }
    expect(top.exact).toBe(false)
    const found = top.top(5)
    expect(found.map((f) => f.value).sort()).toEqual(['heavy-0', 'heavy-1', 'heavy-2', 'heavy-3', 'heavy-4'])
    for (const f of found) expect(f.count).toBeGreaterThanOrEqual(truth.get(f.value)!)
  })
})

describe('exact top values', () => {
  it('tells apart values whose hashes share a key, counting each exactly', () => {
    // 200,000 values over 2^30 keys: about 19 pairs share a key.
    const top = new TopValues(300_000)
    for (let round = 0; round < 3; round++) for (let i = 0; i < 200_000; i++) if (round === 0 || i % (round + 2) === 0) top.add(`value ${i} ü`)
    expect(top.exact).toBe(true)
    expect(top.distinct()).toEqual({ value: 200_000, method: 'exact' })
    // Multiples of 12 are counted three times; ties by value, in string order.
    expect(top.top(3)).toEqual([
      { value: 'value 0 ü', count: 3 },
      { value: 'value 100008 ü', count: 3 },
      { value: 'value 100020 ü', count: 3 }
    ])
  })
})

describe('top values of a column of mostly unique values', () => {
  it('finds the repeated values among unique ones, each count an upper bound close to the truth', () => {
    const top = new TopValues(1_000)
    const truth = new Map<string, number>()
    const rng = mulberry32(11)
    for (let i = 0; i < 300_000; i++) {
      // Unique ids (two bytes of UTF-8 in some), a few values repeated 600 to 3,000 times.
      const value = i % 100 === 0 ? `repeated-${rng.int(5)}` : i % 7 === 0 ? `ü-${i}` : `id-${i}`
      truth.set(value, (truth.get(value) ?? 0) + 1)
      top.add(value)
    }
    expect(top.exact).toBe(false)
    const found = top.top(5)
    expect(found.map((f) => f.value).sort()).toEqual(['repeated-0', 'repeated-1', 'repeated-2', 'repeated-3', 'repeated-4'])
    for (const f of found) {
      expect(f.count).toBeGreaterThanOrEqual(truth.get(f.value)!)
      expect(f.count - truth.get(f.value)!).toBeLessThanOrEqual(3)
    }
    const distinct = top.distinct()
    expect(Math.abs(distinct.value / truth.size - 1)).toBeLessThan(3 * HLL_ERROR)
  })
})

describe('doubles sorted as integers', () => {
  it("orders every kind of double as Float64Array's own sort does", () => {
    const rng = mulberry32(13)
    const odd = [0, -0, 5e-324, -5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, 1, -1, 2 ** 53, -(2 ** 53)]
    const values = Float64Array.from([...odd, ...Array.from({ length: 20_000 }, () => (rng.next() - 0.5) * 10 ** rng.int(30))])
    const expected = values.slice().sort()
    const sorted = sortDoubles(values)
    expect(Array.from(sorted, (v) => (Object.is(v, -0) ? '-0' : String(v)))).toEqual(Array.from(expected, (v) => (Object.is(v, -0) ? '-0' : String(v))))
  })
})

describe('the k-th largest count', () => {
  it('equals the value a descending sort puts at k, with ties, runs and one value', () => {
    const rng = mulberry32(9)
    const cases = [
      Array.from({ length: 8_000 }, () => 1 + rng.int(6)),
      Array.from({ length: 5_001 }, (_, i) => i),
      Array.from({ length: 3_000 }, (_, i) => 3_000 - i),
      Array.from({ length: 2_000 }, () => 4),
      [7]
    ]
    for (const values of cases) {
      const sorted = [...values].sort((a, b) => b - a)
      for (const k of [1, 2, Math.ceil(values.length / 2), values.length]) {
        expect(kthLargest(Float64Array.from(values), k)).toBe(sorted[k - 1])
      }
    }
  })
})

describe('the worker protocol, in-thread', () => {
  it('answers a page it cannot decode with an error value, and a profile after start and pages', async () => {
    const { answerProfileMessage } = await import('./profile-worker')
    const { lanceArrow } = await import('../../catalog/lance-arrow')
    const { Table, Int32, vectorFromArray, tableToIPC } = lanceArrow
    expect(answerProfileMessage({ type: 'start', columns: [{ name: 'n', type: 'int32', bytes: false }] })).toEqual({ type: 'ack' })
    const page = tableToIPC(new Table({ n: vectorFromArray([3, 1, null, 2], new Int32()) }), 'stream')
    // A page cut short: its batch declares more bytes than it holds.
    expect(answerProfileMessage({ type: 'page', arrow: page.subarray(0, page.length - 24) })).toMatchObject({ type: 'error' })
    expect(answerProfileMessage({ type: 'page', arrow: page })).toEqual({ type: 'ack' })
    const result = answerProfileMessage({ type: 'finish' })
    expect(result).toMatchObject({ type: 'result', columns: [{ name: 'n', count: 4, nulls: 1, detail: { numbers: { min: '1', max: '3', q50: '2' } } }] })
  })
})

describe('a histogram past the kept values', () => {
  it('gives no histogram where the values are too close together for the sketch to bin them', () => {
    const stream = new NumberStream(false, false, 1_000)
    for (let i = 0; i < 5_000; i++) stream.add(1 + (i % 7) * 1e-8)
    const stats = stream.finish(PLAIN)
    expect(stats.quantiles).toBe('sketch')
    expect(stats.histogram).toBeNull()
  })
})

describe('the kept-values budget', () => {
  it('shares 32,000,000 kept values between the columns, a million at most and 1,024 at least each', async () => {
    const { keptValuesPerColumn } = await import('./column-accumulators')
    expect(keptValuesPerColumn(10)).toBe(1_000_000)
    expect(keptValuesPerColumn(200)).toBe(160_000)
    expect(keptValuesPerColumn(1_000_000)).toBe(1_024)
  })
})
