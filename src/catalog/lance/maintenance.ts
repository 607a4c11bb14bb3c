/**
 * Maintenance through LanceDB's `optimize`, which in the JavaScript SDK always does three
 * things in one call: compacts small fragments (dropping deleted rows), removes versions
 * older than `cleanupOlderThan`, and adds new rows to the indexes. It cannot be cancelled
 * once started.
 *
 * Optimize keeps every version (cutoff at 1970). Clean-up first lists the versions it
 * will remove; Lance refuses to remove a tagged version, so a tag goes only when the user
 * chose to delete it, and the clean-up is refused before anything runs otherwise.
 */
import type { Table } from '@lancedb/lancedb'
import type { CleanupPlan, MaintenanceAction, MaintenanceOutcome } from '../../shared/contract/health'
import type { TableRef } from '../../shared/catalog-types'
import { CatalogError } from '../../shared/errors'
import { exactInt } from '../../shared/exact-int'
import { quoteTable } from './lance-errors'

/**
 * The versions a clean-up of those older than `olderThan` removes: each written before
 * the cutoff, with the tags naming it. The cutoff is never later than the latest
 * version's time, so the latest version stays even when the optimize writes new ones.
 */
export async function lanceCleanupPlan(table: Table, olderThan: Date): Promise<CleanupPlan> {
  const [versions, tags] = await Promise.all([table.listVersions(), (await table.tags()).list()])
  const latest = versions.reduce((a, b) => (b.version > a.version ? b : a), versions[0]!)
  const latestTime = new Date(latest.timestamp).getTime()
  const cutoff = Math.min(olderThan.getTime(), latestTime)
  const tagsOf = new Map<number, string[]>()
  for (const [name, contents] of Object.entries(tags)) tagsOf.set(contents.version, [...(tagsOf.get(contents.version) ?? []), name].sort())
  const remove = versions
    .filter((v) => v.version !== latest.version && new Date(v.timestamp).getTime() < cutoff)
    .sort((a, b) => a.version - b.version)
    .map((v) => ({ version: exactInt(v.version), timestamp: new Date(v.timestamp).toISOString(), tags: tagsOf.get(v.version) ?? [] }))
  return { cutoff: new Date(cutoff).toISOString(), remove, keep: versions.length - remove.length }
}

/** Runs `action` on `table` and answers what LanceDB reports. */
export async function maintainLanceTable(table: Table, ref: TableRef, action: MaintenanceAction, signal?: AbortSignal): Promise<MaintenanceOutcome> {
  if (action.kind === 'optimize') return outcome(await optimize(table, ref, new Date(0), false, signal), [], [])
  const plan = await lanceCleanupPlan(table, new Date(action.olderThan))
  const allowed = new Set(action.deleteTags)
  const tagged = plan.remove.flatMap((v) => v.tags)
  const refused = tagged.filter((tag) => !allowed.has(tag))
  if (refused.length > 0) {
    throw new CatalogError(
      'invalid_request',
      `Cleaning up table ${quoteTable(ref)} would remove tagged versions (${refused.map((t) => `"${t}"`).join(', ')}). Choose to delete those tags, or pick an older time.`,
      { tags: refused.join(', ') }
    )
  }
  if (signal?.aborted) throw cancelledBeforeStart(ref)
  // Deleted only now: the user chose to let these versions go, and Lance refuses to remove a tagged one.
  const tagManager = await table.tags()
  for (const tag of tagged) await tagManager.delete(tag)
  const stats = await optimize(table, ref, new Date(plan.cutoff), action.deleteUnverified, signal)
  return outcome(
    stats,
    plan.remove.map((v) => v.version),
    tagged
  )
}

async function optimize(
  table: Table,
  ref: TableRef,
  cleanupOlderThan: Date,
  deleteUnverified: boolean,
  signal: AbortSignal | undefined
): ReturnType<Table['optimize']> {
  // LanceDB's optimize has no cancel: a Cancel counts only before it starts.
  if (signal?.aborted) throw cancelledBeforeStart(ref)
  return table.optimize({ cleanupOlderThan, deleteUnverified })
}

function outcome(
  stats: Awaited<ReturnType<Table['optimize']>>,
  removedVersions: MaintenanceOutcome['removedVersions'],
  deletedTags: readonly string[]
): MaintenanceOutcome {
  return {
    fragmentsRemoved: stats.compaction.fragmentsRemoved,
    fragmentsAdded: stats.compaction.fragmentsAdded,
    filesRemoved: stats.compaction.filesRemoved,
    filesAdded: stats.compaction.filesAdded,
    versionsRemoved: stats.prune.oldVersionsRemoved,
    bytesRemoved: stats.prune.bytesRemoved,
    removedVersions,
    deletedTags: [...deletedTags]
  }
}

function cancelledBeforeStart(ref: TableRef): CatalogError {
  return new CatalogError('cancelled', `Maintenance of table ${quoteTable(ref)} was cancelled before it started; the table is unchanged.`)
}
