/**
 * Timing helpers shared by the listing benchmarks: one timed listing checked for its
 * count, the median of a round's figures, and a fixed-width figure for the tables.
 */

/** Lists everything and answers how many names it saw. */
export type Lister = () => Promise<number>

/** Milliseconds one full listing takes; throws if it did not see `expected` names. */
export async function timeListing(list: Lister, expected: number): Promise<number> {
  const started = performance.now()
  const count = await list()
  const elapsed = performance.now() - started
  if (count !== expected) throw new Error(`listed ${count} namespaces, expected ${expected}`)
  return elapsed
}

/** The median of some figures. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** `  123.4 ms`, right-aligned for the printed tables. */
export const fmt = (ms: number): string => `${ms.toFixed(1).padStart(8)} ms`
