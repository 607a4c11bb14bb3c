/**
 * Schema evolution over REST: the spec's AlterTableAddColumns (`add_columns`),
 * AlterTableAlterColumns (`alter_columns`) and AlterTableDropColumns (`drop_columns`),
 * each answering `{ version }`. A catalog without the routes is handled by the caller
 * (rest-table.ts falls back to the table's location).
 */
import type { ColumnAlteration, NewColumn, SchemaChangeResult } from '../../shared/contract/schema'
import { CatalogError } from '../../shared/errors'
import type { CallOptions } from '../namespace-client'
import type { HttpTransport } from './http'
import { count } from './json-values'
import type { RestTableTarget } from './rest-names'

/** `POST /v1/table/{id}/add_columns` with each column's SQL expression. */
export function restAddColumns(
  http: HttpTransport,
  target: RestTableTarget,
  columns: readonly NewColumn[],
  options: CallOptions = {}
): Promise<SchemaChangeResult> {
  const new_columns = columns.map((c) => ({ name: c.name, expression: c.expression }))
  return change(http, target, 'add_columns', { new_columns }, options)
}

/** `POST /v1/table/{id}/alter_columns` with renames and nullability changes. */
export function restAlterColumns(
  http: HttpTransport,
  target: RestTableTarget,
  alterations: readonly ColumnAlteration[],
  options: CallOptions = {}
): Promise<SchemaChangeResult> {
  const entries = alterations.map((a) => ({
    path: a.path,
    ...(a.rename !== undefined ? { rename: a.rename } : {}),
    ...(a.nullable !== undefined ? { nullable: a.nullable } : {})
  }))
  return change(http, target, 'alter_columns', { alterations: entries }, options)
}

/** `POST /v1/table/{id}/drop_columns`. */
export function restDropColumns(
  http: HttpTransport,
  target: RestTableTarget,
  columns: readonly string[],
  options: CallOptions = {}
): Promise<SchemaChangeResult> {
  return change(http, target, 'drop_columns', { columns: [...columns] }, options)
}

async function change(
  http: HttpTransport,
  target: RestTableTarget,
  action: string,
  fields: Record<string, unknown>,
  options: CallOptions
): Promise<SchemaChangeResult> {
  const body = await http.json({
    method: 'POST',
    path: `/v1/table/${target.encodedId}/${action}`,
    query: target.query,
    json: { id: [...target.id], ...fields },
    idempotent: false,
    signal: options.signal,
    subject: target.subject,
    notFound: 'table_not_found'
  })
  const version = count(typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['version'] : undefined)
  if (version === null) {
    throw new CatalogError('bad_response', `The server's answer to ${action.replace('_', ' ')} on ${target.subject} has no version.`)
  }
  return { version }
}
