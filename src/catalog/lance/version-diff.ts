/**
 * What changed between two versions of a table, through LanceDB: the schema diff and the
 * rows added, deleted and updated. Two methods, and the answer says which it used:
 *
 * - Row lineage, on tables with stable row ids: every row carries the version that created
 *   it and the version that last updated it (`_row_created_at_version`,
 *   `_row_last_updated_at_version`), so the counts are three filtered counts, without
 *   reading rows. A row rewritten by delete-and-insert gets a new id and counts as deleted
 *   and added; a restore in between makes those versions say what the restored version said.
 * - A key column the caller picks, on any table: the key and row address of every row at
 *   both versions. Data files never change, so a row at the same address is unchanged; a
 *   row at a new address (an update, or a compaction that moved it) has its values
 *   compared. Past MAX_COMPARED moved rows their values are not compared, and the answer
 *   says so.
 */
import type { Table } from '@lancedb/lancedb'
import type { FieldInfo } from '../../shared/catalog-types'
import type { SchemaDiff, VersionDiff } from '../../shared/contract/changes'
import { CatalogError } from '../../shared/errors'
import { exactInt } from '../../shared/exact-int'
import { describeFields } from '../arrow-schema'

/** The most moved rows whose values are compared one by one. */
export const MAX_COMPARED = 100_000

/** One side of a comparison: what is read of the table at one version. */
export interface VersionSide {
  readonly version: number
  readonly fields: readonly FieldInfo[]
  readonly rows: number
}

/** The fields and row count of `table` at the version it has checked out. */
export async function versionSide(table: Table): Promise<VersionSide> {
  return { version: await table.version(), fields: describeFields(await table.schema()), rows: await table.countRows() }
}

/** The schema diff of two field lists, by top-level name. */
export function schemaDiff(from: readonly FieldInfo[], to: readonly FieldInfo[]): SchemaDiff {
  const before = new Map(from.map((f) => [f.name, f]))
  const after = new Map(to.map((f) => [f.name, f]))
  return {
    added: to.filter((f) => !before.has(f.name)),
    dropped: from.filter((f) => !after.has(f.name)),
    retyped: to.flatMap((f) => {
      const old = before.get(f.name)
      return old && old.type !== f.type ? [{ name: f.name, from: old.type, to: f.type }] : []
    })
  }
}

/**
 * Counts by row lineage on `table` checked out at the later version; `from` is the earlier
 * side. A schema change marks every row it touched as updated (adding a column gives each
 * row a value), so then the candidates' values in the columns both versions have are
 * compared, by row id, through `compare`.
 */
export async function lineageDiff(
  table: Table,
  from: VersionSide,
  to: VersionSide,
  compare: (ids: bigint[]) => Promise<[Map<KeyValue, string>, Map<KeyValue, string>]>
): Promise<VersionDiff> {
  const v = from.version
  const touched = `_row_created_at_version <= ${v} AND _row_last_updated_at_version > ${v}`
  const added = await table.countRows(`_row_created_at_version > ${v}`)
  const candidates = await table.countRows(touched)
  const schema = schemaDiff(from.fields, to.fields)
  const schemaChanged = schema.added.length + schema.dropped.length + schema.retyped.length > 0
  let updated: number | null = candidates
  if (schemaChanged && candidates > 0) {
    if (candidates > MAX_COMPARED) updated = null
    else {
      const ids: bigint[] = []
      for await (const batch of table.query().withRowId().select(['_rowaddr']).where(touched)) {
        const column = batch.getChild('_rowid')
        for (let i = 0; i < batch.numRows; i++) ids.push(column?.get(i) as bigint)
      }
      const [before, after] = await compare(ids)
      updated = [...after].filter(([id, values]) => before.get(id) !== values).length
    }
  }
  return {
    from: exactInt(from.version),
    to: exactInt(to.version),
    method: 'row-lineage',
    key: null,
    added: exactInt(added),
    deleted: exactInt(from.rows - (to.rows - added)),
    updated: updated === null ? null : exactInt(updated),
    schema,
    limits:
      (updated === null
        ? `The schema change touched ${candidates.toLocaleString('en-US')} rows, more than the ${MAX_COMPARED.toLocaleString('en-US')} whose values are compared, so updated rows are not counted. `
        : '') +
      "Counted from the table's stable row ids. A row replaced by a delete and an insert counts as deleted and added; a restore between the two versions makes rows carry the restored version's history."
  }
}

