/**
 * Every statistic of a profile, computed by the real engine (pages read through a LanceDB
 * table handle, the worker thread) on a real table in a temp folder, checked against a
 * plain computation over the same values in the test.
 */
import { connectNamespace } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lanceArrow as arrow } from '../../catalog/lance-arrow'
import type { NamespaceClient } from '../../catalog/namespace-client'
import type { ColumnProfile, NumberSummary, TableProfile } from '../../shared/contract/column-profile'
import { openBuiltDirCatalog, type OpenedDirCatalog } from '../../../test-kit/dir-catalog'
import { mulberry32 } from '../../../test-kit/prng'
import { pictureBytes, wavBytes } from '../../../test-kit/media-table'
import { profileTable } from './profile-engine'

const ROWS = 2_000
const MAX_I64 = 9_223_372_036_854_775_807n
const rng = mulberry32(7)

// The values, built once; the table holds exactly these.
const ids = Array.from({ length: ROWS }, (_, i) => i)
const big: (bigint | null)[] = ids.map((i) => (i === 0 ? MAX_I64 : i === 1 ? -MAX_I64 : i % 10 === 3 ? null : BigInt(i) * 1_000_000_007n - 5n))
const score: (number | null)[] = ids.map((i) => (i % 7 === 0 ? null : i % 11 === 0 ? NaN : Math.round((rng.next() * 200 - 50) * 1e6) / 1e6))
const words = ['', 'Amsterdam', "O'Brien", 'naïve', '東京', '🙂 smile', 'x'.repeat(40)]
const name: (string | null)[] = ids.map((i) => (i % 13 === 0 ? null : words[Math.floor(rng.next() ** 2 * words.length)]!))
const flag: (boolean | null)[] = ids.map((i) => (i % 5 === 0 ? null : i % 3 === 0))
// Nanosecond timestamps of 2024 pass 2^53: every digit must survive.
const BASE_NS = 1_704_067_200_000_000_000n
const ts: (bigint | null)[] = ids.map((i) => (i % 17 === 0 ? null : BASE_NS + BigInt(i) * 3_600_000_000_123n + BigInt(i % 3)))
// decimal(12, 2) as unscaled integers.
const price: (bigint | null)[] = ids.map((i) => (i % 9 === 0 ? null : BigInt((i * 7919) % 100_000) - 25_000n))
const vec: (number[] | null)[] = ids.map((i) => {
  if (i % 19 === 0) return null
  if (i === 1) return [0, 0, 0, 0]
  if (i === 2) return [NaN, 1, 0, 0]
  const v = [rng.next() - 0.5, rng.next() - 0.5, rng.next() - 0.5, rng.next() - 0.5]
  const n = Math.hypot(...v)
  return i % 2 === 0 ? v.map((x) => x / n) : v
})
const tags: (string[] | null)[] = ids.map((i) => (i % 23 === 0 ? null : Array.from({ length: i % 4 }, (_, k) => `t${k}`)))

function decimalVector(values: readonly (bigint | null)[]): ReturnType<typeof arrow.makeVector> {
  const words = new Uint32Array(values.length * 4)
  const validity = new Uint8Array(Math.ceil(values.length / 8))
  values.forEach((value, i) => {
    if (value === null) return
    validity[i >> 3]! |= 1 << (i & 7)
    let v = BigInt.asUintN(128, value)
    for (let w = 0; w < 4; w++) {
      words[i * 4 + w] = Number(v & 0xffffffffn)
      v >>= 32n
    }
  })
  const nulls = values.filter((v) => v === null).length
  return arrow.makeVector(
    arrow.makeData({ type: new arrow.Decimal(2, 12, 128), length: values.length, nullCount: nulls, nullBitmap: validity, data: words } as never)
  )
}

