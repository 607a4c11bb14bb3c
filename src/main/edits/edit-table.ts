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
import type { CallOptions, TableHandle } from '../../catalog/table-handle'
import { keyListParts, type KeyList } from '../../catalog/key-list'
import { rowsOf, type CellValue } from './arrow-cells'

/** The field metadata in which Lance records a column's place in the unenforced primary key. */
export const PRIMARY_KEY_METADATA = 'lance-schema:unenforced-primary-key:position'

/** Rows read per page while reading rows by key in parts (over a catalog's routes). */
const KEY_PAGE_ROWS = 10_000
/** Key lists read at once, where they are read in parts. */
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

/** Rows read by key: each key's row (cells in schema order), and the keys more than one row holds. */
export interface KeyedRows {
  readonly rows: Map<string, CellValue[]>
  readonly repeated: string[]
}

/** SQL literals of one key column in order: whole numbers by value (each read once), quoted texts as texts. */
function sortLiterals(literals: readonly string[]): string[] {
  if (literals.some((literal) => literal.startsWith("'"))) return [...literals].sort()
  return literals
    .map((literal) => ({ literal, value: BigInt(literal) }))
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .map((entry) => entry.literal)
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
  const sorted = sortLiterals(literals)
  if (sorted.length === 0) return { rows, repeated }
  const bound = table.keyReadBound(version)
  const readAll = async (keys: KeyList): Promise<CellValue[][]> => {
    // A page of one more row than keys: a full one means a key names more than one row.
    const limit = bound === null ? keys.literals.length + 1 : KEY_PAGE_ROWS
    const found: CellValue[][] = []
    for (let offset = 0; ;) {
      const page = await table.readRows({ offset, limit, keys, ...(version === undefined ? {} : { version }) }, options)
      const read = decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET)
      if (read.schema.fields.length !== schema.fields.length) {
        throw new CatalogError('invalid_request', 'The table changed its columns while the edits were read; reload the table and edit again.')
      }
      found.push(...rowsOf(read))
      offset += page.rowCount
      if (page.rowCount === 0 || (!page.truncated && page.rowCount < limit)) return found
    }
  }
  // Each read is a scan of the key column: one for every key where the table takes a list
  // of any length; else parts within a filter's bounds, a few at once, which on an object
  // store overlaps their requests' round trips.
  const whole = { column: key, literals: sorted }
  const lists = bound === null ? [whole] : keyListParts(whole, bound)
  for (let first = 0; first < lists.length; first += KEY_READS_AT_ONCE) {
    const parts = await Promise.all(lists.slice(first, first + KEY_READS_AT_ONCE).map(readAll))
    for (const row of parts.flat()) {
      const id = keyId(row[keyIndex])
      if (rows.has(id)) repeated.push(id)
      rows.set(id, row)
    }
  }
  return { rows, repeated }
}
