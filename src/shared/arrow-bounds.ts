/**
 * Checks decoded Arrow data against the bytes behind it before anything allocates per row.
 *
 * Decoding Arrow IPC (apache-arrow's `tableFromIPC`) only makes views over the bytes, and
 * takes a record batch's declared length on trust: a 296-byte stream can declare 2^31-1
 * rows, which every consumer (LanceDB's writer, a row reader) then allocates for until
 * the heap is gone. Here every column's declared length is held to the buffers that must
 * back it (values, offsets, validity, children), and the whole to a row budget.
 *
 * Structural types only, with Arrow's type ids as numbers, so that the renderer, main and
 * the reference server share it, and so that tables made by LanceDB's own copy of the
 * Arrow classes check the same way as ours.
 */

/** The parts of an Arrow `Data` (one column of one batch) this check reads. */
export interface ArrowDataLike {
  readonly typeId: number
  /** The column's type; `listSize` is read for fixed-size lists. */
  readonly type: object
  readonly offset: number
  readonly length: number
  readonly nullCount: number
  readonly stride: number
  readonly values?: { readonly length: number }
  readonly valueOffsets?: ArrayLike<number | bigint>
  readonly nullBitmap?: { readonly length: number }
  readonly typeIds?: { readonly length: number }
  /** Child columns; apache-arrow leaves some undefined in empty batches. */
  readonly children: readonly (ArrowDataLike | undefined)[]
  readonly dictionary?: { readonly data: readonly ArrowDataLike[] }
}

/** The parts of an Arrow `Table` this check reads. */
export interface ArrowTableLike {
  readonly numRows: number
  readonly batches: readonly { readonly data: ArrowDataLike }[]
}

/** The most rows an import may hold, by where it is read. */
export interface RowBudget {
  readonly maxRows: number
}

// Arrow's type ids (apache-arrow's `Type` enum).
const NULL = 1
const BINARY = 4
const UTF8 = 5
const BOOL = 6
const LIST = 12
const STRUCT = 13
const UNION = 14
const FIXED_SIZE_LIST = 16
const MAP = 17
const LARGE_BINARY = 19
const LARGE_UTF8 = 20
const LARGE_LIST = 21
const DICTIONARY = -1
const OFFSET_TYPES = new Set([BINARY, UTF8, LIST, MAP, LARGE_BINARY, LARGE_UTF8, LARGE_LIST])
const NESTING_LIMIT = 64

/**
 * Why `table` cannot be taken as it is, or null: more rows than `budget` allows, or a
 * column whose declared length its bytes do not back (a crafted or damaged file). Reads
 * only lengths and the last offset of each column: time linear in columns, not rows.
 */
export function arrowTableProblem(table: ArrowTableLike, budget: RowBudget): string | null {
  if (!(table.numRows <= budget.maxRows)) {
    return `The data declares ${table.numRows.toLocaleString('en')} rows; at most ${budget.maxRows.toLocaleString('en')} can be imported at once. Split it into smaller files.`
  }
  for (const batch of table.batches) {
    const problem = dataProblem(batch.data, 0)
    if (problem) return `The Arrow data is damaged or crafted: ${problem} Nothing was read.`
  }
  return null
}

function dataProblem(data: ArrowDataLike, depth: number): string | null {
  if (depth > NESTING_LIMIT) return `its columns nest more than ${NESTING_LIMIT} levels deep.`
  const end = data.offset + data.length
  if (!(Number.isSafeInteger(end) && data.length >= 0 && data.offset >= 0)) return 'a column declares an impossible length.'
  const short = `a column declares ${data.length.toLocaleString('en')} values that its bytes do not hold.`
  if (data.nullCount > 0 && data.typeId !== NULL && (data.nullBitmap?.length ?? 0) < Math.ceil(end / 8)) return short
  const { typeId } = data
  if (typeId === NULL) return null
  if (typeId === BOOL) {
    if ((data.values?.length ?? 0) < Math.ceil(end / 8)) return short
  } else if (OFFSET_TYPES.has(typeId)) {
    if (data.length > 0) {
      const offsets = data.valueOffsets
      if (!offsets || offsets.length < end + 1) return short
      const last = Number(offsets[end])
      const held = typeId === LIST || typeId === MAP || typeId === LARGE_LIST ? (data.children[0]?.length ?? 0) : (data.values?.length ?? 0)
      if (!(last >= 0 && last <= held)) return short
    }
  } else if (typeId === FIXED_SIZE_LIST) {
    if ((data.children[0]?.length ?? 0) < end * ((data.type as { readonly listSize?: number }).listSize ?? 0)) return short
  } else if (typeId === STRUCT) {
    if (data.children.some((child) => (child?.length ?? 0) < end)) return short
  } else if (typeId === UNION) {
    if ((data.typeIds?.length ?? 0) < end) return short
  } else if (data.values !== undefined || data.length > 0) {
    // Fixed-width values (numbers, dates, times, decimals, fixed-size binary, views, dictionary indices).
    if ((data.values?.length ?? 0) < end * data.stride) return short
  }
  for (const child of data.children) {
    const problem = child === undefined ? null : dataProblem(child, depth + 1)
    if (problem) return problem
  }
  if (typeId === DICTIONARY) {
    for (const part of data.dictionary?.data ?? []) {
      const problem = dataProblem(part, depth + 1)
      if (problem) return problem
    }
  }
  return null
}

/** Rows a table import read in the page (a file in the create-table dialog) may hold. */
export const FILE_IMPORT_BUDGET: RowBudget = { maxRows: 2_000_000 }
/** Bytes a file the create-table dialog reads may have (as much as one import request may carry). */
export const MAX_IMPORT_FILE_BYTES = 512 * 1024 * 1024
/** Rows one create request (in main, or at the reference server) may hold. */
export const CREATE_BUDGET: RowBudget = { maxRows: 100_000_000 }
