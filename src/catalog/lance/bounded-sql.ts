/**
 * The last check before SQL text reaches LanceDB. The IPC contract and the reference
 * server's routes refuse an unbounded filter first; this guard holds for every other way
 * in (the server's other fields, code calling the clients directly), because a filter
 * deep enough crashes the whole process in LanceDB's native code (../../../shared/input-bounds.ts).
 */
import { CatalogError } from '../../shared/errors'
import { filterProblem } from '../../shared/input-bounds'

/** The filter to hand to LanceDB (undefined when blank); throws `invalid_request` when it is out of bounds. */
export function boundedFilter(filter: string | undefined): string | undefined {
  if (filter === undefined || filter.trim() === '') return undefined
  checkSql(filter, 'A filter')
  return filter
}

/** Throws `invalid_request` when `sql` (`what`: "A filter", "The expression of column x") is out of bounds. */
export function checkSql(sql: string, what: string): void {
  const problem = filterProblem(sql, what)
  if (problem) throw new CatalogError('invalid_request', problem)
}
