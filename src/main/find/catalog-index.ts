/**
 * One connection's index for Find in catalog: the namespaces and tables the listings
 * found and, per table once described, its columns with their types. Names and types
 * only: never a row, a location or a property. Bounded, so a huge catalog cannot grow it
 * without limit; what does not fit is counted and said.
 */
import type { FieldInfo } from '../../shared/catalog-types'
import type { NamespacePath } from '../../shared/namespace-path'

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
  columns: readonly IndexedColumn[] | null
}

/** A namespace as the index keeps it. */
export interface IndexedNamespace {
  readonly path: NamespacePath
  readonly lower: string
}

/** Most namespaces and tables one index holds. */
export const MAX_INDEXED_NAMESPACES = 100_000
export const MAX_INDEXED_TABLES = 100_000
/** Most columns kept per table (nested fields included) and deepest nesting followed. */
export const MAX_COLUMNS_PER_TABLE = 1_000
const MAX_FIELD_DEPTH = 4

/** The key of a path or table in the index's maps. */
export function pathKey(path: NamespacePath): string {
  return path.join('\u0000')
}

/** The key of a table. */
export function tableKeyOf(namespace: NamespacePath, name: string): string {
  return pathKey([...namespace, name])
}

/** A column where it is found: its table, that table's rank in name order (the tie-breaker of results) and the column. */
export interface ColumnPlace {
  readonly table: IndexedTable
  readonly rank: number
  readonly column: IndexedColumn
}

/** Names and types of one catalog. */
export class CatalogIndex {
  readonly namespaces = new Map<string, IndexedNamespace>()
  readonly tables = new Map<string, IndexedTable>()
  /** Entries refused because the index was full. */
  overflow = 0
  #changes = 0
  #byColumnName: { readonly at: number; readonly places: ReadonlyMap<string, readonly ColumnPlace[]> } | null = null
  #ranks: { readonly at: number; readonly ranks: ReadonlyMap<string, number> } | null = null

  /** Each table's place when tables are ordered by namespace path, then name: sorted once per change, so results compare numbers. */
  tableRanks(): ReadonlyMap<string, number> {
    if (this.#ranks?.at === this.#changes) return this.#ranks.ranks
    const keys = [...this.tables.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const ranks = new Map(keys.map((key, rank) => [key, rank]))
    this.#ranks = { at: this.#changes, ranks }
    return ranks
  }

  /**
   * Every column grouped by its lower-case name. Thousands of tables share a few column
   * names, so a query matches each distinct name once and visits only the columns of the
   * names that matched. Made again after the index changed, at most once per change.
   */
  columnsByName(): ReadonlyMap<string, readonly ColumnPlace[]> {
    if (this.#byColumnName?.at === this.#changes) return this.#byColumnName.places
    const ranks = this.tableRanks()
    const places = new Map<string, ColumnPlace[]>()
    for (const [key, table] of this.tables) {
      const rank = ranks.get(key) ?? 0
      for (const column of table.columns ?? []) {
        const list = places.get(column.lower)
        if (list) list.push({ table, rank, column })
        else places.set(column.lower, [{ table, rank, column }])
      }
    }
    this.#byColumnName = { at: this.#changes, places }
    return places
  }

  /** Adds a namespace and every parent it implies; the root is never listed. */
  addNamespace(path: NamespacePath): void {
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth)
      const key = pathKey(prefix)
      if (this.namespaces.has(key)) continue
      if (this.namespaces.size >= MAX_INDEXED_NAMESPACES) {
        this.overflow++
        return
      }
      this.namespaces.set(key, { path: prefix, lower: (prefix[prefix.length - 1] ?? '').toLowerCase() })
      this.#changes++
    }
  }

  /** Adds a table (keeping its columns if it was known); false when the index is full. */
  addTable(namespace: NamespacePath, name: string, columns: readonly IndexedColumn[] | null = null): boolean {
    this.addNamespace(namespace)
    const key = tableKeyOf(namespace, name)
    const existing = this.tables.get(key)
    if (existing) {
      if (columns) {
        existing.columns = columns
        this.#changes++
      }
      return true
    }
    if (this.tables.size >= MAX_INDEXED_TABLES) {
      this.overflow++
      return false
    }
    this.tables.set(key, { namespace: [...namespace], name, lower: name.toLowerCase(), columns })
    this.#changes++
    return true
  }

  /** Sets a table's columns from its described schema. */
  setColumns(namespace: NamespacePath, name: string, fields: readonly FieldInfo[]): void {
    const table = this.tables.get(tableKeyOf(namespace, name))
    if (!table) return
    table.columns = flattenFields(fields)
    this.#changes++
  }

  /** Forgets a table. */
  removeTable(namespace: NamespacePath, name: string): void {
    if (this.tables.delete(tableKeyOf(namespace, name))) this.#changes++
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
    for (const other of [...this.namespaces.keys()]) if (under(other)) this.namespaces.delete(other)
    for (const [other, table] of [...this.tables]) if (under(pathKey(table.namespace))) this.tables.delete(other)
    this.#changes++
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
  const base = { name, type, lower: name.toLowerCase(), typeLower: lowerType(type) }
  return dimension === undefined ? base : { ...base, dimension }
}
