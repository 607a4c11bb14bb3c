/**
 * What edits need to know of a table: its Arrow schema at a version, its unenforced primary
 * key, which columns can be a key, and its rows with given keys at a version, read through
 * the table handle (so directory and REST catalogs alike).
 */
import { DataType, type Field, type Schema } from 'apache-arrow'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import { CatalogError } from '../../shared/errors'
import type { ExactInt } from '../../shared/exact-int'
import { MAX_FILTER_LENGTH } from '../../shared/input-bounds'
import type { CallOptions, TableHandle } from '../../catalog/table-handle'
import { rowsOf, type CellValue } from './arrow-cells'

/** The field metadata in which Lance records a column's place in the unenforced primary key. */
export const PRIMARY_KEY_METADATA = 'lance-schema:unenforced-primary-key:position'

/** Rows read per page while reading rows by key. */
const KEY_PAGE_ROWS = 10_000
/** Key filters read at once. */
const KEY_READS_AT_ONCE = 3

/** The table's Arrow schema at `version` (the latest when absent), with its field metadata, from its first row at most. */
export async function schemaAt(table: TableHandle, version: ExactInt | undefined, options?: CallOptions): Promise<Schema> {
  const page = await table.readRows({ offset: 0, limit: 1, ...(version === undefined ? {} : { version }) }, options)
  return decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET).schema
}

/** The column Lance records as the table's unenforced primary key (a single column), or null. */
export function primaryKeyOf(fields: readonly Field[]): string | null {
  const keyed = fields.filter((field) => field.metadata.has(PRIMARY_KEY_METADATA))
  return keyed.length === 1 ? (keyed[0] as Field).name : null
}

/** Why `field` cannot be the key rows are matched on, or null when it can. */
export function keyProblem(field: Field): string | null {
  if (field.name === '_rowid' || field.name === '_rowaddr') return `${field.name} is a row position, which a merge insert cannot match on`
  const type = field.type as DataType
  if (DataType.isInt(type) || DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return null
  return `column ${field.name} is of type ${String(type)}; a key is a whole number or text column`
}

/** A key value as Lance's SQL reads it: integers bare, text in single quotes with quotes doubled. */
export function keyLiteral(value: CellValue): string {
  return typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value)
}

/** A column name as Lance's SQL reads it. */
export function quoteColumn(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``
}

/** `column IN (...)` conditions covering `literals`, each within the bound of one SQL filter. */
export function inConditions(column: string, literals: readonly string[], maxLength = MAX_FILTER_LENGTH): string[] {
  const head = `${quoteColumn(column)} IN (`
  const conditions: string[] = []
  let part: string[] = []
  let length = head.length + 1
  for (const literal of literals) {
    if (part.length > 0 && length + literal.length + 1 > maxLength) {
      conditions.push(`${head}${part.join(',')})`)
      part = []
      length = head.length + 1
    }
    part.push(literal)
    length += literal.length + 1
  }
  if (part.length > 0) conditions.push(`${head}${part.join(',')})`)
  return conditions
}

/** Rows read by key: each key's row (cells in schema order), and the keys more than one row holds. */
export interface KeyedRows {
  readonly rows: Map<string, CellValue[]>
  readonly repeated: string[]
}

/** Orders SQL literals of one key column: whole numbers by value, quoted texts as texts. */
function compareLiterals(a: string, b: string): number {
  if (a.startsWith("'") || b.startsWith("'")) return a < b ? -1 : a > b ? 1 : 0
  const x = BigInt(a)
  const y = BigInt(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** The id a key value is known by in maps: its text (a column holds one type, so texts do not collide). */
export const keyId = (value: CellValue): string => String(value)

/** The rows at `version` (the latest when absent) whose `key` column holds one of `literals`, by key id. */
export async function rowsByKey(
  table: TableHandle,
  schema: Schema,
  key: string,
  literals: readonly string[],
  version: ExactInt | undefined,
  options?: CallOptions
): Promise<KeyedRows> {
  const keyIndex = schema.fields.findIndex((field) => field.name === key)
  const rows = new Map<string, CellValue[]>()
  const repeated: string[] = []
  // Lance's SQL engine looks a sorted IN list up about twice as fast as the same list unsorted.
  const sorted = [...literals].sort(compareLiterals)
  const readAll = async (filter: string): Promise<CellValue[][]> => {
    const found: CellValue[][] = []
    for (let offset = 0; ;) {
      const page = await table.readRows({ offset, limit: KEY_PAGE_ROWS, filter, ...(version === undefined ? {} : { version }) }, options)
      const read = decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET)
      if (read.schema.fields.length !== schema.fields.length) {
        throw new CatalogError('invalid_request', 'The table changed its columns while the edits were read; reload the table and edit again.')
      }
      found.push(...rowsOf(read))
      offset += page.rowCount
      if (page.rowCount === 0 || (!page.truncated && page.rowCount < KEY_PAGE_ROWS)) return found
    }
  }
  // Each filter is a scan of the key column; a few run at once, which on an object store
  // overlaps their requests' round trips.
  const filters = inConditions(key, sorted)
  for (let first = 0; first < filters.length; first += KEY_READS_AT_ONCE) {
    const parts = await Promise.all(filters.slice(first, first + KEY_READS_AT_ONCE).map(readAll))
    for (const row of parts.flat()) {
      const id = keyId(row[keyIndex])
      if (rows.has(id)) repeated.push(id)
      rows.set(id, row)
    }
  }
  return { rows, repeated }
}
