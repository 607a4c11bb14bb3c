/**
 * Search over the Lance REST spec: `QueryTable` (`POST /v1/table/{id}/query`) with
 * `vector`/`vector_column`/`distance_type`/`nprobes`/`refine_factor` or
 * `full_text_query`, plus `filter`, `columns` and `k`; `ExplainTableQueryPlan`
 * (`POST /v1/table/{id}/explain_plan`), which the REST binding answers as a bare JSON
 * string; and the table's indexes from `ListTableIndices` (with `DescribeTableIndexStats`
 * for an index listed without its type). A catalog without these routes is searched at
 * the table's location instead (see rest-table.ts).
 */
import type { FieldInfo } from '../../shared/catalog-types'
import type { SearchInfo, SearchSpec } from '../../shared/contract/search'
import type { RowsPage } from '../../shared/contract/tables'
import { CatalogError } from '../../shared/errors'
import { isFtsType, normalIndexType, scoringColumn } from '../lance/search'
import type { CallOptions } from '../namespace-client'
import { rowsOfIpc, toArrowStream } from './arrow-ipc'
import { checkAnswer } from './answer-bounds'
import type { HttpTransport } from './http'
import { listedIndexEntries } from './indexes'
import type { RestTableTarget } from './rest-names'

/** How the client addresses one table: encoded id, delimiter query, id parts and its name for messages. */

/** The `QueryTableRequest` body of a search. */
export function searchQueryBody(target: RestTableTarget, spec: SearchSpec): Record<string, unknown> {
  const { query } = spec
  const scoring = scoringColumn(spec)
  const columns =
    spec.columns && spec.columns.length > 0 ? { columns: { column_names: [...spec.columns.filter((c) => c !== scoring), ...(scoring ? [scoring] : [])] } } : {}
  const filter = spec.filter?.trim() ? { filter: spec.filter } : {}
  const search =
    query.kind === 'vector'
      ? {
          vector: { single_vector: [...query.vector] },
          vector_column: query.column,
          distance_type: query.distanceType,
          ...(query.nprobes !== undefined ? { nprobes: query.nprobes } : {}),
          ...(query.refineFactor !== undefined ? { refine_factor: query.refineFactor } : {})
        }
      : query.kind === 'fts'
        ? { vector: null, full_text_query: { string_query: { query: query.text } } }
        : { vector: null }
  return { id: [...target.id], k: query.k, ...search, ...filter, ...columns }
}

/** The rows a search finds, through the catalog's query route. */
export async function restSearchRows(http: HttpTransport, target: RestTableTarget, spec: SearchSpec, options: CallOptions = {}): Promise<RowsPage> {
  const response = await http.request({
    method: 'POST',
    path: `/v1/table/${target.encodedId}/query`,
    query: target.query,
    json: searchQueryBody(target, spec),
    idempotent: true,
    signal: options.signal,
    subject: target.subject,
    notFound: 'table_not_found'
  })
  const what = `the search of ${target.subject}`
  // At most k rows: the whole answer is one page, in whichever framing the server chose.
  const arrow = toArrowStream(response.body, what)
  checkAnswer(arrow, what)
  return { arrow, rowCount: rowsOfIpc(arrow, what), truncated: false }
}

/** The catalog's plan for a search: a bare JSON string, or `{ "plan": "…" }` from servers that send the model. */
export async function restExplainSearch(http: HttpTransport, target: RestTableTarget, spec: SearchSpec, options: CallOptions = {}): Promise<string> {
  const body = await http.json({
    method: 'POST',
    path: `/v1/table/${target.encodedId}/explain_plan`,
    query: target.query,
    json: { id: [...target.id], query: searchQueryBody(target, spec), verbose: false },
    idempotent: true,
    signal: options.signal,
    subject: target.subject,
    notFound: 'table_not_found'
  })
  if (typeof body === 'string') return body
  if (isRecord(body) && typeof body['plan'] === 'string') return body['plan']
  throw new CatalogError('bad_response', `The server's plan for the search of ${target.subject} is not text.`)
}

/** An index as `ListTableIndices` names it. */
interface ListedIndex {
  readonly name: string
  readonly columns: readonly string[]
  readonly type: string | null
}

/** Vector columns (from the table's fields) and FTS columns (from its indexes), through the index routes. */
export async function restSearchInfo(
  http: HttpTransport,
  target: RestTableTarget,
  fields: readonly FieldInfo[],
  options: CallOptions = {}
): Promise<SearchInfo> {
  const indexes = await listIndexes(http, target, options)
  const typed = await Promise.all(indexes.map(async (index) => ({ ...index, type: index.type ?? (await indexType(http, target, index.name, options)) })))
  const on = (column: string, fts: boolean): string | null =>
    typed.find((index) => index.columns.includes(column) && index.type !== null && isFtsType(index.type) === fts)?.type ?? null
  const vectorColumns = fields
    .filter((field) => field.dimension !== undefined && /^vector<float/.test(field.type))
    .map((field) => ({ name: field.name, dimension: field.dimension as number, indexType: normalIndexType(on(field.name, false)) }))
  return { vectorColumns, ftsColumns: fields.map((field) => field.name).filter((name) => on(name, true) !== null) }
}

async function listIndexes(http: HttpTransport, target: RestTableTarget, options: CallOptions): Promise<ListedIndex[]> {
  const found: ListedIndex[] = []
  for (const item of await listedIndexEntries(http, target, options)) {
    if (!isRecord(item) || typeof item['index_name'] !== 'string' || !Array.isArray(item['columns'])) continue
    const columns = item['columns'].filter((c): c is string => typeof c === 'string')
    found.push({ name: item['index_name'], columns, type: typeof item['index_type'] === 'string' ? item['index_type'] : null })
  }
  return found
}

async function indexType(http: HttpTransport, target: RestTableTarget, name: string, options: CallOptions): Promise<string | null> {
  const body = await http.json({
    method: 'POST',
    path: `/v1/table/${target.encodedId}/index/${encodeURIComponent(name)}/stats`,
    query: target.query,
    json: { id: [...target.id], index_name: name },
    idempotent: true,
    signal: options.signal,
    subject: target.subject,
    notFound: 'table_not_found'
  })
  return isRecord(body) && typeof body['index_type'] === 'string' ? body['index_type'] : null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
