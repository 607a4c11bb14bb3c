/**
 * The one check of Arrow data a caller sends to be written (a table create in main, a
 * create or insert at the reference server): declared lengths held to the bytes behind
 * them and to a row budget (../../shared/arrow-bounds.ts), before LanceDB or anything else
 * allocates per row. Works on tables of either copy of the Arrow classes.
 */
import { arrowTableProblem, CREATE_BUDGET, type ArrowTableLike, type RowBudget } from '../../shared/arrow-bounds'
import { CatalogError } from '../../shared/errors'

/** Throws `invalid_request` when `table` declares more than its bytes hold or than `budget` allows. */
export function checkArrowBudget(table: ArrowTableLike, budget: RowBudget = CREATE_BUDGET): void {
  const problem = arrowTableProblem(table, budget)
  if (problem) throw new CatalogError('invalid_request', problem)
}
