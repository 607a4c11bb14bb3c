/**
 * Index types, distance metrics and the naming rule for new indexes, free of runtime
 * dependencies so the renderer can use them without loading the contract's schemas.
 */

/** Vector index types, the first being the default for a vector column. */
export const VECTOR_INDEX_TYPES = ['IVF_PQ', 'IVF_HNSW_SQ', 'IVF_HNSW_PQ', 'IVF_FLAT'] as const
/** Scalar index types (FTS for strings only, LABEL_LIST for lists only). */
export const SCALAR_INDEX_TYPES = ['BTREE', 'BITMAP', 'LABEL_LIST', 'FTS'] as const
/** Every index type the app can create, named as Lance and the REST spec name them. */
export const INDEX_TYPES = [...VECTOR_INDEX_TYPES, ...SCALAR_INDEX_TYPES] as const
/** An index type the app can create. */
export type IndexType = (typeof INDEX_TYPES)[number]
/** Distance metrics of vector indexes. */
export const DISTANCE_TYPES = ['l2', 'cosine', 'dot'] as const

/** True for the vector index types. */
export function isVectorIndexType(type: IndexType): boolean {
  return (VECTOR_INDEX_TYPES as readonly string[]).includes(type)
}

/** Names of new indexes: letters, digits, `_`, `-` and `.`, as LanceDB names its own (`vector_idx`). */
export const INDEX_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,200}$/
/** What a name breaking INDEX_NAME_PATTERN is told. */
export const INDEX_NAME_RULE = 'An index name is 1 to 200 letters, digits, "_", "-" or ".".'
