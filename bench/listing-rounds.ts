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

/**
 * Times `ours` and `lance` over `rounds` rounds, alternating which goes first so neither
 * always runs on a warmer machine, and prints one row per round. Answers each side's times.
 */
export async function alternatingRounds(ours: Lister, lance: Lister, rounds: number, expected: number): Promise<{ ours: number[]; lance: number[] }> {
  const times = { ours: [] as number[], lance: [] as number[] }
  console.log('\nround        ours      LanceDB')
  for (let round = 1; round <= rounds; round++) {
    if (round % 2 === 1) {
      times.ours.push(await timeListing(ours, expected))
      times.lance.push(await timeListing(lance, expected))
    } else {
      times.lance.push(await timeListing(lance, expected))
      times.ours.push(await timeListing(ours, expected))
    }
    console.log(`${String(round).padStart(5)} ${fmt(times.ours.at(-1) as number)} ${fmt(times.lance.at(-1) as number)}`)
  }
  return times
}
