/**
 * Arrow rows a catalog answers, held to the bytes behind them before anyone reads them: a
 * batch may declare 2^31-1 rows in a few hundred bytes, and the grid reading the page
 * would allocate for every one (../../../shared/arrow-bounds.ts).
 */
import { tableFromIPC } from 'apache-arrow'
import { arrowTableProblem } from '../../../shared/arrow-bounds'
import { CatalogError } from '../../../shared/errors'

/**
 * Throws `bad_response` when the answer's batches declare lengths their bytes do not
 * hold. Row counts are not capped here: some servers answer more rows than asked.
 */
export function checkAnswer(arrow: Uint8Array, what: string): void {
  let problem: string | null
  try {
    problem = arrowTableProblem(tableFromIPC(arrow), { maxRows: Number.MAX_SAFE_INTEGER })
  } catch {
    return // Not decodable here: the readers downstream report that themselves.
  }
  if (problem) throw new CatalogError('bad_response', `The server's answer to ${what} cannot be used: ${problem}`)
}
