/**
 * The rows that changed between two versions of a table, through LanceDB, a page at a
 * time: which rows were added, deleted and updated is worked out once per pair of versions
 * (as ids: stable row ids by row lineage, row addresses by a key column; see
 * version-diff.ts for the two methods) and kept a short while, so paging through them
 * reads only the page's rows at each version.
 */
import type { Table } from '@lancedb/lancedb'
import type { ChangedRow, ChangedRowsPage, ChangeKind } from '../../shared/contract/changes'
import { CHANGED_ROWS_MAX_BYTES } from '../../shared/contract/changes'
import type { RowsPage } from '../../shared/contract/tables'
import { exactInt } from '../../shared/exact-int'
import { describeFields } from '../arrow-schema'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import { pageFromBatches } from '../rows-page'
import { holdsBytes } from '../../shared/media-kind'
import { keyedAddresses, MAX_COMPARED, rowsAt, schemaDiff, type KeyValue, type VersionSide } from './version-diff'

/** The column that names a row in a change set: stable row ids (lineage) or row addresses (key). */
type RowIdColumn = '_rowid' | '_rowaddr'

/** Which rows changed between two versions, as ids in the order they are paged. */
export interface ChangeSet {
  readonly method: 'row-lineage' | 'key'
  readonly key: string | null
  readonly by: RowIdColumn
  /** Ids at the later version. */
  readonly added: BigUint64Array
  /** Ids at the earlier version. */
  readonly deleted: BigUint64Array
  /** Ids at the earlier and the later version, pairwise; null when too many rows moved to compare. */
  readonly updated: { readonly before: BigUint64Array; readonly after: BigUint64Array } | null
  /** The top-level columns both versions have, whose values are compared. */
  readonly common: readonly string[]
  readonly limits: string
}

/** Reads the table at one of the two versions. */
export type AtVersion = <T>(side: 'from' | 'to', use: (t: Table) => Promise<T>) => Promise<T>

/** The change set by row lineage: `from` and `to` are the two sides' fields and rows. */
export async function lineageChangeSet(at: AtVersion, from: VersionSide, to: VersionSide): Promise<ChangeSet> {
  const v = BigInt(from.version)
  const common = commonColumns(from, to)
  // One pass over the later version's lineage sorts every row: added, or kept (and then maybe updated).
  const added = new IdList()
  const kept = new IdList()
  const touched = new IdList()
  await at('to', async (t) => {
    for await (const batch of t.query().withRowId().select(['_row_created_at_version', '_row_last_updated_at_version'])) {
      const ids = batch.getChild('_rowid')?.toArray() as BigUint64Array
      const created = batch.getChild('_row_created_at_version')?.toArray() as BigUint64Array
      const updated = batch.getChild('_row_last_updated_at_version')?.toArray() as BigUint64Array
      for (let i = 0; i < batch.numRows; i++) {
        if (created[i]! > v) added.push(ids[i]!)
        else {
          kept.push(ids[i]!)
          if (updated[i]! > v) touched.push(ids[i]!)
        }
      }
    }
  })
  // The earlier version's rows not kept; none when the counts say so, which spares reading them.
  let deleted: BigUint64Array = new BigUint64Array(0)
  if (from.rows - kept.length > 0) {
    const survivors = kept.done().sort()
    const before = await at('from', (t) => rowIds(t, '_rowid'))
    deleted = before.filter((id) => !sortedHas(survivors, id))
  }
  const candidates = touched.done()
  const schema = schemaDiff(from.fields, to.fields)
  const schemaChanged = schema.added.length + schema.dropped.length + schema.retyped.length > 0
  // As the counts do: a schema change touches every row it gave a value, so then values are compared.
  let updated: BigUint64Array | null = candidates
  if (schemaChanged && candidates.length > MAX_COMPARED) updated = null
  else if (schemaChanged && candidates.length > 0) {
    const ids = Array.from(candidates)
    const before = await at('from', (t) => rowsAt(t, { rowId: true }, common, ids))
    const after = await at('to', (t) => rowsAt(t, { rowId: true }, common, ids))
    updated = candidates.filter((id) => before.get(String(id)) !== after.get(String(id)))
  }
  return {
    method: 'row-lineage',
    key: null,
    by: '_rowid',
    added: added.done(),
    deleted,
    updated: updated && { before: updated, after: updated },
    common,
    limits:
      (updated === null ? `The schema change touched more than ${MAX_COMPARED.toLocaleString('en-US')} rows, so updated rows are not listed. ` : '') +
      "Matched by the table's stable row ids. A row replaced by a delete and an insert shows as deleted and added; a restore between the two versions makes rows carry the restored version's history."
  }
}

