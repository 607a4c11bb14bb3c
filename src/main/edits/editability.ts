/**
 * Whether the table at hand can be edited, and why not: an older version opened by time
 * travel, a catalog that offers no way to write rows, a column whose values could not be
 * written back exactly, no column to match rows on, or writes this connection was refused.
 */
import type { Editability } from '../../shared/contract/edits'
import { uneditableReason } from '../../shared/edit-values'
import type { ExactInt } from '../../shared/exact-int'
import type { CallOptions, TableHandle } from '../../catalog/table-handle'
import { carryProblem } from './arrow-cells'
import { keyProblem, primaryKeyOf, schemaAt } from './edit-table'

/** What the editability of `table` is, seen at `version` (the latest when absent); `refused` is why writes were refused before, if they were. */
export async function editabilityOf(table: TableHandle, version: ExactInt | undefined, refused: string | null, options?: CallOptions): Promise<Editability> {
  const described = await table.describe(options)
  const latest = described.version ?? (await table.version(options))
  const schema = await schemaAt(table, undefined, options)
  const primaryKey = primaryKeyOf(schema.fields)
  const keyColumns = schema.fields.filter((field) => keyProblem(field) === null).map((field) => field.name)
  const readOnlyColumns = schema.fields.flatMap((field) => {
    const reason = uneditableReason(field.type)
    return reason ? [{ name: field.name, reason }] : []
  })
  const carried = schema.fields.map((field) => ({ field, problem: carryProblem(field.type) })).find(({ problem }) => problem !== null)
  const reason =
    version !== undefined && version !== latest
      ? `This is version ${version}, an older version of the table; edits are made on the latest version (${latest}).`
      : ((await table.rowWritesUnavailable(options)) ??
        refused ??
        (carried ? `Column ${carried.field.name} cannot be written back exactly (${carried.problem}), so rows of this table are not edited here.` : null) ??
        (primaryKey === null && keyColumns.length === 0 ? 'No column can identify rows: a key is a whole number or text column with a value per row.' : null))
  return { editable: reason === null, reason, version: latest, primaryKey, keyColumns, readOnlyColumns }
}
