/**
 * The one way to decode Arrow IPC bytes from outside the app: the preflight over the
 * message headers (./arrow-preflight.ts), then apache-arrow's decoder, then the decoded
 * table's lengths held to its buffers (./arrow-bounds.ts). The lint configuration lets no
 * other file import apache-arrow's IPC readers.
 */
import { tableFromIPC, type Table } from 'apache-arrow'
import { arrowTableProblem } from './arrow-bounds'
import { ArrowIpcRefused, preflightArrowIpc, type ArrowIpcBudget } from './arrow-preflight'

/**
 * Decodes Arrow IPC bytes (stream or file framing) within `budget`. Throws
 * `ArrowIpcRefused` with a message for people when the bytes declare more than they hold
 * or than the budget allows; apache-arrow's own errors for bytes it cannot parse pass on.
 */
export function decodeArrowIpc(bytes: Uint8Array, budget: ArrowIpcBudget): Table {
  preflightArrowIpc(bytes, budget)
  const table = tableFromIPC(bytes)
  const problem = arrowTableProblem(table, budget)
  if (problem) throw new ArrowIpcRefused(problem)
  return table
}