async function buildTable(root: string, binary: (Uint8Array | null)[]): Promise<void> {
  const db = await connectNamespace('dir', { root })
  const vectorType = new arrow.FixedSizeList(4, new arrow.Field('item', new arrow.Float32(), true))
  const loose = new arrow.Table({
    id: arrow.vectorFromArray(ids, new arrow.Int32()),
    big: arrow.vectorFromArray(big, new arrow.Int64()),
    score: arrow.vectorFromArray(score, new arrow.Float64()),
    name: arrow.vectorFromArray(name, new arrow.Utf8()),
    flag: arrow.vectorFromArray(flag, new arrow.Bool()),
    ts: arrow.makeVector(
      arrow.vectorFromArray(
        ts.map((t) => (t === null ? null : 0)),
        new arrow.TimestampNanosecond()
      ).data[0]!
    ),
    price: decimalVector(price),
    vec: arrow.vectorFromArray(vec, vectorType),
    tags: arrow.vectorFromArray(tags, new arrow.List(new arrow.Field('item', new arrow.Utf8(), true))),
    nothing: arrow.vectorFromArray(
      ids.map(() => null),
      new arrow.Int32()
    ),
    same: arrow.vectorFromArray(
      ids.map(() => 42),
      new arrow.Int32()
    ),
    bin: arrow.vectorFromArray(binary, new arrow.Binary())
  })
  // Nanosecond timestamps written straight into the buffer (the builder takes milliseconds).
  const tsData = loose.getChild('ts')!.data[0]!
  ts.forEach((t, i) => {
    if (t !== null) (tsData.values as BigInt64Array)[i] = t
  })
  const schema = new arrow.Schema(loose.schema.fields.map((f) => new arrow.Field(f.name, f.type, true)))
  const table = new arrow.Table(
    schema,
    loose.batches.map((batch) => new arrow.RecordBatch(schema, batch.data))
  )
  ;(await db.createTable('profiled', table)).close()
  ;(
    await db.createTable(
      'empty',
      new arrow.Table(new arrow.Schema([new arrow.Field('x', new arrow.Int64(), true), new arrow.Field('s', new arrow.Utf8(), true)]))
    )
  ).close()
  db.close()
}

// --- The independent computation ---------------------------------------------------------

/** The lower middle value at rank floor(q (n - 1)) of sorted values. */
function quantile<T>(sorted: readonly T[], q: number): T {
  return sorted[Math.floor(q * (sorted.length - 1))]!
}

function sortedBig(values: readonly bigint[]): bigint[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

function meanStd(values: readonly number[]): { mean: number; std: number } {
  const mean = values.reduce((s, v) => s + v, 0) / values.length
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1)
  return { mean, std: Math.sqrt(variance) }
}

function column(profile: TableProfile, name: string): ColumnProfile {
  const found = profile.columns.find((c) => c.name === name)
  if (!found) throw new Error(`no column ${name}`)
  return found
}

function numbers(profile: ColumnProfile): NumberSummary {
  const d = profile.detail
  if (d.kind === 'number') return d.numbers
  throw new Error(`${profile.name} is ${d.kind}`)
}

function codePoints(text: string): number {
  return [...text].length
}

