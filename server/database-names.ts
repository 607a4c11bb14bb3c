/**
 * Which folder names `x-service-database` and `x-service-database-prefix` may pick. They
 * name catalog folders below the server's root, so anything that is part of a catalog
 * rather than a catalog of its own is refused: Lance's internal folders (`__manifest`,
 * and every other name starting with `__`, which Lance reserves), table folders
 * (`NAME.lance`), and names that leave the root (`.`, `..`; `/` is not a name character).
 */
import type { IncomingHttpHeaders } from 'node:http'
import { CatalogError } from '../src/shared/errors'
import { componentProblem } from '../src/shared/namespace-path'

/** The headers that select a database folder. */
export const DATABASE_HEADERS = ['x-service-database', 'x-service-database-prefix'] as const

/** Why `name` cannot be a database (or prefix) folder name, or null if it can. */
export function databaseNameProblem(name: string): string | null {
  const problem = componentProblem(name)
  if (problem) return problem
  if (/^\.+$/.test(name)) return `"${name}" would leave the server's root folder, so it is not a database name.`
  if (name.startsWith('__')) return `"${name}" is a name Lance keeps for a catalog's internal files (such as __manifest), not a database.`
  if (name.toLowerCase().endsWith('.lance')) return `"${name}" is a table's folder (*.lance), not a database.`
  return null
}

/** Throws `invalid_name` (400) when a database header names a folder no database may live in. */
export function checkDatabaseHeaders(headers: IncomingHttpHeaders): void {
  for (const header of DATABASE_HEADERS) {
    const raw = headers[header]
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim()
    if (value === undefined || value === '') continue
    const problem = databaseNameProblem(value)
    if (problem) throw new CatalogError('invalid_name', `Header "${header}": ${problem}`)
  }
}
