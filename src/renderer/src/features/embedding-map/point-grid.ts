/**
 * Finds the point nearest a place on the map, for hover and click: the points sorted
 * into a square grid over their box once per set of positions (a counting sort, a few
 * milliseconds for 100,000 points), then only the cells within the search radius are
 * looked at. This replaces a GPU picking pass, which drew every point again and read
 * pixels back on each pointer move.
 */

/** About this many points per cell on average. */
const POINTS_PER_CELL = 4

export class PointGrid {
  readonly #positions: Float32Array
  readonly #minX: number
  readonly #minY: number
  readonly #cell: number
  readonly #columns: number
  readonly #rows: number
  /** Where each cell's points start in `#order`; one more entry than cells. */
  readonly #starts: Int32Array
  readonly #order: Int32Array

  /** `positions`: x, y per point; points with a non-finite coordinate are left out. */
  constructor(positions: Float32Array) {
    this.#positions = positions
    const n = positions.length >> 1
    let minX = Infinity
    let minY = Infinity
    let maxX = -Infinity
    let maxY = -Infinity
    for (let i = 0; i < n; i++) {
      const x = positions[i * 2]!
      const y = positions[i * 2 + 1]!
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue
      if (x < minX) minX = x
      if (x > maxX) maxX = x
      if (y < minY) minY = y
      if (y > maxY) maxY = y
    }
    const finite = Number.isFinite(minX)
    const side = Math.max(1, Math.ceil(Math.sqrt(n / POINTS_PER_CELL)))
    const span = finite ? Math.max(maxX - minX, maxY - minY) : 0
    this.#minX = finite ? minX : 0
    this.#minY = finite ? minY : 0
    this.#cell = span > 0 ? span / side : 1
    this.#columns = finite ? Math.floor((maxX - this.#minX) / this.#cell) + 1 : 1
    this.#rows = finite ? Math.floor((maxY - this.#minY) / this.#cell) + 1 : 1
    const cells = new Int32Array(n).fill(-1)
    const counts = new Int32Array(this.#columns * this.#rows + 1)
    for (let i = 0; i < n; i++) {
      const cell = this.#cellOf(positions[i * 2]!, positions[i * 2 + 1]!)
      if (cell < 0) continue
      cells[i] = cell
      counts[cell + 1]!++
    }
    for (let c = 1; c < counts.length; c++) counts[c]! += counts[c - 1]!
    this.#starts = counts.slice()
    const order = new Int32Array(counts[counts.length - 1]!)
    for (let i = 0; i < n; i++) if (cells[i]! >= 0) order[counts[cells[i]!]!++] = i
    this.#order = order
  }

  #cellOf(x: number, y: number): number {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return -1
    const column = Math.floor((x - this.#minX) / this.#cell)
    const row = Math.floor((y - this.#minY) / this.#cell)
    if (column < 0 || row < 0 || column >= this.#columns || row >= this.#rows) return -1
    return row * this.#columns + column
  }

  /** The point nearest (x, y) within `radius` (data units), or -1. On a tie, the later point (drawn on top). */
  nearest(x: number, y: number, radius: number): number {
    const c0 = Math.max(0, Math.floor((x - radius - this.#minX) / this.#cell))
    const c1 = Math.min(this.#columns - 1, Math.floor((x + radius - this.#minX) / this.#cell))
    const r0 = Math.max(0, Math.floor((y - radius - this.#minY) / this.#cell))
    const r1 = Math.min(this.#rows - 1, Math.floor((y + radius - this.#minY) / this.#cell))
    let best = -1
    let bestDistance = radius * radius
    for (let row = r0; row <= r1; row++) {
      for (let column = c0; column <= c1; column++) {
        const cell = row * this.#columns + column
        for (let at = this.#starts[cell]!; at < this.#starts[cell + 1]!; at++) {
          const i = this.#order[at]!
          const dx = this.#positions[i * 2]! - x
          const dy = this.#positions[i * 2 + 1]! - y
          const distance = dx * dx + dy * dy
          if (distance < bestDistance || (distance === bestDistance && i > best)) {
            best = i
            bestDistance = distance
          }
        }
      }
    }
    return best
  }
}
