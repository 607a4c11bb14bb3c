/**
 * Search on a table LanceDB has opened: nearest neighbours of a vector and full-text
 * search, with the view's columns and SQL filter, their plans, and what the table offers
 * to search. Directory catalogs, REST catalogs read at the table's location and the
 * reference server's query routes all search through these functions.
 */
import { Type, type Field } from 'apache-arrow'
import type { Query, Table as LanceTable, VectorQuery } from '@lancedb/lancedb'
import { READ_PAGE_MAX_BYTES, type RowsPage } from '../../shared/contract/tables'
import { DISTANCE_COLUMN, SCORE_COLUMN, type SearchInfo, type SearchSpec, type VectorColumnInfo } from '../../shared/contract/search'
import { CatalogError } from '../../shared/errors'
import { lanceArrow } from '../lance-arrow'
import { pageFromBatches } from '../rows-page'
import { boundedFilter } from './bounded-sql'
import { tableSchema } from './table-handles'

/** The rows a search finds (at most k, in one page of at most `maxBytes`), scoring column included. */
export async function searchLanceRows(table: LanceTable, spec: SearchSpec, maxBytes = READ_PAGE_MAX_BYTES): Promise<RowsPage> {
  const query = await lanceQuery(table, spec)
  const page = await pageFromBatches(query, spec.query.k, maxBytes)
  if (page) return page
  // No match: answer the columns the search would have had, so the grid can say "no rows".
  const empty = await query.toArrow()
  return { arrow: lanceArrow.tableToIPC(empty, 'stream'), rowCount: 0, truncated: false }
}

/** LanceDB's plan for the search, as text. */
export async function explainLanceSearch(table: LanceTable, spec: SearchSpec, verbose = false): Promise<string> {
  return (await lanceQuery(table, spec)).explainPlan(verbose)
}

/** The table's vector columns (with dimension and index type) and its full-text indexed columns. */
export async function lanceSearchInfo(table: LanceTable): Promise<SearchInfo> {
  const [schema, indices] = await Promise.all([table.schema(), table.listIndices()])
  const indexType = (column: string, fts: boolean): string | null =>
    indices.find((index) => index.columns.includes(column) && isFtsType(index.indexType) === fts)?.indexType ?? null
  const vectorColumns = vectorColumnsOf(schema.fields).map((column) => ({ ...column, indexType: normalIndexType(indexType(column.name, false)) }))
  const ftsColumns = schema.fields.map((field) => field.name).filter((name) => indexType(name, true) !== null)
  return { vectorColumns, ftsColumns }
}

/** Top-level fixed-size lists of floats: the columns LanceDB can search by vector. */
export function vectorColumnsOf(fields: readonly Field[]): Omit<VectorColumnInfo, 'indexType'>[] {
  return fields.flatMap((field) => {
    const type = field.type as { typeId: Type; listSize?: number; children?: readonly Field[] }
    const item = type.children?.[0]
    if (type.typeId !== Type.FixedSizeList || item?.type.typeId !== Type.Float || !type.listSize) return []
    return [{ name: field.name, dimension: type.listSize }]
  })
}

/** True for LanceDB's names of full-text index types (`FTS`, `INVERTED`). */
export function isFtsType(indexType: string): boolean {
  return /^(fts|inverted)$/i.test(indexType)
}

/** `IvfPq` (LanceDB's JavaScript name) as `IVF_PQ`, the name the spec and LanceDB's docs use. */
export function normalIndexType(indexType: string | null): string | null {
  if (indexType === null) return null
  return indexType.includes('_') ? indexType.toUpperCase() : indexType.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()
}

/**
 * Checks a vector search against the table's schema: the column is a vector column and
 * the query vector has its dimension. Throws an `invalid_request` naming both otherwise.
 */
export function checkVectorSearch(fields: readonly Field[], spec: SearchSpec): void {
  const { query } = spec
  if (query.kind !== 'vector') return
  const columns = vectorColumnsOf(fields)
  const column = columns.find((c) => c.name === query.column)
  if (!column) {
    const known =
      columns.length > 0 ? `Its vector columns are ${columns.map((c) => `"${c.name}"`).join(', ')}.` : 'It has no vector column (a fixed-size list of floats).'
    throw new CatalogError('invalid_request', `Column "${query.column}" is not a vector column of this table. ${known}`, { column: query.column })
  }
  if (query.vector.length !== column.dimension) {
    throw new CatalogError(
      'invalid_request',
      `The query vector has ${query.vector.length} values, but column "${column.name}" holds vectors of ${column.dimension}. Give a vector of exactly ${column.dimension} numbers.`,
      { column: column.name, dimension: column.dimension, length: query.vector.length }
    )
  }
}

/** The column LanceDB scores a search's rows in: `_distance`, `_score`, or none for a plain scan. */
export function scoringColumn(spec: SearchSpec): string | null {
  return spec.query.kind === 'vector' ? DISTANCE_COLUMN : spec.query.kind === 'fts' ? SCORE_COLUMN : null
}

async function lanceQuery(table: LanceTable, spec: SearchSpec): Promise<Query | VectorQuery> {
  const { query } = spec
  let built: Query | VectorQuery
  if (query.kind === 'vector') {
    checkVectorSearch((await tableSchema(table)).fields, spec)
    let vector = table.vectorSearch(query.vector).column(query.column).distanceType(query.distanceType)
    if (query.nprobes !== undefined) vector = vector.nprobes(query.nprobes)
    if (query.refineFactor !== undefined) vector = vector.refineFactor(query.refineFactor)
    built = vector
  } else if (query.kind === 'fts') {
    built = table.query().fullTextSearch(query.text)
  } else {
    built = table.query()
  }
  built = built.limit(query.k)
  // The scoring column is named with the others, so LanceDB keeps it whatever columns are chosen.
  const scoring = scoringColumn(spec)
  if (spec.columns && spec.columns.length > 0) built = built.select([...spec.columns.filter((c) => c !== scoring), ...(scoring ? [scoring] : [])])
  const filter = boundedFilter(spec.filter)
  if (filter !== undefined) built = built.where(filter)
  return built
}
