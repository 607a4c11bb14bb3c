/**
 * Which rows a profile reads. Every row, or a uniform random sample drawn as whole blocks
 * of SAMPLE_BLOCK consecutive rows at random block-aligned offsets, chosen without
 * replacement: each row is in the sample with the same probability (sample / total), and
 * a sample of 100,000 rows costs 49 reads, not a scan of the table. (DuckDB's system
 * sampling takes whole vectors of 2,048 rows the same way. Blocks of 1,000 rows took 0.9 s
 * for 100,000 rows of bench:profile's table, blocks of 2,048 about 0.55 s.) A reservoir over a
 * full scan would sample rows independently, but would read every row, which is what a
 * sample is there to avoid. The price is clustering: rows of one block are neighbours, so
 * a column sorted or clustered on disk shows more variance between samples than an
 * independent sample of the same size would.
 */

/** Rows in one block of the sample. */
export const SAMPLE_BLOCK = 2_048

/** A window of consecutive rows. */
export interface RowWindow {
  readonly offset: number
  readonly limit: number
}

/** `count` distinct integers from [0, n), uniformly (Floyd's algorithm), in ascending order. */
export function chooseDistinct(n: number, count: number, random: () => number = Math.random): number[] {
  const chosen = new Set<number>()
  for (let j = n - count; j < n; j++) {
    const t = Math.floor(random() * (j + 1))
    chosen.add(chosen.has(t) ? j : t)
  }
  return [...chosen].sort((a, b) => a - b)
}

/** The windows of a sample of about `rows` of `total` rows, in table order (adjacent blocks merged). */
export function sampleWindows(total: number, rows: number, random?: () => number): RowWindow[] {
  const blocks = Math.ceil(total / SAMPLE_BLOCK)
  const wanted = Math.min(blocks, Math.ceil(rows / SAMPLE_BLOCK))
  const windows: { offset: number; limit: number }[] = []
  for (const block of chooseDistinct(blocks, wanted, random)) {
    const offset = block * SAMPLE_BLOCK
    const limit = Math.min(SAMPLE_BLOCK, total - offset)
    const last = windows[windows.length - 1]
    if (last && last.offset + last.limit === offset) last.limit += limit
    else windows.push({ offset, limit })
  }
  return windows
}