/** The change set by a key column whose values are unique at both versions. */
export async function keyChangeSet(at: AtVersion, from: VersionSide, to: VersionSide, key: string): Promise<ChangeSet> {
  const common = commonColumns(from, to)
  const before = await at('from', (t) => keyedAddresses(t, key))
  const after = await at('to', (t) => keyedAddresses(t, key))
  const added: bigint[] = []
  const moved: [KeyValue, bigint, bigint][] = []
  for (const [k, address] of after) {
    const old = before.get(k)
    if (old === undefined) added.push(address)
    else if (old !== address) moved.push([k, old, address])
  }
  const deleted: bigint[] = []
  for (const [k, address] of before) if (!after.has(k)) deleted.push(address)
  let updated: [bigint, bigint][] | null = null
  if (moved.length <= MAX_COMPARED) {
    // Data files never change: a row at the same address is unchanged, a moved one is compared.
    const old =
      moved.length === 0
        ? new Map()
        : await at('from', (t) =>
            rowsAt(
              t,
              { key },
              common,
              moved.map((m) => m[1])
            )
          )
    const now =
      moved.length === 0
        ? new Map()
        : await at('to', (t) =>
            rowsAt(
              t,
              { key },
              common,
              moved.map((m) => m[2])
            )
          )
    updated = moved.filter(([k]) => old.get(k) !== now.get(k)).map(([, a, b]) => [a, b])
  }
  return {
    method: 'key',
    key,
    by: '_rowaddr',
    added: BigUint64Array.from(added),
    deleted: BigUint64Array.from(deleted),
    updated: updated && { before: BigUint64Array.from(updated.map((u) => u[0])), after: BigUint64Array.from(updated.map((u) => u[1])) },
    common,
    limits:
      (updated === null
        ? `${moved.length.toLocaleString('en-US')} rows were rewritten (by updates or compaction), more than the ${MAX_COMPARED.toLocaleString('en-US')} whose values are compared, so updated rows are not listed. `
        : '') + `Matched by the values of "${key}": a row whose key changed shows as deleted and added. Values are compared in the columns both versions have.`
  }
}

/** One page of `kind` from a change set: the page's rows read at each version they are in. */
export async function changedRowsPage(
  at: AtVersion,
  set: ChangeSet,
  versions: { readonly from: number; readonly to: number },
  kind: ChangeKind,
  offset: number,
  limit: number
): Promise<ChangedRowsPage> {
  const lists = kind === 'added' ? { after: set.added } : kind === 'deleted' ? { before: set.deleted } : set.updated
  const total = lists === null ? null : ((lists.before ?? lists.after)?.length ?? 0)
  const base = {
    from: exactInt(versions.from),
    to: exactInt(versions.to),
    method: set.method,
    key: set.key,
    kind,
    total,
    offset,
    limits: set.limits
  }
  if (lists === null || total === null || offset >= total) return { ...base, next: null, before: null, after: null, rows: [] }
  const end = Math.min(total, offset + limit)
  let read = await readPage(at, set.by, lists, offset, end)
  // A page cut by its byte cap may hold other rows than the first asked for (the scan's order
  // is not the page's): then the first row alone, which a page always holds.
  if (read.rows.length === 0) read = await readPage(at, set.by, lists, offset, offset + 1)
  const next = offset + read.consumed
  return {
    ...base,
    next: next < total ? next : null,
    before: read.before?.page.arrow ?? null,
    after: read.after?.page.arrow ?? null,
    rows: read.rows
  }
}

interface SidePage {
  readonly page: RowsPage
  /** The row id (or address) of each row of the page. */
  readonly ids: readonly bigint[]
  readonly values: readonly Record<string, unknown>[]
}

