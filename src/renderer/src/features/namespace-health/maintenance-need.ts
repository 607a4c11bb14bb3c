/**
 * How much a table needs maintenance, from its health: each share of the table that
 * maintenance would fix (small fragments of all fragments, deleted rows still stored of
 * all stored rows, rows the least covered index misses, bytes only old versions hold),
 * with a line per share that is not nothing. The shares add up to the score that orders a
 * namespace's tables, most in need first. Plain functions, tested without rendering.
 */
import type { TableHealth } from '@shared/contract/health'
import { approximate } from '@shared/exact-int'
import { formatBytes } from '../../lib/format-bytes'

/** One table's need for maintenance. */
export interface MaintenanceNeed {
  /** 0 (nothing to do) up to 4 (every share whole). */
  readonly score: number
  /** What maintenance would fix, most first; empty when nothing is worth doing. */
  readonly reasons: readonly string[]
}

/** The need of a table with `health`. */
export function maintenanceNeed(health: TableHealth): MaintenanceNeed {
  const parts: { share: number; text: string }[] = []
  const rows = num(health.rows)
  const { fragments, smallFragments } = health
  if (fragments !== null && smallFragments !== null && fragments > 1 && smallFragments > 1) {
    parts.push({
      share: smallFragments / fragments,
      text: `${smallFragments.toLocaleString('en-US')} of ${fragments.toLocaleString('en-US')} fragments small: Compact`
    })
  }
  const deleted = num(health.deletedRows)
  if (deleted !== null && rows !== null && deleted > 0) {
    parts.push({ share: deleted / (rows + deleted), text: `${deleted.toLocaleString('en-US')} deleted rows still stored: Compact` })
  }
  const unindexed = Math.max(0, ...(health.indexes ?? []).map((index) => index.unindexedRows ?? 0))
  if (rows !== null && rows > 0 && unindexed > 0) {
    parts.push({ share: Math.min(1, unindexed / rows), text: `${unindexed.toLocaleString('en-US')} rows not indexed: Update indexes` })
  }
  const old = num(health.oldVersionBytes)
  const stored = num(health.storedBytes)
  // A table of one version has no old versions to clean up, whatever its manifests weigh.
  if (old !== null && stored !== null && stored > 0 && old > 0 && (health.versions ?? 0) > 1) {
    parts.push({ share: Math.min(1, old / stored), text: `${formatBytes(old)} only in old versions: Clean up` })
  }
  parts.sort((a, b) => b.share - a.share)
  return { score: parts.reduce((sum, p) => sum + p.share, 0), reasons: parts.map((p) => p.text) }
}

function num(value: string | null): number | null {
  return value === null ? null : approximate(value)
}
