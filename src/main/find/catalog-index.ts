/**
 * One connection's index for Find in catalog: the namespaces and tables the listings
 * found and, per table once described, its columns with their types. Names and types
 * only: never a row, a location or a property. Bounded, so a huge catalog cannot grow it
 * without limit; what does not fit is counted and said.
 */
import type { FieldInfo } from '../../shared/catalog-types'
import type { NamespacePath } from '../../shared/namespace-path'
import { DEFAULT_CRAWL_BUDGET } from './find-budget'

/** A column as the index keeps it: a nested field is named `parent.child`. */
export interface IndexedColumn {
  readonly name: string
  readonly type: string
  readonly dimension?: number
  /** `name` in lower case, for matching. */
  readonly lower: string
  /** `type` in lower case, for `type:` filters (one shared string per distinct type). */
  readonly typeLower: string
}

/** A table as the index keeps it; `columns` is null until the table was described. */
export interface IndexedTable {
  readonly namespace: NamespacePath
  readonly name: string
  readonly lower: string
  readonly columns: readonly IndexedColumn[] | null
}

/** A namespace as the index keeps it. */
export interface IndexedNamespace {
  readonly path: NamespacePath
  readonly lower: string
}

/** Most namespaces and tables one index holds. */
const MAX_INDEXED_NAMESPACES = DEFAULT_CRAWL_BUDGET.namespaces
const MAX_INDEXED_TABLES = DEFAULT_CRAWL_BUDGET.tables
/** Most columns kept per table (nested fields included) and deepest nesting followed. */
const MAX_COLUMNS_PER_TABLE = DEFAULT_CRAWL_BUDGET.fieldsPerTable
const MAX_FIELD_DEPTH = 4
/** Longest type string kept (a struct's spelled-out type is cut well before). */
const MAX_TYPE_CHARS = 256

/** Bytes a string costs the index: UTF-16, as V8 holds any name with a character past Latin-1. */
function bytesOf(text: string): number {
  return text.length * 2
}

/**
 * About the heap a namespace, table or column entry takes: its name and lower-case copy
 * (and a column's type), and the objects and list slots around them (measured at about
 * 100 bytes a column).
 */
function entryBytes(name: string, type = ''): number {
  return ENTRY_BYTES + 2 * bytesOf(name) + bytesOf(type)
}

/** The heap an entry takes besides its strings. */
const ENTRY_BYTES = 96

/** The key of a path or table in the index's maps. */
export function pathKey(path: NamespacePath): string {
  return path.join('\u0000')
}

/** The key of a table. */
export function tableKeyOf(namespace: NamespacePath, name: string): string {
  return pathKey([...namespace, name])
}

/** A table's place among the tables: its rank, the tie-breaker of results. */
export interface TableSlot {
  readonly table: IndexedTable
  /** Grows with the table's key (namespace path, then name); a table added between two moves no other. */
  readonly rank: number
}

/** Columns sharing one name, type or dimension; read it with `eachColumn`. */
export interface ColumnGroup {
  readonly columns: readonly IndexedColumn[]
}

interface Slot {
  readonly key: string
  readonly table: { readonly namespace: NamespacePath; readonly name: string; readonly lower: string; columns: readonly IndexedColumn[] | null }
  rank: number
  /** The table's columns as now described; replaced when they are, null once it is dropped, which kills the old entries in the groups. */
  described: Described | null
}

/** One description of a table: the groups' entries point here, so replacing it kills them all at once. */
interface Described {
  readonly slot: Slot
}

/** Parallel lists, no object per column: entry `i` is `columns[i]` of `described[i]`. */
interface Group {
  described: Described[]
  columns: IndexedColumn[]
  /** Dead entries; they are swept once they are half the group. */
  dead: number
}

/** The rank step between tables added in key order; a table added between two takes the middle. */
const RANK_STEP = 1024

