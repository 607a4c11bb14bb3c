/**
 * Arrow rows a catalog answers, held to the bytes behind them before anyone reads them: a
 * batch may declare 2^31-1 rows in a few hundred bytes, and the grid reading the page
 * would allocate for every one; a schema or dictionaries may be crafted to make the
 * decoder itself run out of memory (../../../shared/arrow-preflight.ts).
 */
import { ANSWER_IPC_BUDGET, ArrowIpcRefused } from '../../shared/arrow-preflight'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { CatalogError } from '../../shared/errors'

/**
 * Throws `bad_response` when the answer declares lengths its bytes do not hold, or more
 * fields, dictionaries or decompressed bytes than the answer budget allows. Row counts are
 * not capped here: some servers answer more rows than asked.
 */
export function checkAnswer(arrow: Uint8Array, what: string): void {
  try {
    decodeArrowIpc(arrow, ANSWER_IPC_BUDGET)
  } catch (error) {
    if (error instanceof ArrowIpcRefused) throw new CatalogError('bad_response', `The server's answer to ${what} cannot be used: ${error.message}`)
    // Not decodable here: the readers downstream report that themselves.
  }
}
