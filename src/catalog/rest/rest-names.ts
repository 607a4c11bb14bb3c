/**
 * How a REST connection writes paths: the string id of a namespace or table (joined with
 * the connection's delimiter, or a spare one when a listed name contains it), its path
 * segment, and the names messages use.
 */
import type { TableRef } from '../../shared/catalog-types'
import { CatalogError } from '../../shared/errors'
import { delimiterFor, displayIdentifier, toIdentifier, type NamespacePath } from '../../shared/namespace-path'
import type { QueryValues } from '../../shared/connection-policy'
import { pathSegment } from './path-segment'

/** Where one table's routes live, as the client addresses the table. */
export interface RestTableTarget {
  /** Percent-encoded identifier for the path. */
  readonly encodedId: string
  /** The `delimiter` query parameter. */
  readonly query: QueryValues
  readonly id: readonly string[]
  /** `table "a$b"`, for messages. */
  readonly subject: string
}

/** Ids, delimiters and display names for one connection's delimiter. */
export class RestNames {
  constructor(readonly delimiter: string) {}

  /** The string id of a namespace path (the delimiter alone for the root). */
  id(path: NamespacePath): string {
    return named(() => toIdentifier(path, this.pathDelimiter(path)))
  }

  /** The string id of a table. */
  tableId(table: TableRef): string {
    return this.id(pathOf(table))
  }

  /** A namespace's id as a path segment. */
  segment(path: NamespacePath): string {
    return pathSegment(this.id(path))
  }

  /** A table's id as a path segment. */
  tableSegment(table: TableRef): string {
    return pathSegment(this.tableId(table))
  }

  /** The connection's delimiter, or a spare one when a listed name contains it. */
  pathDelimiter(path: NamespacePath): string {
    return named(() => delimiterFor(path, this.delimiter))
  }

  /** The delimiter a table's id is written with. */
  tableDelimiter(table: TableRef): string {
    return this.pathDelimiter(pathOf(table))
  }

  /** `the root namespace` or `namespace "a$b"`, for messages. */
  namespaceName(path: NamespacePath): string {
    return path.length === 0 ? 'the root namespace' : `namespace "${displayIdentifier(path, this.delimiter)}"`
  }

  /** Where the routes of `table` live: its encoded id, delimiter, id and quoted name. */
  target(table: TableRef): RestTableTarget {
    return { encodedId: this.tableSegment(table), query: { delimiter: this.tableDelimiter(table) }, id: pathOf(table), subject: this.tableName(table) }
  }

  /** `table "a$t"`, for messages. */
  tableName(table: TableRef): string {
    return `table "${displayIdentifier(pathOf(table), this.delimiter)}"`
  }
}

function pathOf(table: TableRef): NamespacePath {
  return [...table.namespace, table.name]
}

function named<T>(make: () => T): T {
  try {
    return make()
  } catch (error) {
    throw new CatalogError('invalid_name', error instanceof Error ? error.message : String(error))
  }
}