/** Names and types of one catalog. */
export class CatalogIndex {
  readonly namespaces = new Map<string, IndexedNamespace>()
  readonly tables = new Map<string, IndexedTable>()
  /** Entries refused because the index was full. */
  overflow = 0
  /** Bytes held, about (see `entryBytes`), bounded by `maxBytes`. */
  bytes = 0
  readonly #slots = new Map<string, Slot>()
  /** Every table's slot in key order, kept sorted as tables come and go. */
  #order: Slot[] = []
  /**
   * The columns grouped by lower-case name, by type and by dimension, kept current as
   * tables change (never made again on a query): thousands of tables share a few names
   * and types, so a query matches each distinct name once and visits only the columns
   * that can match.
   */
  readonly #byName = new Map<string, Group>()
  readonly #byType = new Map<string, Group>()
  readonly #byDimension = new Map<number, Group>()

  /** `maxBytes`: the most bytes held; what would pass it is refused and counted in `overflow`. */
  constructor(readonly maxBytes: number = DEFAULT_CRAWL_BUDGET.indexBytes) {}

  /** A table's slot (its rank) by key. */
  slotOf(key: string): TableSlot | undefined {
    return this.#slots.get(key)
  }

  /** Every column grouped by lower-case name. */
  columnsByName(): ReadonlyMap<string, ColumnGroup> {
    return this.#byName
  }

  /**
   * Groups holding every column whose type contains `type` and whose dimension is
   * `dimension` (either may be null): that dimension's group or the matching types',
   * whichever is smaller. The caller still checks both.
   */
  columnsOfType(type: string | null, dimension: number | null): ColumnGroup[] {
    const sized = dimension === null ? null : this.#byDimension.get(dimension)
    if (type === null) return sized ? [sized] : []
    const typed: Group[] = []
    let count = 0
    for (const [lower, group] of this.#byType) {
      if (!lower.includes(type)) continue
      typed.push(group)
      count += group.columns.length
    }
    if (dimension === null) return typed
    if (!sized) return []
    return sized.columns.length < count ? [sized] : typed
  }

