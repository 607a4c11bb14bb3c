/**
 * Schema evolution on a table LanceDB has opened: add columns computed by SQL, alter
 * (rename, make nullable) and drop columns. Shared by directory catalogs, REST catalogs
 * read at their tables' locations, and the reference server's routes.
 */
import type { Table as LanceTable } from '@lancedb/lancedb'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../shared/contract/schema'
import { CatalogError } from '../../shared/errors'
import { newColumnNameProblem } from '../../shared/input-bounds'
import { exactInt } from '../../shared/exact-int'
import { checkSql } from './bounded-sql'

/** Adds each column, filled by its SQL expression over the existing rows; answers the new version. */
export async function addLanceColumns(table: LanceTable, columns: readonly NewColumn[]): Promise<SchemaChangeResult> {
  const names = new Set((await table.schema()).fields.map((f) => f.name))
  for (const { name, expression } of columns) {
    const problem = newColumnNameProblem(name)
    if (problem) throw new CatalogError('invalid_request', problem)
    checkSql(expression, `The expression of column "${name}"`)
    if (names.has(name)) throw new CatalogError('invalid_request', `The table already has a column named "${name}". Choose another name.`, { column: name })
  }
  const { version } = await table.addColumns(columns.map((c) => ({ name: c.name, valueSql: c.expression })))
  // LanceDB's JS SDK answers the new version as a JS number; kept as it gives it.
  return { version: exactInt(version) }
}

/** Renames columns or makes them nullable; answers the new version. */
export async function alterLanceColumns(table: LanceTable, alterations: readonly ColumnAlteration[]): Promise<SchemaChangeResult> {
  const fields = new Map((await table.schema()).fields.map((f) => [f.name, f]))
  for (const a of alterations) {
    const field = fields.get(a.path)
    if (!field) throw new CatalogError('invalid_request', `The table has no column "${a.path}". Refresh the table and try again.`, { column: a.path })
    if (a.rename !== undefined && a.rename !== a.path && fields.has(a.rename)) {
      throw new CatalogError('invalid_request', `The table already has a column named "${a.rename}". Choose another name.`, { column: a.rename })
    }
    // Lance can relax a column to nullable, never the other way: its rows may hold nulls.
    if (a.nullable === false && field.nullable) {
      throw new CatalogError('unsupported', `Column "${a.path}" cannot be made non-nullable: Lance only allows making a column nullable.`, { column: a.path })
    }
  }
  const { version } = await table.alterColumns(
    alterations.map((a) => ({
      path: a.path,
      ...(a.rename !== undefined ? { rename: a.rename } : {}),
      ...(a.nullable !== undefined ? { nullable: a.nullable } : {})
    }))
  )
  return { version: exactInt(version) }
}

/** Drops columns (their data stays in older versions); answers the new version. */
export async function dropLanceColumns(table: LanceTable, columns: readonly string[]): Promise<SchemaChangeResult> {
  const fields = (await table.schema()).fields.map((f) => f.name)
  for (const column of columns) {
    if (!fields.includes(column)) throw new CatalogError('invalid_request', `The table has no column "${column}". Refresh the table and try again.`, { column })
  }
  if (columns.length >= fields.length) throw new CatalogError('invalid_request', 'A table must keep at least one column; leave one out of the drop.')
  const { version } = await table.dropColumns([...columns])
  return { version: exactInt(version) }
}
