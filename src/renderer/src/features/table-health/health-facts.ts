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

/** The fixed lines' labels and what each number means, by key. */
const LINES = {
  rows: ['Rows', 'Rows a query of the latest version sees.'],
  fragments: ['Fragments', 'Every append or update writes at least one fragment; many small ones slow every scan and search.'],
  lengths: ['Rows per fragment', 'Rows stored in each fragment, deleted ones included.'],
  deleted: ['Deleted rows still stored', 'Deleted rows stay in the data files, and are read past by every scan, until the table is compacted.'],
  indexes: ['Unindexed rows', 'Searches and filters scan every row; the Indexes view creates one.'],
  liveBytes: ['Data and index bytes', "The latest version's data and index files."],
  storedBytes: ['Bytes on storage', "Every file under the table's folder, old versions' included."],
  oldVersionBytes: [
    'Bytes not in the latest version',
    'Files only old versions hold, with manifests and deletion files; cleaning up old versions frees what they alone hold.'
  ],
  versions: ['Versions kept', 'Each kept version can be read by time travel, and keeps its files on storage until cleaned up.'],
  tags: ['Tags', 'A tagged version is never cleaned up unless you choose to delete its tag.'],
  format: ['Data storage version', 'The Lance file format of the data; older readers cannot open newer versions.'],
  stable: [
    'Stable row ids',
    'With them rows keep their ids through compaction and updates, so changes can be traced row by row; set only when a table is created.'
  ]
} as const satisfies Record<string, readonly [string, string]>

/** The lines for `health`, in reading order. */
export function healthFacts(health: TableHealth): HealthFact[] {
  const facts: HealthFact[] = []
  const push = (key: string, label: string, field: HealthField | null, value: string | null, meaning: string, fix: HealthAction | null): void => {
    const why = field === null ? undefined : health.missing[field]
    facts.push(value === null ? { key, label, value: NOT_AVAILABLE, meaning: why ?? meaning, fix: null } : { key, label, value, meaning, fix })
  }
  const add = (key: keyof typeof LINES, field: HealthField | null, value: string | null, fix: HealthAction | null = null): void =>
    push(key, LINES[key][0], field, value, LINES[key][1], fix)

  add('rows', 'rows', exact(health.rows))
  const small = health.smallFragments
  const fragments = health.fragments === null ? null : `${count(health.fragments)}${small === null ? '' : `, ${count(small)} small`}`
  add('fragments', 'fragments', fragments, small !== null && small > 1 ? 'optimize' : null)
  const lengths = health.fragmentLengths
  add('lengths', 'fragmentLengths', lengths === null ? null : `${count(lengths.min)} to ${count(lengths.max)} (median ${count(lengths.p50)})`)
  const deleted = health.deletedRows
  add('deleted', 'deletedRows', exact(deleted), deleted !== null && deleted !== '0' ? 'optimize' : null)
  if (health.indexes === null) push('indexes', LINES.indexes[0], 'indexes', null, '', null)
  else if (health.indexes.length === 0) add('indexes', null, 'No indexes')
  for (const index of health.indexes ?? []) {
    const unindexed = index.unindexedRows
    const meaning = `Rows added since index ${index.name} (${index.indexType} on ${index.columns.join(', ')}) was last brought up to date; searches read them without it.`
    const value = unindexed === null ? 'unknown' : count(unindexed)
    push(`index:${index.name}`, `Unindexed rows (${index.name})`, null, value, meaning, unindexed !== null && unindexed > 0 ? 'optimize' : null)
  }
  add('liveBytes', 'liveBytes', bytes(health.liveBytes))
  add('storedBytes', 'storedBytes', bytes(health.storedBytes))
  const old = health.oldVersionBytes
  add('oldVersionBytes', 'oldVersionBytes', bytes(old), old !== null && approximate(old) > 0 && (health.versions ?? 0) > 1 ? 'cleanup' : null)
  const versions = health.versions
  const oldest = health.oldestVersionAt ? `, the oldest from ${new Date(health.oldestVersionAt).toLocaleString('en-US')}` : ''
  add('versions', 'versions', versions === null ? null : `${count(versions)}${oldest}`, versions !== null && versions > 1 ? 'cleanup' : null)
  const tags = health.tags
  add('tags', 'tags', tags === null ? null : tags.length === 0 ? 'None' : tags.map((tag) => `${tag.name} (version ${tag.version})`).join(', '))
  add('format', 'dataStorageVersion', health.dataStorageVersion)
  add('stable', 'stableRowIds', health.stableRowIds === null ? null : health.stableRowIds ? 'On' : 'Off')
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
