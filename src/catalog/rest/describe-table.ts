/**
 * A REST catalog's description of a table: the spec's describe route with detailed
 * metadata, rows, fragments and bytes from its stats route, and what a server leaves out
 * filled in from count_rows and the first row's schema.
 */
import type { FieldInfo, TableDescription, TableRef } from '../../shared/catalog-types'
import { CatalogError } from '../../shared/errors'
import { approximate } from '../../shared/exact-int'
import { describeFields } from '../arrow-schema'
import type { CallOptions, TableHandle } from '../table-handle'
import { describeRequest } from './describe-schema'
import { schemaOfIpc } from './arrow-ipc'
import type { HttpTransport } from './http'
import { fieldsFromJsonSchema } from './json-schema'
import { count, isRecord } from './json-values'
import type { RestNames } from './rest-names'
import type { TableStatsReader } from './table-stats'
import { isUnsupportedOperation } from './unsupported'

/** What a description is read through: the connection's transport, names and stats reader, and the table's own data routes. */
export interface DescribeHost {
  readonly http: HttpTransport
  readonly names: RestNames
  readonly stats: TableStatsReader
  readonly data: Pick<TableHandle, 'countRows' | 'readRows'>
}

export async function describeRestTable(host: DescribeHost, table: TableRef, options: CallOptions = {}): Promise<TableDescription> {
  const { http, names } = host
  const target = names.target(table)
  const body = await http.json(describeRequest(target, options))
  if (!isRecord(body)) throw new CatalogError('bad_response', `The server's description of ${names.tableName(table)} is not a JSON object.`)
  const described = isRecord(body['stats']) ? body['stats'] : {}
  const reportedFields = fieldsFromJsonSchema(body['schema'])
  // Rows, fragments and bytes from the spec's stats operation; without it, a row count
  // some servers put on describe, else count_rows. A server that ignores
  // load_detailed_metadata answers only the location; the data routes fill in the schema.
  const stats = await host.stats.read(target, options)
  const reportedRows = stats?.rows ?? count(described['num_rows']) ?? count(body['num_rows'])
  const [rowCount, fields] = await Promise.all([
    reportedRows ?? optional(() => host.data.countRows(undefined, options)),
    reportedFields ?? optional(() => fieldsFromData(host, table, options)).then((found) => found ?? [])
  ])
  const location = typeof body['location'] === 'string' ? body['location'] : typeof body['table_uri'] === 'string' ? body['table_uri'] : null
  const fragments = count(described['num_fragments'])
  const sizes = stats ? { fragmentCount: stats.fragments, totalBytes: stats.bytes } : { fragmentCount: fragments === null ? null : approximate(fragments) }
  return { table, location, version: count(body['version']), rowCount, fields, ...sizes }
}

async function fieldsFromData(host: DescribeHost, table: TableRef, options: CallOptions): Promise<FieldInfo[]> {
  const { arrow } = await host.data.readRows({ offset: 0, limit: 1 }, options)
  return describeFields(schemaOfIpc(arrow, `the query on ${host.names.tableName(table)}`))
}

/** Runs a fallback lookup, turning "this server has no such route" into null. */
async function optional<T>(lookup: () => Promise<T>): Promise<T | null> {
  try {
    return await lookup()
  } catch (error) {
    if (isUnsupportedOperation(error)) return null
    throw error
  }
}
