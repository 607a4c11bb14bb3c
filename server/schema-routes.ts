/**
 * Schema evolution routes: AlterTableAddColumns (`add_columns`, columns from SQL
 * expressions), AlterTableAlterColumns (`alter_columns`: rename, nullability) and
 * AlterTableDropColumns (`drop_columns`), each answering `{ "version": n }`, done with
 * the same LanceDB functions the app uses on directory catalogs.
 */
import type { FieldInfo, TableRef } from '../src/shared/catalog-types'
import { displayIdentifier } from '../src/shared/namespace-path'
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../src/shared/contract/schema'
import { CatalogError } from '../src/shared/errors'
import { fromLance } from '../src/catalog/lance/lance-errors'
import { addLanceColumns, alterLanceColumns, dropLanceColumns } from '../src/catalog/lance/schema'
import type { Table } from '@lancedb/lancedb'
import { invalidRequest, specError } from './errors'
import { json } from './http-io'
import { jsonNumber } from './request-fields'
import { param, tableRefOf, type RequestContext, type Route } from './router'
import { withLanceTable } from './table-metadata'

/** The schema evolution routes. */
export const schemaRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/v1/table/:id/add_columns', writes: 'add columns', handle: addColumns },
  { method: 'POST', pattern: '/v1/table/:id/alter_columns', writes: 'alter columns', handle: alterColumns },
  { method: 'POST', pattern: '/v1/table/:id/drop_columns', writes: 'drop columns', handle: dropColumns }
]

async function addColumns(ctx: RequestContext) {
  const body = await ctx.jsonBody()
  const entries = arrayField(body, 'new_columns')
  const columns: NewColumn[] = entries.map((entry, i) => {
    const where = `new_columns[${i}]`
    if (entry.computed != null || entry.virtual_column != null) {
      throw new CatalogError('unsupported', `${where}: computed and virtual columns are not supported by this reference catalog server; give an "expression".`)
    }
    return { name: stringField(entry, 'name', where), expression: stringField(entry, 'expression', where) }
  })
  return change(ctx, 'add columns to', (table) => addLanceColumns(table, columns))
}

async function alterColumns(ctx: RequestContext) {
  const body = await ctx.jsonBody()
  const alterations: ColumnAlteration[] = arrayField(body, 'alterations').map((entry, i) => {
    const where = `alterations[${i}]`
    if (entry.data_type != null || entry.virtual_column != null) {
      throw new CatalogError('unsupported', `${where}: changing data types and virtual columns is not supported by this reference catalog server.`)
    }
    const rename = entry.rename == null ? undefined : stringField(entry, 'rename', where)
    if (entry.nullable != null && typeof entry.nullable !== 'boolean') throw invalidRequest(`${where}: "nullable" must be a boolean.`)
    const nullable = typeof entry.nullable === 'boolean' ? entry.nullable : undefined
    if (rename === undefined && nullable === undefined) throw invalidRequest(`${where}: give "rename" or "nullable".`)
    return { path: stringField(entry, 'path', where), ...(rename !== undefined ? { rename } : {}), ...(nullable !== undefined ? { nullable } : {}) }
  })
  return change(ctx, 'alter the columns of', (table) => alterLanceColumns(table, alterations))
}

async function dropColumns(ctx: RequestContext) {
  const body = await ctx.jsonBody()
  const columns = body.columns
  if (!Array.isArray(columns) || columns.length === 0 || !columns.every((c) => typeof c === 'string' && c !== '')) {
    throw invalidRequest('"columns" must list at least one column name.')
  }
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const { fields } = await (await ctx.database()).client.table(ref).describe()
  const missing = (columns as string[]).filter((column) => !hasPath(fields, column.split('.')))
  if (missing.length > 0) {
    throw specError(
      'columnNotFound',
      `Table "${displayIdentifier([...ref.namespace, ref.name])}" has no column ${missing.map((name) => `"${name}"`).join(', ')}.`
    )
  }
  return change(ctx, 'drop columns of', (table) => dropLanceColumns(table, columns as string[]))
}

/** True when `path` (a column name, then nested field names) names a field of `fields`. */
function hasPath(fields: readonly FieldInfo[], path: readonly string[]): boolean {
  const [head, ...rest] = path
  const field = fields.find((candidate) => candidate.name === head)
  if (!field) return false
  return rest.length === 0 || hasPath(field.children ?? [], rest)
}

async function change(ctx: RequestContext, action: string, apply: (table: Table) => Promise<SchemaChangeResult>) {
  const ref: TableRef = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  if (typeof (await ctx.jsonBody()).branch === 'string') throw new CatalogError('unsupported', 'Branches are not supported by this reference catalog server.')
  const database = await ctx.database()
  // Through the client first, so a missing table is a clean 404.
  await database.client.table(ref).describe()
  try {
    const { version } = await withLanceTable(database, ref, apply)
    return json({ version: jsonNumber(version) })
  } catch (error) {
    throw error instanceof CatalogError ? error : fromLance(error, action, { table: ref })
  }
}

function arrayField(body: Record<string, unknown>, name: string): Record<string, unknown>[] {
  const value = body[name]
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))) {
    throw invalidRequest(`"${name}" must be a non-empty array of objects.`)
  }
  return value as Record<string, unknown>[]
}

function stringField(entry: Record<string, unknown>, name: string, where: string): string {
  const value = entry[name]
  if (typeof value !== 'string' || value.trim() === '') throw invalidRequest(`${where}: "${name}" must be a non-empty string.`)
  return value
}
