/**
 * Channels for a table's indexes and statistics: list, create (cancellable by operation
 * id), drop and optimize indexes, and count each column's nulls. The renderer imports only
 * types from here (the plain constants are in ../index-types.ts), so zod stays out of the page.
 */
import { z } from 'zod'
import { columnRef, connectionId, existingName, response, tableRef } from './common'
import { MAX_COLUMN_NAME_LENGTH } from '../input-bounds'
import { DISTANCE_TYPES, INDEX_NAME_PATTERN, INDEX_NAME_RULE, INDEX_TYPES } from '../index-types'
import type { ExactInt } from '../exact-int'

export { INDEX_TYPES, isVectorIndexType } from '../index-types'

/** One index of a table, as the Indexes view lists it. */
export interface IndexInfo {
  readonly name: string
  /** As the backend reports it (IVF_PQ, BTREE, FTS…); an unknown type passes through. */
  readonly indexType: string
  readonly columns: readonly string[]
  /** Rows the index covers; null when the backend does not say. */
  readonly indexedRows: number | null
  /** Rows added since the index was built or last optimized; null when unknown. */
  readonly unindexedRows: number | null
  /** The distance metric of a vector index. */
  readonly distanceType: string | null
}

/** What Optimize did. */
export interface OptimizeResult {
  readonly fragmentsRemoved: number
  readonly fragmentsAdded: number
}

/** The null count of one column; null with a reason when it could not be counted. */
export interface ColumnNulls {
  readonly column: string
  readonly nulls: ExactInt | null
  readonly problem?: string
}

const positive = z.number().int().min(1).max(1_000_000)

/** A name for a new index (INDEX_NAME_PATTERN). */
export const indexName = z.string().regex(INDEX_NAME_PATTERN, INDEX_NAME_RULE)

/** What to build: column, type, optional name and the type's parameters (absent: LanceDB's default). */
export const indexSpec = z
  .object({
    column: z.string().min(1, 'Choose a column to index.').pipe(columnRef),
    indexType: z.enum(INDEX_TYPES),
    name: indexName.optional(),
    distanceType: z.enum(DISTANCE_TYPES).optional(),
    numPartitions: positive.optional(),
    numSubVectors: positive.optional(),
    m: positive.optional(),
    efConstruction: positive.optional(),
    withPosition: z.boolean().optional()
  })
  .strict()

/** An index to create. */
export type IndexSpec = z.infer<typeof indexSpec>

/** Identifies a running create so Cancel can reach it. */
const operationId = z.string().min(1).max(100)

/** Index and statistics channels. */
export const indexesContract = {
  'indexes:list': {
    request: z.object({ connectionId, table: tableRef }).strict(),
    response: response<readonly IndexInfo[]>()
  },
  'indexes:create': {
    request: z.object({ connectionId, table: tableRef, spec: indexSpec, operationId }).strict(),
    response: response<null>()
  },
  /** True when a create of that id was running and was asked to stop. */
  'indexes:cancel': {
    request: z.object({ operationId }).strict(),
    response: response<boolean>()
  },
  'indexes:drop': {
    request: z.object({ connectionId, table: tableRef, name: existingName('An index name', MAX_COLUMN_NAME_LENGTH) }).strict(),
    response: response<null>()
  },
  'indexes:optimize': {
    request: z.object({ connectionId, table: tableRef }).strict(),
    response: response<OptimizeResult>()
  },
  'stats:nullCounts': {
    request: z.object({ connectionId, table: tableRef, columns: z.array(columnRef).min(1).max(1000) }).strict(),
    response: response<readonly ColumnNulls[]>()
  }
} as const
