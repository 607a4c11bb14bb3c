/** The map's colours and its selection's filter: what a reader of the legend and the grid sees. */
import { describe, expect, it } from 'vitest'
import { coloursByDensity, coloursByKind, coloursByValues, DENSITY_CELLS, MAX_CATEGORIES } from './map-colours'
import { keyFilter, MAX_FILTER_KEYS } from './key-filter'
import { insidePolygon } from './lasso'

describe('map colours', () => {
  it('gives the most frequent categories a colour each, the rest one colour, and nulls their own', () => {
    const values = [...Array.from({ length: 12 }, (_, i) => Array.from({ length: 12 - i }, () => `v${i}`)).flat(), null, null]
    const colours = coloursByValues({ column: 'c', kind: 'category', values })
    expect(colours.legend.slice(0, 2)).toEqual([expect.objectContaining({ label: 'v0', count: 12 }), expect.objectContaining({ label: 'v1', count: 11 })])
    expect(colours.legend).toHaveLength(MAX_CATEGORIES + 2)
    expect(colours.legend.at(-2)).toMatchObject({ label: '2 other values', count: 2 + 1 })
    expect(colours.legend.at(-1)).toMatchObject({ label: 'null', count: 2 })
    expect(colours.index[values.length - 1]).toBe(MAX_CATEGORIES + 1)
  })

  it('colours numbers on a ramp from low to high, NaN and null apart', () => {
    const colours = coloursByValues({ column: 'n', kind: 'number', values: [0, 10, 5, null, Number.NaN] })
    expect(colours.index[0]).toBe(0)
    expect(colours.index[1]).toBe(7)
    expect(colours.index[3]).toBe(colours.index[4])
    expect(colours.legend.at(-1)).toMatchObject({ label: 'null or NaN', count: 2 })
  })

  it('colours by density: a crowded place brightest, a lone point darkest, points set apart in grey', () => {
    // 100 points on one spot, 10 spread along the diagonal, one set apart (kind 2).
    const xy: number[] = []
    for (let i = 0; i < 100; i++) xy.push(0.5, 0.5)
    for (let i = 0; i < 10; i++) xy.push(-1 + (i * 2) / 9, -1 + (i * 2) / 9)
    xy.push(0, -1.2)
    const kinds = Uint8Array.from({ length: 111 }, (_, i) => (i === 110 ? 2 : 0))
    const colours = coloursByDensity(Float32Array.from(xy), kinds)
    // The spot's square also holds no diagonal point: 100 in it; each diagonal point alone.
    expect(colours.density?.[0]).toBe(100)
    expect(colours.density?.[100]).toBe(1)
    expect(colours.density?.[110]).toBeNull()
    expect(colours.index[0]).toBe(7)
    expect(colours.index[100]).toBe(0)
    expect(colours.legend.at(-1)).toMatchObject({ label: 'Set apart', count: 1 })
    expect(DENSITY_CELLS).toBe(64)
  })

  it('says why points were set apart', () => {
    const colours = coloursByKind(Uint8Array.from([0, 0, 2, 3, 4]))
    expect(colours.legend.map((entry) => [entry.label, entry.count])).toEqual([
      ['Placed by its vector', 2],
      ['NaN or infinite values', 1],
      ['All zeros', 1],
      ['One repeated value', 1]
    ])
  })
})

describe('selection filter', () => {
  const map = { keyColumn: 'id', keyKind: 'number' as const, keys: ['1', '2', '3'], keysUnique: true, sampled: false }

  it('selects the chosen rows by their keys, quoting text keys', () => {
    expect(keyFilter(map, [0, 2])).toEqual({ filter: '`id` IN (1, 3)' })
    expect(keyFilter({ ...map, keyColumn: 'na`me', keyKind: 'string', keys: ["o'k", 'b', 'c'] }, [0])).toEqual({ filter: "`na``me` IN ('o''k')" })
  })

  it('refuses where the filter would not select exactly those rows, or would be too long', () => {
    expect(keyFilter({ ...map, keysUnique: false, sampled: true }, [0])).toMatchObject({ reason: expect.stringContaining('sample') })
    expect(keyFilter({ ...map, keysUnique: false }, [0])).toMatchObject({ reason: expect.stringContaining('share a value') })
    expect(keyFilter({ ...map, keyColumn: null, keys: null }, [0])).toMatchObject({ reason: expect.stringContaining('no whole-number') })
    expect(
      keyFilter(
        map,
        Array.from({ length: MAX_FILTER_KEYS + 1 }, () => 0)
      )
    ).toMatchObject({ reason: expect.stringContaining('at most') })
  })
})

describe('lasso', () => {
  it('tells points inside a polygon from those outside, a concave one included', () => {
    const l: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [5, 4],
      [0, 10]
    ]
    expect(insidePolygon(5, 2, l)).toBe(true)
    expect(insidePolygon(5, 8, l)).toBe(false)
    expect(insidePolygon(11, 2, l)).toBe(false)
    expect(insidePolygon(9, 8, l)).toBe(true)
  })
})
