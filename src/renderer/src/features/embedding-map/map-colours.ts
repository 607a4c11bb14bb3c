/**
 * How a map colours its points: by why a vector could not be placed (no column chosen), by
 * a column's categories (the most frequent ones each a colour, the rest as "other"), or by
 * a column's numbers as a ramp in bins; nulls always apart, in grey. The answer is one
 * palette index per point and a legend.
 */
import type { MapValues } from '@shared/contract/embedding-map'
import { POINT_KINDS } from '@shared/embedding-map-points'

/** Categories that get their own colour; the rest share one. */
export const MAX_CATEGORIES = 10
/** Steps of the numbers' ramp. */
const RAMP_STEPS = 8

// The colours are design tokens (tokens.css), named here by their custom properties: the
// legend paints them as CSS, the canvas reads their values (embedding-map.tsx).
// Tableau 10, a palette made to tell categories apart.
const CATEGORY_COLOURS = Array.from({ length: MAX_CATEGORIES }, (_, i) => `--map-category-${i + 1}`)
const OTHER = '--map-other'
const NULL = '--map-null'
// Viridis at RAMP_STEPS even steps, from low to high.
const RAMP = Array.from({ length: RAMP_STEPS }, (_, i) => `--map-ramp-${i + 1}`)
const KIND_COLOURS = ['--map-kind-ok', NULL, '--map-kind-nan', '--map-kind-zero', '--map-kind-constant', '--map-kind-length']
const KIND_LABELS: Readonly<Record<(typeof POINT_KINDS)[number], string>> = {
  ok: 'Placed by its vector',
  null: 'Null vector',
  nan: 'NaN or infinite values',
  zero: 'All zeros',
  constant: 'One repeated value',
  length: 'Wrong length'
}

/** One line of the legend. */
export interface LegendEntry {
  readonly label: string
  /** The colour's custom property (`--map-...`, a design token). */
  readonly colour: string
  readonly count: number
  /** The palette index its points have. */
  readonly paletteIndex: number
}

/** Colours for every point: an index into `palette` (custom properties) per point, and the legend (entries with points only). */
export interface PointColours {
  readonly index: Uint8Array
  readonly palette: readonly string[]
  readonly legend: readonly LegendEntry[]
}

/** Colours by point kind. */
export function coloursByKind(kinds: Uint8Array): PointColours {
  const counts = new Array<number>(POINT_KINDS.length).fill(0)
  for (const kind of kinds) counts[kind]!++
  return {
    index: Uint8Array.from(kinds),
    palette: KIND_COLOURS,
    legend: POINT_KINDS.flatMap((kind, i) =>
      counts[i]! > 0 ? [{ label: KIND_LABELS[kind], colour: KIND_COLOURS[i]!, count: counts[i]!, paletteIndex: i }] : []
    )
  }
}

/** Colours by a column's values. */
export function coloursByValues(values: MapValues): PointColours {
  return values.kind === 'number' ? ramp(values.values as readonly (number | null)[]) : categories(values.values as readonly (string | null)[])
}

function categories(values: readonly (string | null)[]): PointColours {
  const counts = new Map<string, number>()
  let nulls = 0
  for (const value of values) {
    if (value === null) nulls++
    else counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_CATEGORIES)
  const slot = new Map(top.map(([value], i) => [value, i]))
  const otherIndex = MAX_CATEGORIES
  const nullIndex = MAX_CATEGORIES + 1
  const index = Uint8Array.from(values, (value) => (value === null ? nullIndex : (slot.get(value) ?? otherIndex)))
  const others = values.length - nulls - top.reduce((sum, [, n]) => sum + n, 0)
  const legend: LegendEntry[] = top.map(([value, count], i) => ({
    label: value === '' ? '(empty)' : value,
    colour: CATEGORY_COLOURS[i]!,
    count,
    paletteIndex: i
  }))
  if (others > 0)
    legend.push({ label: `${(counts.size - top.length).toLocaleString('en-US')} other values`, colour: OTHER, count: others, paletteIndex: otherIndex })
  if (nulls > 0) legend.push({ label: 'null', colour: NULL, count: nulls, paletteIndex: nullIndex })
  return { index, palette: [...CATEGORY_COLOURS, OTHER, NULL], legend }
}

function ramp(values: readonly (number | null)[]): PointColours {
  let min = Infinity
  let max = -Infinity
  let nulls = 0
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) nulls++
    else {
      min = Math.min(min, value)
      max = Math.max(max, value)
    }
  }
  const span = max - min
  const step = (value: number): number => (span > 0 ? Math.min(RAMP_STEPS - 1, Math.floor(((value - min) / span) * RAMP_STEPS)) : 0)
  const nullIndex = RAMP_STEPS
  const counts = new Array<number>(RAMP_STEPS).fill(0)
  const index = Uint8Array.from(values, (value) => {
    if (value === null || !Number.isFinite(value)) return nullIndex
    const at = step(value)
    counts[at]!++
    return at
  })
  const format = (n: number): string => n.toLocaleString('en-US', { maximumSignificantDigits: 4 })
  const legend: LegendEntry[] = RAMP.flatMap((colour, i) => {
    if (counts[i] === 0) return []
    const low = min + (span * i) / RAMP_STEPS
    const high = min + (span * (i + 1)) / RAMP_STEPS
    return [{ label: span > 0 ? `${format(low)} – ${format(high)}` : format(min), colour, count: counts[i]!, paletteIndex: i }]
  })
  if (nulls > 0) legend.push({ label: 'null or NaN', colour: NULL, count: nulls, paletteIndex: nullIndex })
  return { index, palette: [...RAMP, NULL], legend }
}
