/**
 * What a vector's numbers add up to, for the value viewer: its dimension, Euclidean norm,
 * smallest and largest value and how many are NaN (NaN and the infinities left out of the
 * others, so one bad number does not hide the rest).
 */

/** A vector's figures; min and max are null when no number is finite. */
export interface VectorStats {
  readonly dimension: number
  readonly norm: number
  readonly min: number | null
  readonly max: number | null
  readonly nanCount: number
}

/** The figures of `values`. */
export function vectorStats(values: readonly number[]): VectorStats {
  let sumOfSquares = 0
  let min: number | null = null
  let max: number | null = null
  let nanCount = 0
  for (const value of values) {
    if (Number.isNaN(value)) {
      nanCount++
      continue
    }
    if (!Number.isFinite(value)) continue
    sumOfSquares += value * value
    min = min === null ? value : Math.min(min, value)
    max = max === null ? value : Math.max(max, value)
  }
  return { dimension: values.length, norm: Math.sqrt(sumOfSquares), min, max, nanCount }
}

/**
 * The points of a sparkline of `values` in a `width` x `height` box (y grows downwards), one
 * per value, as an SVG polyline's `points`; values that are not finite are left out.
 */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  const { min, max } = vectorStats(values)
  if (min === null || max === null) return ''
  const span = max - min || 1
  const step = values.length > 1 ? width / (values.length - 1) : 0
  const points: string[] = []
  values.forEach((value, i) => {
    if (!Number.isFinite(value)) return
    const y = max === min ? height / 2 : height - ((value - min) / span) * height
    points.push(`${round(i * step)},${round(y)}`)
  })
  return points.join(' ')
}

function round(n: number): number {
  return Math.round(n * 100) / 100
}
