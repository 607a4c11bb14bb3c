/**
 * What the command palette lists for a query: commands whose name holds every typed word,
 * and tables whose path holds the typed text (completion over the names the tree has
 * loaded). Pure, so the ranking is tested without a page.
 */
import type { TableRef } from '@shared/catalog-types'
import { DEFAULT_DELIMITER, parseDisplayIdentifier } from '@shared/namespace-path'
import { displayIdentifier } from '../lib/node-key'

/** Something with a name to match. */
export interface Named {
  readonly label: string
}

/** A command that destroys data (drop); never the default for a typed name. */
export interface Ranked extends Named {
  readonly destructive?: boolean
}

/** Commands holding every word of `query` (any case, any order); those starting with it first. */
export function matchCommands<T extends Named>(commands: readonly T[], query: string): T[] {
  const text = query.trim().toLowerCase()
  const words = text.split(/\s+/).filter(Boolean)
  const hits = commands.filter((command) => words.every((word) => command.label.toLowerCase().includes(word)))
  const starts = (command: T): number => (command.label.toLowerCase().startsWith(text) ? 0 : 1)
  // Array sort is stable: equal ranks keep the commands' own order.
  return hits.sort((a, b) => starts(a) - starts(b))
}

/**
 * The palette's list for a non-empty query: commands named by what was typed first (so
 * "drop" still finds "Drop table"), then the matching tables (navigation), then the other
 * commands holding the words, with destructive ones last. Typing a table's name thus makes
 * going to it the default, never dropping it; the drop stays a few arrow keys away.
 */
export function rankForQuery<C extends Ranked, T>(commands: readonly C[], tables: readonly T[], query: string): (C | T)[] {
  const text = query.trim().toLowerCase()
  const named = commands.filter((command) => command.label.toLowerCase().startsWith(text))
  const rest = commands.filter((command) => !named.includes(command))
  return [...named, ...tables, ...rest.filter((command) => !command.destructive), ...rest.filter((command) => command.destructive)]
}

/** A table's path as people type it: its identifier with the connection's delimiter (`analytics$web$page_views`). */
export function tablePath(table: TableRef, delimiter: string = DEFAULT_DELIMITER): string {
  return displayIdentifier([...table.namespace, table.name], delimiter)
}

/**
 * Tables whose path contains `query` (any case), best first: paths starting with it, then
 * names starting with it, then the rest, each alphabetically; at most `limit`.
 */
export function matchTables(tables: readonly TableRef[], query: string, limit: number, delimiter: string = DEFAULT_DELIMITER): TableRef[] {
  const text = query.trim().toLowerCase()
  const rank = (table: TableRef): number => {
    const path = tablePath(table, delimiter).toLowerCase()
    if (path.startsWith(text)) return 0
    if (table.name.toLowerCase().startsWith(text)) return 1
    return path.includes(text) ? 2 : 3
  }
  return tables
    .map((table) => ({ table, rank: rank(table), path: tablePath(table, delimiter) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.path.localeCompare(b.path))
    .slice(0, limit)
    .map((entry) => entry.table)
}

/**
 * The table a typed path names (`ns$sub$table`, names holding the delimiter or a quote in
 * double quotes, as the app shows them), or null if the text names no table. Any name a
 * catalog may list is accepted (`Sales Team$café crème`), not only names this app would
 * create: the path may name a table the tree has not loaded yet.
 */
export function parseTablePath(query: string, delimiter: string = DEFAULT_DELIMITER): TableRef | null {
  const text = query.trim()
  if (text === '' || text === delimiter) return null
  const { path, problem } = parseDisplayIdentifier(text, delimiter)
  const name = path[path.length - 1]
  return problem === null && name !== undefined ? { namespace: path.slice(0, -1), name } : null
}
