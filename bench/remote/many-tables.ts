/**
 * Memory while opening many tables: the app opens one small table after another (as a
 * user clicking through a catalog: description, row count, search info and first page)
 * and the host's resident memory is read before, after, and at its peak.
 */
import type { HostCall } from './host-client'
import { memoryOf } from './host-client'

/** What the host's memory did over the run. */
export interface ManyTablesResult {
  readonly tables: number
  readonly seconds: number
  readonly before: { rss: number; peak: number } | null
  readonly after: { rss: number; peak: number } | null
}

/** Opens tables `t0` … `t{count-1}` of `connectionId` through the host at `pid`. */
export async function openManyTables(call: HostCall, connectionId: string, pid: number, count: number): Promise<ManyTablesResult> {
  const before = await memoryOf(pid)
  const begun = performance.now()
  for (let i = 0; i < count; i++) {
    const table = { namespace: [], name: `t${i}` }
    await Promise.all([
      call('tables:describe', { connectionId, table }),
      call('tables:count', { connectionId, table }),
      call('search:info', { connectionId, table }),
      call('tables:readRows', { connectionId, table, offset: 0, limit: 100 })
    ])
  }
  const seconds = (performance.now() - begun) / 1000
  return { tables: count, seconds, before, after: await memoryOf(pid) }
}

/** The result as one line. */
export function formatManyTables({ tables, seconds, before, after }: ManyTablesResult): string {
  if (!before || !after) return `opened ${tables} tables in ${seconds.toFixed(1)} s; host RSS not available (needs Linux /proc)`
  const mib = (n: number): string => `${n.toFixed(0)} MiB`
  return `opened ${tables} tables one after another in ${seconds.toFixed(1)} s: host RSS ${mib(before.rss)} before, ${mib(after.rss)} after (peak ${mib(after.peak)})`
}
