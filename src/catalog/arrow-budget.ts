/**
 * The one check of Arrow data a caller sends to be written (a table create in main, a
 * create or insert at the reference server): declared lengths held to the bytes behind
 * them and to a row budget (../../shared/arrow-bounds.ts), before LanceDB or anything else
 * allocates per row. Works on tables of either copy of the Arrow classes.
 */
import { arrowTableProblem, CREATE_BUDGET, type ArrowTableLike, type RowBudget } from '../shared/arrow-bounds'
import { CatalogError } from '../shared/errors'
import { newColumnNameProblem } from '../shared/input-bounds'

/** Throws `invalid_request` when `table` declares more than its bytes hold or than `budget` allows. */
export function checkArrowBudget(table: ArrowTableLike, budget: RowBudget = CREATE_BUDGET): void {
  const problem = arrowTableProblem(table, budget)
  if (problem) throw new CatalogError('invalid_request', problem)
}

/** A field of either copy of the Arrow classes: its name and its children's. */
interface NamedField {
  readonly name: string
  readonly type: { readonly children?: readonly NamedField[] | null }
}

/** Throws `invalid_request` when a column (or a nested field) of a new table has a name the app refuses. */
export function checkColumnNames(fields: readonly NamedField[], depth = 0): void {
  for (const field of fields) {
    const problem = newColumnNameProblem(field.name)
    if (problem)
      throw new CatalogError(
        'invalid_request',
        `${problem.replace(/\.$/, '')} (column "${field.name.slice(0, 40).replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\uFFFD')}").`
      )
    if (depth < 64) checkColumnNames(field.type.children ?? [], depth + 1)
  }
}
