/**
 * A table's columns alone, in one request: the spec's describe route with detailed
 * metadata, without the stats, row count or data reads a full description adds. For
 * callers that describe many tables only for their column names and types (Find in
 * catalog); null when the catalog's answer holds no schema.
 */
import type { FieldInfo, TableRef } from '../../shared/catalog-types'
import type { CallOptions } from '../namespace-client'
import { CatalogError } from '../../shared/errors'
import type { HttpRequest, HttpTransport } from './http'
import { fieldsFromJsonSchema } from './json-schema'
import { isRecord } from './json-values'
import type { RestNames, RestTableTarget } from './rest-names'

/** How much of a describe answer a caller reads. */
export interface SchemaLimits {
  /** Top-level fields read: turning each into display info costs tens of microseconds, and a hostile schema may hold 100,000. */
  readonly fields: number
  /** Longest answer parsed. */
  readonly bytes: number
}

/** The spec's describe of a table with detailed metadata (the REST binding takes the flag as a query parameter; older servers read the body). */
export function describeRequest(target: RestTableTarget, options: CallOptions): HttpRequest {
  return {
    method: 'POST',
    path: `/v1/table/${target.encodedId}/describe`,
    query: { ...target.query, load_detailed_metadata: true },
    json: { id: target.id, load_detailed_metadata: true },
    idempotent: true,
    signal: options.signal,
    subject: target.subject,
    notFound: 'table_not_found'
  }
}

/**
 * The table's fields as the describe route reports them, or null when it reports none.
 * With `limits`, only the first fields are read, and a longer answer is refused unread; the
 * answer is then parsed by plain `JSON.parse`, several times faster on a large schema than
 * the transport's exact parse (which calls back for every value) and blocking the main
 * thread that much less: only names and types are read, no integer that needs every digit.
 */
export async function describeRestSchema(
  http: HttpTransport,
  names: RestNames,
  table: TableRef,
  options: CallOptions = {},
  limits?: SchemaLimits
): Promise<FieldInfo[] | null> {
  const request = describeRequest(names.target(table), options)
  if (!limits) {
    const body = await http.json(request)
    return isRecord(body) ? fieldsFromJsonSchema(body['schema']) : null
  }
  const response = await http.request(request)
  const what = `the description of ${names.tableName(table)}`
  if (response.body.length > limits.bytes) {
    throw new CatalogError('bad_response', `The server's answer to ${what} is larger than ${Math.round(limits.bytes / (1024 * 1024))} MiB.`)
  }
  let body: unknown
  try {
    body = response.body.length === 0 ? undefined : JSON.parse(response.body.toString('utf8'))
  } catch {
    throw new CatalogError('bad_response', `The server's answer to ${what} is not valid JSON.`)
  }
  const schema = isRecord(body) ? body['schema'] : undefined
  if (!isRecord(schema) || !Array.isArray(schema['fields']) || schema['fields'].length <= limits.fields)
    return isRecord(body) ? fieldsFromJsonSchema(schema) : null
  return fieldsFromJsonSchema({ ...schema, fields: schema['fields'].slice(0, limits.fields) })
}