/** A key value as a Map key: numbers, bigints and strings as they are (distinct types stay apart), others as JSON. */
export type KeyValue = string | number | bigint | boolean | null

/** Each row's key and address at one version, with the key's duplicates refused. */
export async function keyedAddresses(table: Table, key: string): Promise<Map<KeyValue, bigint>> {
  const out = new Map<KeyValue, bigint>()
  for await (const batch of table.query().withRowId().select([key, '_rowaddr'])) {
    const keys = batch.getChild(key)
    const addresses = batch.getChild('_rowaddr')?.toArray() as BigUint64Array | undefined
    if (!keys || !addresses) throw new CatalogError('invalid_request', `Column "${key}" is not in this version of the table.`)
    for (let i = 0; i < batch.numRows; i++) {
      const k = keyOf(keys.get(i))
      if (out.has(k)) {
        throw new CatalogError(
          'invalid_request',
          `Column "${key}" has the value ${String(k)} more than once at version ${await table.version()}: choose a column whose values are unique.`
        )
      }
      out.set(k, addresses[i]!)
    }
  }
  return out
}

/** The rows of `table` (checked out at a version) at row addresses (matched by `key`) or with row ids, their `columns` as comparable text. */
export async function rowsAt(
  table: Table,
  by: { readonly key: string } | { readonly rowId: true },
  columns: readonly string[],
  ids: readonly bigint[]
): Promise<Map<KeyValue, string>> {
  const out = new Map<KeyValue, string>()
  const column = 'key' in by ? '_rowaddr' : '_rowid'
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000)
    const rows = await table
      .query()
      .withRowId()
      .select([...columns])
      .where(`${column} IN (${chunk.join(', ')})`)
      .toArray()
    for (const row of rows as Record<string, unknown>[]) {
      const { _rowaddr: _address, _rowid: id, ...values } = row
      const text = JSON.stringify(values, (_k, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
      out.set('key' in by ? keyOf(values[by.key]) : String(id), text)
    }
  }
  return out
}

/** The counts by key from the two sides' keys and addresses; `compare` gives the moved rows' values at each side. */
export async function keyDiff(
  from: VersionSide & { readonly keys: Map<KeyValue, bigint> },
  to: VersionSide & { readonly keys: Map<KeyValue, bigint> },
  key: string,
  compare: (fromAddresses: bigint[], toAddresses: bigint[]) => Promise<[Map<KeyValue, string>, Map<KeyValue, string>]>
): Promise<VersionDiff> {
  let added = 0
  const moved: [bigint, bigint][] = []
  for (const [k, address] of to.keys) {
    const old = from.keys.get(k)
    if (old === undefined) added++
    else if (old !== address) moved.push([old, address])
  }
  const deleted = from.rows - (to.rows - added)
  let updated: number | null = null
  if (moved.length <= MAX_COMPARED) {
    const [before, after] =
      moved.length === 0
        ? [new Map(), new Map()]
        : await compare(
            moved.map((m) => m[0]),
            moved.map((m) => m[1])
          )
    updated = [...after].filter(([k, values]) => before.get(k) !== values).length
  }
  return {
    from: exactInt(from.version),
    to: exactInt(to.version),
    method: 'key',
    key,
    added: exactInt(added),
    deleted: exactInt(deleted),
    updated: updated === null ? null : exactInt(updated),
    schema: schemaDiff(from.fields, to.fields),
    limits:
      (updated === null
        ? `${moved.length.toLocaleString('en-US')} rows were rewritten (by updates or compaction), more than the ${MAX_COMPARED.toLocaleString('en-US')} whose values are compared, so updated rows are not counted. `
        : '') + `Matched by the values of "${key}": a row whose key changed counts as deleted and added. Values are compared in the columns both versions have.`
  }
}

function keyOf(value: unknown): KeyValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return value
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
}
