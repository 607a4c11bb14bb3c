/**
 * A query answer of any size as one Arrow IPC file, written while it is read: rows come
 * page by page within the read budget every read has (READ_PAGE_MAX_BYTES of Arrow, at
 * most ROWS_PER_PAGE rows), and each page is encoded and sent before the next is read, so
 * a query for every row of a large table never holds more than a page. LanceDB's clients
 * ask for every row with `k` = 2^63 - 1.
 */
import { CompressionType, RecordBatchFileWriter } from 'apache-arrow'
import '../src/catalog/arrow-codecs'
import { ANSWER_IPC_BUDGET } from '../src/shared/arrow-preflight'
import { decodeArrowIpc } from '../src/shared/arrow-ipc-decode'
import type { TableRef } from '../src/shared/catalog-types'
import { READ_PAGE_MAX_BYTES } from '../src/shared/contract/tables'
import type { NamespaceClient, ReadRowsRequest } from '../src/catalog/namespace-client'
import type { AnswerCompression } from './router'

/** The most rows one page read asks for. */
export const ROWS_PER_PAGE = 100_000

/** What to read: the rows window without its limit (`limit` here may be Infinity). */
export type RowStreamRequest = Omit<ReadRowsRequest, 'limit' | 'maxBytes'> & { readonly limit: number }

/** The pages of rows a query answers, each an Arrow IPC stream, until `limit` rows or the end. */
export async function* rowPages(
  client: NamespaceClient,
  ref: TableRef,
  request: RowStreamRequest,
  pageBytes = READ_PAGE_MAX_BYTES
): AsyncGenerator<Uint8Array> {
  // Every page reads one version, so a write between pages cannot shift the rows.
  const version = request.version ?? (await client.table(ref).describe()).version ?? undefined
  let offset = request.offset
  let remaining = request.limit
  let first = true
  while (first || remaining > 0) {
    const limit = Math.min(remaining, ROWS_PER_PAGE)
    const page = await client.table(ref).readRows({
      ...request,
      offset,
      limit: Math.max(limit, 1),
      maxBytes: pageBytes,
      ...(version === undefined ? {} : { version })
    })
    // The first page is sent even when empty: it carries the schema.
    if (first || page.rowCount > 0) yield page.arrow
    first = false
    offset += page.rowCount
    remaining -= page.rowCount
    if (page.rowCount === 0 || (!page.truncated && page.rowCount < limit)) return
  }
}

/**
 * Arrow IPC file bytes of the batches of `pages` (Arrow IPC streams sharing one schema),
 * produced as they are written: each page's bytes are handed on before the next page is read.
 */
export async function* arrowFileChunks(pages: AsyncIterable<Uint8Array>, compression: AnswerCompression = null): AsyncGenerator<Uint8Array> {
  const writer = new RecordBatchFileWriter(compression === 'lz4' ? { compressionType: CompressionType.LZ4_FRAME } : {})
  const output = writer[Symbol.asyncIterator]()
  // A read of the writer's output that found nothing yet; the next write resolves it.
  let waiting: Promise<IteratorResult<Uint8Array>> | null = null
  const NOTHING = Symbol('nothing')
  async function* written(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const next = waiting ?? output.next()
      waiting = null
      // The writer's queue answers at once while it holds bytes; otherwise keep the read for later.
      const result = await Promise.race([next, Promise.resolve(NOTHING)])
      if (result === NOTHING) {
        waiting = next
        return
      }
      if (result.done) return
      yield result.value
    }
  }
  let schemaWritten = false
  for await (const page of pages) {
    const table = decodeArrowIpc(page, ANSWER_IPC_BUDGET)
    if (!schemaWritten) {
      writer.reset(undefined, table.schema)
      schemaWritten = true
    }
    for (const batch of table.batches) writer.write(batch)
    yield* written()
  }
  writer.close()
  for (;;) {
    const result = await (waiting ?? output.next())
    waiting = null
    if (result.done) return
    yield result.value
  }
}
