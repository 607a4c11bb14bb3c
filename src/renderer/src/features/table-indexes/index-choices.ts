/**
 * Which index types a column can take, from its type as the schema shows it, the first
 * being the default; and sensible starting parameters for a vector index.
 */
import type { FieldInfo } from '@shared/catalog-types'
import { VECTOR_INDEX_TYPES, type IndexType } from '@shared/index-types'

const INTEGER = /^u?int(8|16|32|64)$/
const SCALAR = /^(float(16|32|64)|bool|date(32|64)|time(32|64)\[.*\]|timestamp\[.*\]|decimal.*|fixed_size_binary\[\d+\]|binary|large_binary)$/

/** The index types offered for `field`, default first; empty when it cannot be indexed. */
export function indexTypesFor(field: FieldInfo): readonly IndexType[] {
  const type = field.type
  if (type.startsWith('vector<')) return VECTOR_INDEX_TYPES
  if (type.startsWith('list<') || type.startsWith('large_list<')) return ['LABEL_LIST']
  if (type === 'utf8' || type === 'large_utf8') return ['BTREE', 'BITMAP', 'FTS']
  if (INTEGER.test(type) || SCALAR.test(type)) return ['BTREE', 'BITMAP']
  return []
}

/** The columns that can take at least one index type. */
export function indexableFields(fields: readonly FieldInfo[]): FieldInfo[] {
  return fields.filter((field) => indexTypesFor(field).length > 0)
}

/** What each type is good for, shown under the type choice. */
export const INDEX_TYPE_HINTS: Readonly<Record<IndexType, string>> = {
  IVF_PQ: 'Vector search over large tables: partitions plus product quantization (small, approximate).',
  IVF_HNSW_SQ: 'Vector search with an HNSW graph per partition and scalar quantization (fast, more memory).',
  IVF_HNSW_PQ: 'Vector search with an HNSW graph per partition and product quantization.',
  IVF_FLAT: 'Vector search over partitions without compression (exact within the searched partitions).',
  BTREE: 'Filters and sorts on columns with many distinct values.',
  BITMAP: 'Filters on columns with few distinct values (categories, flags).',
  LABEL_LIST: 'Filters on list columns: array_has_any / array_has_all.',
  FTS: 'Full-text search on the words of a text column.'
}

/**
 * Starting partitions for a vector index: about the square root of the rows (LanceDB's
 * own rule of thumb), at least 1.
 */
export function defaultPartitions(rows: number | null): number {
  return Math.max(1, Math.round(Math.sqrt(rows ?? 1)))
}

/**
 * Starting PQ sub-vectors: the dimension over 16, 8 or 4 where it divides evenly (each
 * sub-vector then covers a few dimensions), else 1.
 */
export function defaultSubVectors(dimension: number | undefined): number {
  if (!dimension) return 1
  for (const width of [16, 8, 4]) if (dimension % width === 0 && dimension >= width) return dimension / width
  return 1
}
