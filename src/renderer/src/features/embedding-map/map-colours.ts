/**
 * How a map colours its points: by why a vector could not be placed (no column chosen), by
 * a column's categories (the most frequent ones each a colour, the rest as "other"), or by
 * a column's numbers as a ramp in bins, or by density (how many points crowd each point's
 * place); nulls always apart, in grey. The answer is one palette index per point and a
 * legend.
 */
import type { MapValues } from '@shared/contract/embedding-map'
import { POINT_KINDS } from '@shared/embedding-map-points'

/** Categories that get their own colour; the rest share one. */
export const MAX_CATEGORIES = 10
/** Steps of the numbers' ramp. */
const RAMP_STEPS = 8
/** Squares per side of the grid a map's density is counted in. */
export const DENSITY_CELLS = 64

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
  /** Coloured by density: each point's count of points in its square (null: set apart). */
  readonly density?: readonly (number | null)[]
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

/**
 * Colours by density: each placed point by the number of placed points in its square of a
 * DENSITY_CELLS x DENSITY_CELLS grid over the placed points' box, on the ramp (the
 * crowded places bright); points set apart in grey; with each point's count.
 */
export function coloursByDensity(positions: Float32Array, kinds: Uint8Array): PointColours {
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity]
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] !== 0) continue
    minX = Math.min(minX, positions[i * 2]!)
    maxX = Math.max(maxX, positions[i * 2]!)
    minY = Math.min(minY, positions[i * 2 + 1]!)
    maxY = Math.max(maxY, positions[i * 2 + 1]!)
  }
  const cellOf = (value: number, min: number, max: number): number =>
    max > min ? Math.min(DENSITY_CELLS - 1, Math.floor(((value - min) / (max - min)) * DENSITY_CELLS)) : 0
  const cells = Int32Array.from({ length: kinds.length }, (_, i) =>
    kinds[i] === 0 ? cellOf(positions[i * 2 + 1]!, minY, maxY) * DENSITY_CELLS + cellOf(positions[i * 2]!, minX, maxX) : -1
  )
  const counts = new Uint32Array(DENSITY_CELLS * DENSITY_CELLS)
  for (const cell of cells) if (cell >= 0) counts[cell]!++
  const density = Array.from(cells, (cell) => (cell >= 0 ? counts[cell]! : null))
  const coloured = ramp(density)
  // Grey here is for points with no place, not for null values.
  const legend = coloured.legend.map((entry) => (entry.paletteIndex === RAMP_STEPS ? { ...entry, label: 'Set apart' } : entry))
  return { ...coloured, legend, density }
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
