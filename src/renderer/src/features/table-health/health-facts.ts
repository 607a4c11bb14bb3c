/**
 * The lines of the Health view, from a table's health: each number with what it means
 * and, where it calls for one, the action that fixes it. Plain functions, so what the
 * view says is tested without rendering it.
 */
import type { HealthField, TableHealth } from '@shared/contract/health'
import { approximate, formatExactInt, type ExactInt } from '@shared/exact-int'
import { formatBytes } from '../../lib/format-bytes'

/** The actions a line can point at. */
export type HealthAction = 'optimize' | 'cleanup'

/** One line of the view. */
export interface HealthFact {
  readonly key: string
  readonly label: string
  /** The number as shown, or "Not available". */
  readonly value: string
  /** One line on what the number means (or why it is missing). */
  readonly meaning: string
  /** The action that brings the number down, when it is worth doing. */
  readonly fix: HealthAction | null
}

const NOT_AVAILABLE = 'Not available'

/** The lines for `health`, in reading order. */
export function healthFacts(health: TableHealth): HealthFact[] {
  const facts: HealthFact[] = []
  const add = (key: string, label: string, field: HealthField | null, value: string | null, meaning: string, fix: HealthAction | null = null): void => {
    const why = field === null ? undefined : health.missing[field]
    facts.push(value === null ? { key, label, value: NOT_AVAILABLE, meaning: why ?? meaning, fix: null } : { key, label, value, meaning, fix })
  }
  add('rows', 'Rows', 'rows', exact(health.rows), 'Rows a query of the latest version sees.')
  const small = health.smallFragments
  add(
    'fragments',
    'Fragments',
    'fragments',
    health.fragments === null ? null : `${count(health.fragments)}${small === null ? '' : `, ${count(small)} small`}`,
    'Every append or update writes at least one fragment; many small ones slow every scan and search.',
    small !== null && small > 1 ? 'optimize' : null
  )
  const lengths = health.fragmentLengths
  add(
    'lengths',
    'Rows per fragment',
    'fragmentLengths',
    lengths === null ? null : `${count(lengths.min)} to ${count(lengths.max)} (median ${count(lengths.p50)})`,
    'Rows stored in each fragment, deleted ones included.'
  )
  const deleted = health.deletedRows
  add(
    'deleted',
    'Deleted rows still stored',
    'deletedRows',
    exact(deleted),
    'Deleted rows stay in the data files, and are read past by every scan, until the table is compacted.',
    deleted !== null && deleted !== '0' ? 'optimize' : null
  )
  if (health.indexes === null) add('indexes', 'Unindexed rows', 'indexes', null, '')
  else if (health.indexes.length === 0)
    add('indexes', 'Unindexed rows', null, 'No indexes', 'Searches and filters scan every row; the Indexes view creates one.')
  for (const index of health.indexes ?? []) {
    const unindexed = index.unindexedRows
    add(
      `index:${index.name}`,
      `Unindexed rows (${index.name})`,
      null,
      unindexed === null ? 'unknown' : count(unindexed),
      `Rows added since index ${index.name} (${index.indexType} on ${index.columns.join(', ')}) was last brought up to date; searches read them without it.`,
      unindexed !== null && unindexed > 0 ? 'optimize' : null
    )
  }
  add('liveBytes', 'Data and index bytes', 'liveBytes', bytes(health.liveBytes), "The latest version's data and index files.")
  add('storedBytes', 'Bytes on storage', 'storedBytes', bytes(health.storedBytes), "Every file under the table's folder, old versions' included.")
  const old = health.oldVersionBytes
  add(
    'oldVersionBytes',
    'Bytes not in the latest version',
    'oldVersionBytes',
    bytes(old),
    'Files only old versions hold, with manifests and deletion files; cleaning up old versions frees what they alone hold.',
    old !== null && approximate(old) > 0 && (health.versions ?? 0) > 1 ? 'cleanup' : null
  )
  const versions = health.versions
  add(
    'versions',
    'Versions kept',
    'versions',
    versions === null
      ? null
      : `${count(versions)}${health.oldestVersionAt ? `, the oldest from ${new Date(health.oldestVersionAt).toLocaleString('en-US')}` : ''}`,
    'Each kept version can be read by time travel, and keeps its files on storage until cleaned up.',
    versions !== null && versions > 1 ? 'cleanup' : null
  )
  add(
    'tags',
    'Tags',
    'tags',
    health.tags === null ? null : health.tags.length === 0 ? 'None' : health.tags.map((tag) => `${tag.name} (version ${tag.version})`).join(', '),
    'A tagged version is never cleaned up unless you choose to delete its tag.'
  )
  add(
    'format',
    'Data storage version',
    'dataStorageVersion',
    health.dataStorageVersion,
    'The Lance file format of the data; older readers cannot open newer versions.'
  )
  add(
    'stable',
    'Stable row ids',
    'stableRowIds',
    health.stableRowIds === null ? null : health.stableRowIds ? 'On' : 'Off',
    'With them rows keep their ids through compaction and updates, so changes can be traced row by row; set only when a table is created.'
  )
  return facts
}

function exact(value: ExactInt | null): string | null {
  return value === null ? null : formatExactInt(value)
}

function bytes(value: ExactInt | null): string | null {
  return value === null ? null : formatBytes(approximate(value))
}

function count(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}