  /** Adds a namespace and every parent it implies; the root is never listed. */
  addNamespace(path: NamespacePath): void {
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth)
      const key = pathKey(prefix)
      if (this.namespaces.has(key)) continue
      const name = prefix[prefix.length - 1] ?? ''
      if (this.namespaces.size >= MAX_INDEXED_NAMESPACES || !this.#spend(entryBytes(name))) {
        this.overflow++
        return
      }
      this.namespaces.set(key, { path: prefix, lower: name.toLowerCase() })
    }
  }

  /** Adds a table (keeping its columns if it was known); false when the index is full. */
  addTable(namespace: NamespacePath, name: string, columns: readonly IndexedColumn[] | null = null): boolean {
    this.addNamespace(namespace)
    const key = tableKeyOf(namespace, name)
    const existing = this.#slots.get(key)
    if (existing) {
      if (columns) this.#describe(existing, columns)
      return true
    }
    if (this.tables.size >= MAX_INDEXED_TABLES || !this.#spend(entryBytes(name))) {
      this.overflow++
      return false
    }
    const slot: Slot = { key, table: { namespace: [...namespace], name, lower: name.toLowerCase(), columns: null }, rank: 0, described: null }
    this.#slots.set(key, slot)
    this.tables.set(key, slot.table)
    this.#rank(slot)
    if (columns) this.#describe(slot, columns)
    return true
  }

  /** Sets a table's columns from its described schema. */
  setColumns(namespace: NamespacePath, name: string, fields: readonly FieldInfo[]): void {
    const slot = this.#slots.get(tableKeyOf(namespace, name))
    if (slot) this.#describe(slot, flattenFields(fields))
  }

  /** Forgets a table. */
  removeTable(namespace: NamespacePath, name: string): void {
    const slot = this.#slots.get(tableKeyOf(namespace, name))
    if (!slot) return
    this.#forget(slot)
    this.#order.splice(this.#position(slot.key), 1)
  }

  /** Moves a table to a new name, keeping its columns. */
  renameTable(namespace: NamespacePath, name: string, newName: string): void {
    const table = this.tables.get(tableKeyOf(namespace, name))
    this.removeTable(namespace, name)
    this.addTable(namespace, newName, table?.columns ?? null)
  }

  /** Forgets a namespace and everything under it. */
  removeNamespace(path: NamespacePath): void {
    const key = pathKey(path)
    const under = (other: string): boolean => other === key || other.startsWith(`${key}\u0000`)
    for (const [other, namespace] of [...this.namespaces]) {
      if (!under(other)) continue
      this.namespaces.delete(other)
      this.bytes -= entryBytes(namespace.lower)
    }
    const gone = this.#order.filter((slot) => under(pathKey(slot.table.namespace)))
    if (gone.length === 0) return
    for (const slot of gone) this.#forget(slot)
    this.#order = this.#order.filter((slot) => this.#slots.has(slot.key))
  }

  /** Tables not described yet. */
  undescribed(): IndexedTable[] {
    return [...this.tables.values()].filter((table) => table.columns === null)
  }

  /** Counts for the status line. */
  counts(): { namespaces: number; tables: number; described: number; columns: number } {
    let described = 0
    let columns = 0
    for (const table of this.tables.values()) {
      if (table.columns === null) continue
      described++
      columns += table.columns.length
    }
    return { namespaces: this.namespaces.size, tables: this.tables.size, described, columns }
  }

  /** Adds everything of `other` this index lacks (a refresh cut short keeps what it found). */
  mergeFrom(other: CatalogIndex): void {
    for (const namespace of other.namespaces.values()) this.addNamespace(namespace.path)
    for (const table of other.tables.values()) this.addTable(table.namespace, table.name, table.columns)
  }

  /** Where `key` is, or would go, in the key order. */
  #position(key: string): number {
    let low = 0
    let high = this.#order.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.#order[middle] as Slot).key < key) low = middle + 1
      else high = middle
    }
    return low
  }

  /** Puts a new table in the key order with a rank between its neighbours'; all are ranked again when none is left between. */
  #rank(slot: Slot): void {
    const at = this.#position(slot.key)
    const before = this.#order[at - 1]?.rank
    const after = this.#order[at]?.rank
    this.#order.splice(at, 0, slot)
    const rank = before === undefined ? (after === undefined ? 0 : after - RANK_STEP) : after === undefined ? before + RANK_STEP : (before + after) / 2
    if ((before === undefined || before < rank) && (after === undefined || rank < after)) slot.rank = rank
    else for (const [i, each] of this.#order.entries()) each.rank = i * RANK_STEP
  }

  /** Counts `bytes` more held; false (and nothing counted) when they would pass the bound. */
  #spend(bytes: number): boolean {
    if (this.bytes + bytes > this.maxBytes) return false
    this.bytes += bytes
    return true
  }

  /** Replaces a table's columns in the groups; columns that would pass the bound on bytes are not kept (the table stays, undescribed). */
  #describe(slot: Slot, columns: readonly IndexedColumn[]): void {
    this.#unlink(slot)
    if (!this.#spend(columnBytes(columns))) {
      slot.table.columns = null
      this.overflow++
      return
    }
    slot.table.columns = columns
    const described: Described = { slot }
    slot.described = described
    for (const column of columns) {
      link(this.#byName, column.lower, described, column)
      link(this.#byType, column.typeLower, described, column)
      if (column.dimension !== undefined) link(this.#byDimension, column.dimension, described, column)
    }
  }

  /** Kills a table's entries in the groups. */
  #unlink(slot: Slot): void {
    if (!slot.described) return
    slot.described = null
    this.bytes -= columnBytes(slot.table.columns ?? [])
    for (const column of slot.table.columns ?? []) {
      unlink(this.#byName, column.lower)
      unlink(this.#byType, column.typeLower)
      if (column.dimension !== undefined) unlink(this.#byDimension, column.dimension)
    }
  }

  /** Forgets a table everywhere but in the key order (the caller takes it out there). */
  #forget(slot: Slot): void {
    this.#unlink(slot)
    this.bytes -= entryBytes(slot.table.name)
    this.#slots.delete(slot.key)
    this.tables.delete(slot.key)
  }
}

/** Bytes of names a table's columns hold. */
function columnBytes(columns: readonly IndexedColumn[]): number {
  let bytes = 0
  for (const column of columns) bytes += entryBytes(column.name, column.type)
  return bytes
}

/** Calls `visit` for each live entry of a group. */
export function eachColumn(group: ColumnGroup, visit: (slot: TableSlot, column: IndexedColumn) => void): void {
  const { described, columns } = group as Group
  for (let i = 0; i < described.length; i++) {
    const entry = described[i] as Described
    if (entry.slot.described === entry) visit(entry.slot, columns[i] as IndexedColumn)
  }
}

function link<K>(groups: Map<K, Group>, key: K, described: Described, column: IndexedColumn): void {
  const group = groups.get(key)
  if (group) {
    group.described.push(described)
    group.columns.push(column)
  } else {
    groups.set(key, { described: [described], columns: [column], dead: 0 })
  }
}

/** Counts one more dead entry in a group; sweeps the dead once they are half of it, and drops the group once it is empty. */
function unlink<K>(groups: Map<K, Group>, key: K): void {
  const group = groups.get(key)
  if (!group) return
  group.dead++
  if (group.dead === group.columns.length) groups.delete(key)
  else if (group.dead * 2 >= group.columns.length) {
    const { described, columns } = group
    group.described = []
    group.columns = []
    group.dead = 0
    for (const [i, entry] of described.entries()) {
      if (entry.slot.described !== entry) continue
      group.described.push(entry)
      group.columns.push(columns[i] as IndexedColumn)
    }
  }
}

/** Columns of a schema, nested fields as `parent.child`, bounded in count and depth. */
export function flattenFields(fields: readonly FieldInfo[]): IndexedColumn[] {
  const out: IndexedColumn[] = []
  const walk = (list: readonly FieldInfo[], prefix: string, depth: number): void => {
    for (const field of list) {
      if (out.length >= MAX_COLUMNS_PER_TABLE) return
      const name = prefix ? `${prefix}.${field.name}` : field.name
      out.push(column(name, displayType(field), field.dimension))
      // A list's item is one child named like `item`; only struct members name columns.
      if (field.children && depth < MAX_FIELD_DEPTH && field.type.startsWith('struct')) walk(field.children, name, depth + 1)
    }
  }
  walk(fields, '', 1)
  return out
}

/** A field's type as Find shows it: a struct spells out its members (`struct<id: int64, tags: list<utf8>>`), cut when long. */
export function displayType(field: FieldInfo): string {
  if (field.type !== 'struct' || !field.children) return field.type
  const inner = field.children.map((child) => `${child.name}: ${displayType(child)}`).join(', ')
  return inner.length <= 120 ? `struct<${inner}>` : `struct<${inner.slice(0, 119)}…>`
}

const typeNames = new Map<string, string>()

/** One shared lower-case string per distinct type: thousands of columns share a few types. */
function lowerType(type: string): string {
  let lower = typeNames.get(type)
  if (lower === undefined) {
    lower = type.toLowerCase()
    if (typeNames.size < 10_000) typeNames.set(type, lower)
  }
  return lower
}

/** A column entry. */
export function column(name: string, type: string, dimension?: number): IndexedColumn {
  const kept = type.length <= MAX_TYPE_CHARS ? type : `${type.slice(0, MAX_TYPE_CHARS - 1)}…`
  const base = { name, type: kept, lower: name.toLowerCase(), typeLower: lowerType(kept) }
  return dimension === undefined ? base : { ...base, dimension }
}
