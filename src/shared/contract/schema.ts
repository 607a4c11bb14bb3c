/**
 * Channels for schema evolution: add columns computed from a SQL expression, rename a
 * column, change its nullability, drop columns. Each answers the table's new version.
 */
import { z } from 'zod'
import type { ExactInt } from '../exact-int'
import { columnArray, columnRef, connectionId, newColumnName, response, sqlFilter, tableRef } from './common'

const columnName = z.string().trim().min(1, 'Give the column a name.').pipe(newColumnName)
// A column's SQL expression reaches the same SQL engine as a filter, with the same bounds.
const expression = z.string().trim().min(1, 'Give an SQL expression, such as id * 2.').pipe(sqlFilter)

/** A column to add: its name and the SQL expression computing it from each row. */
export const newColumn = z.object({ name: columnName, expression }).strict()

/** A change to one column: a new name, a new nullability, or both. */
export const columnAlteration = z
  .object({ path: columnRef, rename: columnName.optional(), nullable: z.boolean().optional() })
  .strict()
  .refine((a) => a.rename !== undefined || a.nullable !== undefined, 'Say what to change: a new name or the nullability.')

/** A column to add (type). */
export type NewColumn = z.infer<typeof newColumn>
/** A change to one column (type). */
export type ColumnAlteration = z.infer<typeof columnAlteration>

/** What a schema change answers: the version it made. */
export interface SchemaChangeResult {
  readonly version: ExactInt
}

/** Schema evolution channels. */
export const schemaContract = {
  'schema:addColumns': {
    request: z.object({ connectionId, table: tableRef, columns: z.array(newColumn).min(1).readonly() }).strict(),
    response: response<SchemaChangeResult>()
  },
  'schema:alterColumns': {
    request: z.object({ connectionId, table: tableRef, alterations: z.array(columnAlteration).min(1).readonly() }).strict(),
    response: response<SchemaChangeResult>()
  },
  'schema:dropColumns': {
    request: z.object({ connectionId, table: tableRef, columns: columnArray.min(1).readonly() }).strict(),
    response: response<SchemaChangeResult>()
  }
} as const
