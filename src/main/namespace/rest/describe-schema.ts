/**
 * A table's columns alone, in one request: the spec's describe route with detailed
 * metadata, without the stats, row count or data reads a full description adds. For
 * callers that describe many tables only for their column names and types (Find in
 * catalog); null when the catalog's answer holds no schema.
 */
import type { FieldInfo, TableRef } from '../../../shared/catalog-types'
import type { CallOptions } from '../namespace-client'
import type { HttpTransport } from './http'
import { fieldsFromJsonSchema } from './json-schema'
import { isRecord } from './json-values'
import { pathSegment } from './path-segment'
import type { RestNames } from './rest-names'

/** The table's fields as the describe route reports them, or null when it reports none. */
export async function describeRestSchema(http: HttpTransport, names: RestNames, table: TableRef, options: CallOptions = {}): Promise<FieldInfo[] | null> {
  const body = await http.json({
    method: 'POST',
    path: `/v1/table/${pathSegment(names.tableId(table))}/describe`,
    query: { delimiter: names.tableDelimiter(table), load_detailed_metadata: true },
    json: { id: [...table.namespace, table.name], load_detailed_metadata: true },
    idempotent: true,
    signal: options.signal,
    subject: names.tableName(table),
    notFound: 'table_not_found'
  })
  return isRecord(body) ? fieldsFromJsonSchema(body['schema']) : null
}
