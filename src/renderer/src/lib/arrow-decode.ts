/**
 * The renderer's one way into Arrow IPC bytes (row pages, search results, imported
 * `.arrow` files), bounded before it decodes (@shared/arrow-ipc-decode). Record batches
 * may arrive compressed (LanceDB writes LZ4_FRAME, other servers ZSTD), which Arrow JS
 * reads only with codecs registered, so this module registers them once, on load, before
 * any decode.
 */
import { compressionRegistry, type Table } from 'apache-arrow'
import { registerArrowCodecs } from '@shared/arrow-codecs'
import { ANSWER_IPC_BUDGET, type ArrowIpcBudget } from '@shared/arrow-preflight'
import { decodeArrowIpc } from '@shared/arrow-ipc-decode'

registerArrowCodecs(compressionRegistry)

/**
 * Decodes Arrow IPC bytes in either framing (file or stream), compressed batches
 * included. Throws when they declare more than they hold or than `budget` allows (an
 * answer's, unless a file import says otherwise).
 */
export function decodeArrow(bytes: Uint8Array, budget: ArrowIpcBudget = ANSWER_IPC_BUDGET): Table {
  return decodeArrowIpc(bytes, budget)
}
