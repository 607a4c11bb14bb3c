/**
 * The bytes of one column's cells in a window of rows, read page by page through a table's
 * own rows read, so a window of large cells never holds more than one byte-capped page at
 * once, and each cell is cut to the caller's bound. A Lance blob column read this way
 * yields where its bytes are (a descriptor with their size), not the bytes: LanceTable reads
 * those bytes itself; elsewhere such a cell says why it was not read.
 */
import { DataType, type Field, type Table, type Vector } from 'apache-arrow'
import type { RowsPage } from '../shared/contract/tables'
import { ANSWER_IPC_BUDGET } from '../shared/arrow-preflight'
import { decodeArrowIpc } from '../shared/arrow-ipc-decode'
import { CatalogError } from '../shared/errors'
import type { CellBytes, CellBytesRequest } from './table-handle'

/** Why a blob column's bytes were not read where only its descriptors came back. */
export const BLOB_NOT_READ =
  "The rows of this Lance blob column hold where its bytes are, not the bytes, and they cannot be read this way (LanceDB's JavaScript SDK reads only blob v2 columns, at a table's files)."

/** The cells of `request.column` in the request's window, from pages that `read` answers. */
export async function bytesFromPages(read: (offset: number, limit: number) => Promise<RowsPage>, request: CellBytesRequest): Promise<CellBytes[]> {
  const cells: CellBytes[] = []
  while (cells.length < request.limit) {
    const asked = request.limit - cells.length
    const page = await read(request.offset + cells.length, asked)
    cells.push(...cellsOf(decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET), request))
    // A page short of what was asked, not cut by the byte cap, ends the rows.
    if (page.rowCount === 0 || (!page.truncated && page.rowCount < asked)) break
  }
  return cells
}

/** The cells of one decoded page. */
function cellsOf(rows: Table, request: CellBytesRequest): CellBytes[] {
  const column = rows.getChild(request.column)
  if (!column) throw new CatalogError('invalid_request', `The table has no column "${request.column}".`)
  const cells: CellBytes[] = []
  for (let i = 0; i < rows.numRows; i++) cells.push(cellOf(column, i, request))
  return cells
}

/**
 * The byte columns of a decoded page (binary, large binary and fixed-size binary columns,
 * and Lance blob columns) and, per row, per such column, its cell cut to `maxBytesPerCell`:
 * for a page that carries its bytes, such as a search's.
 */
export function byteCellsOfPage(rows: Table, maxBytesPerCell: number): { readonly columns: readonly string[]; readonly cells: readonly CellBytes[][] } {
  const columns = rows.schema.fields.filter((field) => holdsByteCells(field)).map((field) => field.name)
  const vectors = columns.map((name) => rows.getChild(name) as Vector)
  const cells: CellBytes[][] = []
  for (let i = 0; i < rows.numRows; i++) cells.push(vectors.map((vector, c) => cellOf(vector, i, { column: columns[c] as string, maxBytesPerCell })))
  return { columns, cells }
}

/** Whether a page's field holds bytes: a byte type, or a Lance blob column (whose cells are descriptors of where its bytes are). */
function holdsByteCells(field: Field): boolean {
  const { type } = field
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) return true
  const blob = field.metadata.get('ARROW:extension:name') === 'lance.blob.v2' || field.metadata.get('lance-encoding:blob') === 'true'
  return blob && DataType.isStruct(type) && type.children.some((child) => child.name === 'size')
}

function cellOf(column: Vector, i: number, request: Pick<CellBytesRequest, 'column' | 'maxBytesPerCell'>): CellBytes {
  const value: unknown = column.get(i)
  if (value === null || value === undefined) return null
  const { type } = column
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) {
    const bytes = value as Uint8Array
    // A copy, so the page's buffer is freed once the page is done with.
    return { size: bytes.length, bytes: bytes.slice(0, request.maxBytesPerCell) }
  }
  if (DataType.isStruct(type) && type.children.some((child) => child.name === 'size')) {
    const size = Number((value as { size?: unknown }).size)
    return { size: Number.isSafeInteger(size) ? size : null, bytes: null, unread: BLOB_NOT_READ }
  }
  throw new CatalogError('invalid_request', `Column "${request.column}" holds ${String(type)} values, not bytes.`)
}