async function readPage(
  at: AtVersion,
  by: RowIdColumn,
  lists: { readonly before?: BigUint64Array; readonly after?: BigUint64Array },
  start: number,
  end: number
): Promise<{ before: SidePage | null; after: SidePage | null; rows: ChangedRow[]; consumed: number }> {
  const wanted = { before: lists.before?.subarray(start, end), after: lists.after?.subarray(start, end) }
  const before = wanted.before ? await at('from', (t) => readSide(t, by, wanted.before!)) : null
  const after = wanted.after ? await at('to', (t) => readSide(t, by, wanted.after!)) : null
  const rows: ChangedRow[] = []
  let consumed = 0
  for (let i = 0; i < end - start; i++) {
    const b = wanted.before && before ? before.ids.indexOf(wanted.before[i]!) : null
    const a = wanted.after && after ? after.ids.indexOf(wanted.after[i]!) : null
    const missing = b === -1 || a === -1 || (wanted.before && !before) || (wanted.after && !after)
    // A side cut by its byte cap ends the page at its first row left out; a row gone from
    // the table since its change set was made is skipped.
    if (missing && (before?.page.truncated === true || after?.page.truncated === true)) break
    consumed++
    if (missing) continue
    const changed = b !== null && a !== null && before && after ? changedColumns(before.values[b]!, after.values[a]!) : []
    rows.push({ before: b, after: a, changed })
  }
  return { before, after, rows, consumed }
}

/** The page's rows of `t` with the given ids, columns that hold bytes left out, their id column included. */
async function readSide(t: Table, by: RowIdColumn, ids: BigUint64Array): Promise<SidePage | null> {
  const fields = describeFields(await t.schema())
  const columns = fields.filter((f) => !holdsBytes(f)).map((f) => f.name)
  const query = t
    .query()
    .withRowId()
    .select(by === '_rowaddr' ? [...columns, '_rowaddr'] : columns)
    .where(`${by} IN (${Array.from(ids).join(', ')})`)
  const page = await pageFromBatches(query, ids.length, CHANGED_ROWS_MAX_BYTES)
  if (!page) return null
  const table = decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET)
  const values = table.toArray().map((row: { toJSON(): Record<string, unknown> }) => row.toJSON())
  return { page, ids: values.map((row) => BigInt(row[by] as bigint)), values }
}

/** The columns both rows have whose values differ, compared as JSON text (bigints as digits). */
function changedColumns(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((name) => !name.startsWith('_row') && name in before && valueText(before[name]) !== valueText(after[name]))
}

function valueText(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'undefined'
}

/** The ids of `t`'s rows, in scan order. */
async function rowIds(t: Table, by: RowIdColumn): Promise<BigUint64Array> {
  const ids = new IdList()
  for await (const batch of t.query().withRowId().select(['_rowaddr'])) {
    const column = batch.getChild(by)?.toArray() as BigUint64Array | undefined
    if (column) for (const id of column) ids.push(id)
  }
  return ids.done()
}

/** Ids gathered one by one into a typed array that grows as needed (a million ids in 8 MB, not as many bigints). */
class IdList {
  #ids = new BigUint64Array(1024)
  length = 0

  push(id: bigint): void {
    if (this.length === this.#ids.length) {
      const grown = new BigUint64Array(this.#ids.length * 2)
      grown.set(this.#ids)
      this.#ids = grown
    }
    this.#ids[this.length++] = id
  }

  /** The ids gathered, in order. */
  done(): BigUint64Array {
    return this.#ids.slice(0, this.length)
  }
}

/** Whether `sorted` (ascending) holds `id`. */
function sortedHas(sorted: BigUint64Array, id: bigint): boolean {
  let [low, high] = [0, sorted.length - 1]
  while (low <= high) {
    const middle = (low + high) >>> 1
    const at = sorted[middle]!
    if (at === id) return true
    if (at < id) low = middle + 1
    else high = middle - 1
  }
  return false
}

/** The top-level columns both sides have, in the later side's order. */
export function commonColumns(from: Pick<VersionSide, 'fields'>, to: Pick<VersionSide, 'fields'>): string[] {
  return to.fields.map((f) => f.name).filter((name) => from.fields.some((f) => f.name === name))
}

/** Change sets kept for paging, a few at once and for a short while: versions never change, but a table may be replaced. */
export class ChangeSets {
  readonly #kept = new Map<string, { readonly at: number; readonly set: Promise<ChangeSet> }>()

  constructor(
    private readonly most = 2,
    private readonly forMs = 120_000
  ) {}

  /** The change set under `name`, made by `make` unless a fresh one is kept. */
  get(name: string, make: () => Promise<ChangeSet>): Promise<ChangeSet> {
    const now = Date.now()
    for (const [k, v] of this.#kept) if (now - v.at > this.forMs) this.#kept.delete(k)
    const kept = this.#kept.get(name)
    if (kept) return kept.set
    const set = make()
    this.#kept.set(name, { at: now, set })
    void set.catch(() => this.#kept.delete(name))
    while (this.#kept.size > this.most) this.#kept.delete(this.#kept.keys().next().value!)
    return set
  }
}