describe('column profile engine on a LanceDB table', () => {
  let catalog: OpenedDirCatalog
  let client: NamespaceClient
  let profile: TableProfile
  let binary: (Uint8Array | null)[]

  beforeAll(async () => {
    const png = await pictureBytes('png', 16, 16)
    const wav = wavBytes(0.05)
    binary = ids.map((i) => (i % 3 === 0 ? null : i % 3 === 1 ? png : wav))
    catalog = await openBuiltDirCatalog('lcb-profile-engine', (root) => buildTable(root, binary))
    client = catalog.client
    profile = await profileTable(client.table({ namespace: [], name: 'profiled' }), {})
  }, 60_000)

  afterAll(() => catalog.close())

  it('profiles every row exactly and says which version', () => {
    expect(profile.mode).toBe('exact')
    expect(profile.rowsRead).toBe(ROWS)
    expect(profile.totalRows).toBe(String(ROWS))
    expect(profile.version).toBe('1')
    expect(profile.columns.map((c) => c.name)).toEqual(['id', 'big', 'score', 'name', 'flag', 'ts', 'price', 'vec', 'tags', 'nothing', 'same', 'bin'])
  })

  it('counts nulls and their share in every column', () => {
    const nulls: Record<string, number> = {
      big: big.filter((v) => v === null).length,
      score: score.filter((v) => v === null).length,
      name: name.filter((v) => v === null).length,
      flag: flag.filter((v) => v === null).length,
      ts: ts.filter((v) => v === null).length,
      price: price.filter((v) => v === null).length,
      vec: vec.filter((v) => v === null).length,
      tags: tags.filter((v) => v === null).length,
      nothing: ROWS,
      same: 0,
      bin: binary.filter((v) => v === null).length
    }
    for (const [name, count] of Object.entries(nulls)) {
      const c = column(profile, name)
      expect(c.count, name).toBe(ROWS)
      expect(c.nulls, name).toBe(count)
      expect(c.nullPercent, name).toBeCloseTo((100 * count) / ROWS, 10)
    }
  })

  it('keeps every digit of int64 values out to ±(2^63 - 1)', () => {
    const values = sortedBig(big.filter((v): v is bigint => v !== null))
    const n = numbers(column(profile, 'big'))
    expect(n.min).toBe((-MAX_I64).toString())
    expect(n.max).toBe(MAX_I64.toString())
    expect([n.q25, n.q50, n.q75]).toEqual([0.25, 0.5, 0.75].map((q) => quantile(values, q).toString()))
    expect(n.quantiles).toBe('exact')
    const { mean, std } = meanStd(values.map(Number))
    expect(n.mean! / mean).toBeCloseTo(1, 6)
    expect(n.std! / std).toBeCloseTo(1, 6)
    expect(column(profile, 'big').distinct).toEqual({ value: new Set(values).size, method: 'exact' })
    // Integer bins: each value in exactly one, edges exact.
    const bins = n.histogram!.bins
    expect(bins.reduce((s, b) => s + b.count, 0)).toBe(values.length)
    expect(bins[0]!.low).toBe((-MAX_I64).toString())
    expect(BigInt(bins[bins.length - 1]!.high)).toBe(MAX_I64 + 1n)
    for (const bin of bins) expect(bin.count).toBe(values.filter((v) => v >= BigInt(bin.low) && v < BigInt(bin.high)).length)
  })

  it('counts NaN apart from nulls in floats and summarises the rest', () => {
    const c = column(profile, 'score')
    const d = c.detail
    if (d.kind !== 'number') throw new Error(d.kind)
    const finite = score.filter((v): v is number => v !== null && !Number.isNaN(v))
    expect(d.nan).toBe(score.filter((v) => v !== null && Number.isNaN(v)).length)
    expect(d.nan).toBeGreaterThan(0)
    const sorted = [...finite].sort((a, b) => a - b)
    const n = d.numbers
    expect(n.count).toBe(finite.length)
    expect(Number(n.min)).toBe(sorted[0])
    expect(Number(n.max)).toBe(sorted[sorted.length - 1])
    const { mean, std } = meanStd(finite)
    expect(n.mean).toBeCloseTo(mean, 9)
    expect(n.std).toBeCloseTo(std, 9)
    expect([n.q25, n.q50, n.q75].map(Number)).toEqual([0.25, 0.5, 0.75].map((q) => quantile(sorted, q)))
    expect(c.distinct).toEqual({ value: new Set(finite).size, method: 'exact' })
    expect(n.histogram!.bins).toHaveLength(20)
    for (const [k, bin] of n.histogram!.bins.entries()) {
      const low = Number(bin.low)
      const high = Number(bin.high)
      const last = k === 19
      expect(bin.count).toBe(finite.filter((v) => v >= low && (last ? v <= high : v < high)).length)
      expect(bin.filter).toBe(`\`score\` >= ${bin.low} AND \`score\` ${last ? '<=' : '<'} ${bin.high}`)
    }
  })

  it('profiles strings: top values, empty strings, lengths in characters, distinct', () => {
    const c = column(profile, 'name')
    const d = c.detail
    if (d.kind !== 'string') throw new Error(d.kind)
    const present = name.filter((v): v is string => v !== null)
    const counts = new Map<string, number>()
    for (const v of present) counts.set(v, (counts.get(v) ?? 0) + 1)
    const expected = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10)
    expect(d.top.map((t) => [t.value, t.count])).toEqual(expected)
    expect(d.topExact).toBe(true)
    expect(d.top.find((t) => t.value === "O'Brien")?.filter).toBe("`name` = 'O''Brien'")
    expect(d.empty).toBe(present.filter((v) => v === '').length)
    const lengths = present.map(codePoints).sort((a, b) => a - b)
    expect(d.lengths.min).toBe(String(lengths[0]))
    expect(d.lengths.max).toBe(String(lengths[lengths.length - 1]))
    expect(d.lengths.mean).toBeCloseTo(meanStd(lengths).mean, 9)
    expect(c.distinct).toEqual({ value: counts.size, method: 'exact' })
  })

  it('splits booleans', () => {
    const d = column(profile, 'flag').detail
    expect(d).toEqual({
      kind: 'boolean',
      trueCount: flag.filter((v) => v === true).length,
      falseCount: flag.filter((v) => v === false).length,
      trueFilter: '`flag` = true',
      falseFilter: '`flag` = false'
    })
  })

  it('keeps nanosecond timestamps exact and filters bins with timestamp literals', () => {
    const values = sortedBig(ts.filter((v): v is bigint => v !== null))
    const n = numbers(column(profile, 'ts'))
    expect(n.domain).toBe('timestamp')
    expect(n.unit).toBe('ns')
    expect(n.min).toBe(values[0]!.toString())
    expect(n.max).toBe(values[values.length - 1]!.toString())
    expect(n.q50).toBe(quantile(values, 0.5).toString())
    const first = values[0]!
    const iso = `${new Date(Number(first / 1_000_000n)).toISOString().slice(0, 19).replace('T', ' ')}.${(first % 1_000_000_000n).toString().padStart(9, '0')}`
    expect(n.histogram!.bins[0]!.filter).toMatch(new RegExp(`^\`ts\` >= TIMESTAMP '${iso}' AND \`ts\` <= TIMESTAMP '2024-`))
    for (const bin of n.histogram!.bins) expect(bin.count).toBe(values.filter((v) => v >= BigInt(bin.low) && v < BigInt(bin.high)).length)
  })

  it('hands the grid filters that select exactly the counted rows', async () => {
    const handle = client.table({ namespace: [], name: 'profiled' })
    const ts = numbers(column(profile, 'ts')).histogram!.bins
    const score = numbers(column(profile, 'score')).histogram!.bins
    const big = numbers(column(profile, 'big')).histogram!.bins
    const d = column(profile, 'name').detail
    if (d.kind !== 'string') throw new Error(d.kind)
    const picks = [ts[0]!, ts[7]!, score[3]!, score[19]!, big[0]!, big[19]!, ...d.top.slice(0, 4)]
    for (const pick of picks) expect([pick.filter, await handle.countRows(pick.filter!)]).toEqual([pick.filter, String(pick.count)])
  })

  it('profiles decimals at their scale', () => {
    const values = sortedBig(price.filter((v): v is bigint => v !== null))
    const n = numbers(column(profile, 'price'))
    const text = (v: bigint): string => {
      const negative = v < 0n
      const digits = (negative ? -v : v).toString().padStart(3, '0')
      return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`
    }
    expect(n.domain).toBe('decimal')
    expect(n.scale).toBe(2)
    expect(n.min).toBe(text(values[0]!))
    expect(n.max).toBe(text(values[values.length - 1]!))
    expect(n.q25).toBe(text(quantile(values, 0.25)))
    expect(n.mean).toBeCloseTo(meanStd(values.map(Number)).mean / 100, 6)
  })

  it('profiles vectors: dimension, norms, zero and NaN vectors, not normalised', () => {
    const d = column(profile, 'vec').detail
    if (d.kind !== 'vector') throw new Error(d.kind)
    const present = vec.filter((v): v is number[] => v !== null)
    const f32 = present.map((v) => Array.from(new Float32Array(v)))
    const norms = f32.map((v) => Math.hypot(...v)).filter((n) => !Number.isNaN(n))
    expect(d.dimension).toBe(4)
    expect(d.nanVectors).toBe(1)
    expect(d.zeroVectors).toBe(1)
    expect(d.normalised).toBe(false)
    expect(d.norms.count).toBe(norms.length)
    expect(Number(d.norms.max)).toBeCloseTo(Math.max(...norms), 6)
    expect(d.norms.mean).toBeCloseTo(meanStd(norms).mean, 6)
  })

  it('profiles list lengths', () => {
    const d = column(profile, 'tags').detail
    if (d.kind !== 'list') throw new Error(d.kind)
    const lengths = tags.filter((v): v is string[] => v !== null).map((v) => v.length)
    expect(d.lengths.min).toBe('0')
    expect(d.lengths.max).toBe('3')
    expect(d.lengths.mean).toBeCloseTo(meanStd(lengths).mean, 9)
    expect(d.lengths.histogram!.bins.map((b) => b.count)).toEqual([0, 1, 2, 3].map((k) => lengths.filter((l) => l === k).length))
  })

  it('gives an all-null column no range and a single-value column one value', () => {
    const nothing = column(profile, 'nothing')
    expect(numbers(nothing)).toMatchObject({ count: 0, min: null, max: null, mean: null, histogram: null })
    expect(nothing.distinct).toEqual({ value: 0, method: 'exact' })
    const same = numbers(column(profile, 'same'))
    expect(same).toMatchObject({ min: '42', max: '42', q25: '42', q75: '42', mean: 42, std: 0 })
    expect(same.histogram!.bins).toEqual([{ low: '42', high: '43', count: ROWS, filter: '`same` >= 42 AND `same` <= 42' }])
    expect(column(profile, 'same').distinct).toEqual({ value: 1, method: 'exact' })
  })

  it('profiles bytes from sizes and first bytes', () => {
    const d = column(profile, 'bin').detail
    if (d.kind !== 'bytes') throw new Error(d.kind)
    const present = binary.filter((v): v is Uint8Array => v !== null)
    const sizes = present.map((v) => v.length)
    expect(d.sizes.min).toBe(String(Math.min(...sizes)))
    expect(d.sizes.max).toBe(String(Math.max(...sizes)))
    expect(d.media).toEqual([
      { type: 'image/png', count: present.filter((v) => v[0] === 0x89).length },
      { type: 'audio/wav', count: present.filter((v) => v[0] === 0x52).length }
    ])
  })

  it('profiles an empty table', async () => {
    const empty = await profileTable(client.table({ namespace: [], name: 'empty' }), {})
    expect(empty).toMatchObject({ mode: 'exact', rowsRead: 0, totalRows: '0' })
    expect(empty.columns.map((c) => [c.name, c.count, c.nulls])).toEqual([
      ['x', 0, 0],
      ['s', 0, 0]
    ])
  })

  it('profiles only the rows a filter selects, and only the columns asked for', async () => {
    const filtered = await profileTable(client.table({ namespace: [], name: 'profiled' }), { filter: 'id < 100', columns: ['score', 'id'] })
    expect(filtered.columns.map((c) => c.name)).toEqual(['id', 'score'])
    expect(filtered.totalRows).toBe('100')
    expect(numbers(column(filtered, 'id'))).toMatchObject({ min: '0', max: '99', count: 100 })
  })

  it('profiles a sample past the exact bound, and every row when asked for exactly', async () => {
    const handle = client.table({ namespace: [], name: 'profiled' })
    // One block of 2,048 rows of the 2,000: the whole table, read as a sample.
    const sampled = await profileTable(handle, { columns: ['id', 'same'] }, { exactRows: 1_000, sampleRows: 500, random: mulberry32(11).next })
    expect(sampled).toMatchObject({ mode: 'sample', rowsRead: ROWS, totalRows: String(ROWS) })
    expect(sampled.samplingMethod).toMatch(/2,048-row blocks chosen uniformly at random/)
    expect(numbers(column(sampled, 'same'))).toMatchObject({ count: ROWS, min: '42', max: '42' })
    const exact = await profileTable(handle, { columns: ['id'], exact: true }, { exactRows: 1_000, sampleRows: 500 })
    expect(exact).toMatchObject({ mode: 'exact', rowsRead: ROWS, samplingMethod: null })
  })

  it('profiles a table read in several pages as the sum of its pages', async () => {
    const n = 60_000
    const db = await connectNamespace('dir', { root: catalog.root })
    const words = ['a', 'b', 'c', "d'", 'é']
    const wide = new arrow.Table({
      n: arrow.vectorFromArray(
        Array.from({ length: n }, (_, i) => (i * 7919) % n),
        new arrow.Int32()
      ),
      w: arrow.vectorFromArray(
        Array.from({ length: n }, (_, i) => (i % 11 === 0 ? null : words[i % 5]!)),
        new arrow.Utf8()
      ),
      x: arrow.vectorFromArray(
        Array.from({ length: n }, (_, i) => i / 4),
        new arrow.Float64()
      )
    })
    ;(await db.createTable('wide', wide)).close()
    db.close()
    const answer = await profileTable(client.table({ namespace: [], name: 'wide' }), {})
    expect(answer.columns.map((c) => c.name)).toEqual(['n', 'w', 'x'])
    expect(numbers(column(answer, 'n'))).toMatchObject({ count: n, min: '0', max: String(n - 1), q50: String(Math.floor((n - 1) / 2)) })
    expect(column(answer, 'n').distinct).toEqual({ value: n, method: 'exact' })
    const w = column(answer, 'w')
    const present = Array.from({ length: n }, (_, i) => i).filter((i) => i % 11 !== 0)
    expect(w.nulls).toBe(n - present.length)
    if (w.detail.kind !== 'string') throw new Error(w.detail.kind)
    expect(Object.fromEntries(w.detail.top.map((t) => [t.value, t.count]))).toEqual(
      Object.fromEntries(words.map((word, k) => [word, present.filter((i) => i % 5 === k).length]))
    )
    expect(numbers(column(answer, 'x'))).toMatchObject({ count: n, min: '0', max: String((n - 1) / 4) })
  })

  it('stops a sample read three blocks at a time when cancelled, and the next profile runs', async () => {
    const handle = client.table({ namespace: [], name: 'wide' })
    const controller = new AbortController()
    const cancelled = profileTable(
      handle,
      {},
      { exactRows: 1_000, sampleRows: 30_000, signal: controller.signal, onProgress: (read) => (read > 0 ? controller.abort() : undefined) }
    )
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' })
    const again = await profileTable(handle, { columns: ['n'] }, { exactRows: 1_000, sampleRows: 30_000 })
    // 15 blocks of 2,048 rows; the table's last block holds the 608 rows after 29 blocks.
    expect(again.mode).toBe('sample')
    expect([15 * 2048, 14 * 2048 + (60_000 - 29 * 2048)]).toContain(again.rowsRead)
    expect(numbers(column(again, 'n')).count).toBe(again.rowsRead)
  })

  it('reads a uniform sample of blocks past the exact bound', async () => {
    const { sampleWindows, chooseDistinct } = await import('./table-sample')
    const windows = sampleWindows(48_210_334, 100_000, mulberry32(3).next)
    // 49 blocks of 2,048 rows.
    expect(windows.reduce((s, w) => s + w.limit, 0)).toBe(49 * 2048)
    for (const w of windows) expect(w.offset % 2048).toBe(0)
    // Every block equally likely: 20,000 draws of 10 of 100 blocks.
    const hits = new Array<number>(100).fill(0)
    const r = mulberry32(9)
    for (let k = 0; k < 20_000; k++) for (const b of chooseDistinct(100, 10, r.next)) hits[b]!++
    for (const h of hits) expect(Math.abs(h - 2_000)).toBeLessThan(250)
  })
})
