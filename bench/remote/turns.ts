/**
 * Measuring by turns: every contender runs once per round, one after another, so load
 * from elsewhere on the machine touches them alike; the first round warms up and is not
 * kept. Each run records its time and the requests the store (and a REST catalog, where
 * there is one) saw meanwhile. Figures are medians over the kept rounds.
 */

/** What one run cost. */
export interface Sample {
  readonly ms: number
  readonly storeRequests: number
  readonly catalogRequests: number
}

/** Something to measure: `run` gets the round's number (0 is the warm-up). */
export interface Contender {
  readonly run: (round: number) => Promise<unknown>
}

/** Reads the request counters: the object store's and the REST catalogs'. */
export type Counters = () => { readonly store: number; readonly catalog: number }

/** Runs the contenders by turns for 1 + `rounds` rounds; the samples of the kept rounds, per contender. */
export async function takeTurns(contenders: readonly Contender[], rounds: number, counters: Counters): Promise<Sample[][]> {
  const samples = contenders.map((): Sample[] => [])
  for (let round = 0; round <= rounds; round++) {
    for (const [i, contender] of contenders.entries()) {
      const before = counters()
      const begun = performance.now()
      await contender.run(round)
      const ms = performance.now() - begun
      const after = counters()
      if (round > 0) samples[i]?.push({ ms, storeRequests: after.store - before.store, catalogRequests: after.catalog - before.catalog })
    }
  }
  return samples
}

/** The median of some numbers (the upper middle one for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/** One line of the results: a workload, the app's samples and the SDK's. */
export interface ResultRow {
  readonly workload: string
  readonly app: readonly Sample[]
  readonly sdk: readonly Sample[]
}

/** The results as a text table: medians of requests and time for both, and app / SDK. */
export function formatResults(rows: readonly ResultRow[]): string {
  const header = ['workload', 'app store req', 'app REST req', 'app ms', 'SDK store req', 'SDK REST req', 'SDK ms', 'req app/SDK', 'time app/SDK']
  const lines = rows.map(({ workload, app, sdk }) => {
    const a = medians(app)
    const s = medians(sdk)
    return [
      workload,
      String(a.store),
      a.catalog ? String(a.catalog) : '-',
      a.ms.toFixed(0),
      String(s.store),
      s.catalog ? String(s.catalog) : '-',
      s.ms.toFixed(0),
      ratio(a.store + a.catalog, s.store + s.catalog),
      ratio(a.ms, s.ms)
    ]
  })
  const widths = header.map((title, c) => Math.max(title.length, ...lines.map((line) => (line[c] ?? '').length)))
  const format = (cells: readonly string[]): string =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  ')
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n')
}

function medians(samples: readonly Sample[]): { store: number; catalog: number; ms: number } {
  return {
    store: median(samples.map((s) => s.storeRequests)),
    catalog: median(samples.map((s) => s.catalogRequests)),
    ms: median(samples.map((s) => s.ms))
  }
}

function ratio(app: number, sdk: number): string {
  if (sdk === 0) return app === 0 ? '1.00x' : 'n/a (SDK 0)'
  return `${(app / sdk).toFixed(2)}x`
}
