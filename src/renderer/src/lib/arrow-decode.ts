/**
 * The renderer's one way into Arrow IPC bytes (row pages, search results, imported
 * `.arrow` files). Record batches may arrive compressed (LanceDB writes LZ4_FRAME, other
 * servers ZSTD), which Arrow JS reads only with codecs registered, so this module registers
 * them once, on load, before any decode.
 */
import { compressionRegistry, tableFromIPC, type Table } from 'apache-arrow'
import { registerArrowCodecs } from '@shared/arrow-codecs'

registerArrowCodecs(compressionRegistry)

/** Decodes Arrow IPC bytes in either framing (file or stream), compressed batches included. */
export function decodeArrow(bytes: Uint8Array): Table {
  return tableFromIPC(bytes)
}
