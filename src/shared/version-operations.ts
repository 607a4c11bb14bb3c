/**
 * What each version of a table did, told from what Lance records with every version: its
 * summary (LanceDB's `listVersions` metadata: rows, rows in data files, deleted rows still
 * stored, data files, fragments, bytes). Lance's SDK gives no operation name, so the name
 * is read off how those counts moved from the version before, by the rules below; a
 * catalog that records an operation is believed instead. Where counts cannot tell two
 * operations apart the name says both; where no summary exists, nothing is claimed.
 */
import type { TableVersionInfo, VersionSummary } from './contract/versions'

/** What one version changed. */
export interface VersionChange {
  /** The operation, or null where neither the catalog nor the summary tells. */
  readonly operation: string | null
  /** True when the operation was read off the summary rather than recorded by the catalog. */
  readonly inferred: boolean
  /** Rows added (positive) or removed (negative) since the version before; null where unknown. */
  readonly rowDelta: bigint | null
  /** Data-file bytes added or freed since the version before; null where unknown. */
  readonly byteDelta: bigint | null
}

type Counts = { readonly [K in keyof VersionSummary]: bigint } & { readonly rows: bigint }

/** The change each version made, by version, for `versions` in any order. */
export function versionChanges(versions: readonly TableVersionInfo[]): Map<string, VersionChange> {
  const sorted = [...versions].sort((a, b) => (BigInt(a.version) < BigInt(b.version) ? -1 : 1))
  const changes = new Map<string, VersionChange>()
  sorted.forEach((info, i) => {
    const previous = i > 0 ? sorted[i - 1] : undefined
    const now = countsOf(info)
    const before = previous ? countsOf(previous) : null
    const rowDelta = info.rows !== null && previous?.rows != null ? BigInt(info.rows) - BigInt(previous.rows) : null
    const byteDelta = info.summary?.bytes != null && previous?.summary?.bytes != null ? BigInt(info.summary.bytes) - BigInt(previous.summary.bytes) : null
    if (info.operation !== null) return changes.set(info.version, { operation: info.operation, inferred: false, rowDelta, byteDelta })
    // The first version listed is the table's creation only when it is version 1 (older ones may be cleaned up).
    const operation =
      previous === undefined
        ? info.version === '1' && now
          ? 'create'
          : null
        : now && before
          ? operationFrom(
              before,
              now,
              sorted.slice(0, i - 1).flatMap((earlier) => (sameCounts(countsOf(earlier), now) ? [earlier.version] : []))
            )
          : null
    changes.set(info.version, { operation, inferred: operation !== null, rowDelta, byteDelta })
  })
  return changes
}

/**
 * The operation that moved the counts from `a` to `b`; `sameAs` lists earlier versions
 * (before `a`) whose counts `b` repeats exactly, which a restore does.
 */
function operationFrom(a: Counts, b: Counts, sameAs: readonly string[]): string {
  const d = {
    rows: b.rows - a.rows,
    stored: b.dataFileRows - a.dataFileRows,
    deleted: b.deletedRows - a.deletedRows,
    files: b.dataFiles - a.dataFiles,
    fragments: b.fragments - a.fragments,
    bytes: b.bytes - a.bytes
  }
  if (Object.values(d).every((n) => n === 0n)) return 'index, schema or config change (no data written)'
  const primary = fromDeltas(d)
  // A restore makes an older version's manifest the latest, so its counts come back exactly;
  // a compaction or a dropped column can bring the same counts back, and the counts cannot tell which.
  if (sameAs.length === 0) return primary
  const restored = `restore (as version ${sameAs[sameAs.length - 1]})`
  return primary === REWRITE ? restored : `${primary}, or ${restored}`
}

const REWRITE = 'overwrite or rewrite'

/** The operation whose mark the deltas bear (rows, rows in data files, deleted rows, data files, fragments). */
function fromDeltas(d: { rows: bigint; stored: bigint; deleted: bigint; files: bigint; fragments: bigint }): string {
  if (d.rows > 0n && d.deleted === 0n && d.stored === d.rows) return 'append'
  if (d.rows > 0n && d.deleted > 0n && d.files > 0n) return 'merge insert (update and insert)'
  if (d.rows === 0n && d.deleted > 0n && d.stored === d.deleted && d.files > 0n) return 'update'
  if (d.rows < 0n && d.files <= 0n) return d.deleted > 0n ? 'delete' : 'delete or overwrite'
  if (d.rows === 0n && d.stored === 0n && d.deleted === 0n && d.fragments === 0n)
    return d.files > 0n ? 'schema change (columns added)' : 'schema change (columns dropped)'
  if (d.rows === 0n && (d.deleted < 0n || d.fragments < 0n)) return 'compaction'
  return REWRITE
}

function countsOf(info: TableVersionInfo): Counts | null {
  const s = info.summary
  if (!s || info.rows === null) return null
  const { dataFileRows, deletedRows, dataFiles, fragments, bytes } = s
  if (dataFileRows === null || deletedRows === null || dataFiles === null || fragments === null || bytes === null) return null
  return {
    rows: BigInt(info.rows),
    dataFileRows: BigInt(dataFileRows),
    deletedRows: BigInt(deletedRows),
    dataFiles: BigInt(dataFiles),
    fragments: BigInt(fragments),
    bytes: BigInt(bytes)
  }
}

function sameCounts(a: Counts | null, b: Counts): boolean {
  return a !== null && (Object.keys(b) as (keyof Counts)[]).every((key) => a[key] === b[key])
}
