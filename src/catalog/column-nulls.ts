/**
 * Per-column null counts, asked of any namespace client as `count_rows` with a
 * `column IS NULL` filter, so directory and REST catalogs (routes or locations) answer
 * them alike. A column the engine cannot filter on gets its reason instead of a count.
 */
import type { TableRef } from '../shared/catalog-types'
import type { ColumnNulls } from '../shared/contract/indexes'
import { CatalogError } from '../shared/errors'
import type { CallOptions, NamespaceClient } from './namespace-client'

/** The null count of each of `columns`, one count at a time (each may scan the table). */
export async function countColumnNulls(client: NamespaceClient, table: TableRef, columns: readonly string[], options?: CallOptions): Promise<ColumnNulls[]> {
  const counts: ColumnNulls[] = []
  for (const column of columns) {
    try {
      counts.push({ column, nulls: await client.table(table).countRows(`${quoteColumn(column)} IS NULL`, options) })
    } catch (error) {
      // A table that is gone or a cancelled call ends the whole count; one column's refusal does not.
      if (error instanceof CatalogError && ['table_not_found', 'cancelled', 'unreachable', 'timeout'].includes(error.code)) throw error
      counts.push({ column, nulls: null, problem: error instanceof Error ? error.message : String(error) })
    }
  }
  return counts
}

/** A column name as Lance's SQL reads it: in backticks, a backtick doubled. */
export function quoteColumn(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``
}
