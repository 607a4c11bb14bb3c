/**
 * A LanceDB query's record batches, each of up to a given number of rows. Iterated
 * directly, a query in LanceDB 0.39's JavaScript SDK yields batches of at most 1,024 rows,
 * and every batch costs a decode in the SDK and an encode in the page built from it: a
 * 65,536-row page of nine scalar columns came in 65 batches for about 80 ms of CPU, and in
 * 2 for about 20 ms when asked for longer batches. The SDK takes the length through
 * `execute`, which 0.39's typings mark protected though its JavaScript calls it like any
 * method; where it is missing, the query is iterated as before. A batch is held whole, so
 * only a caller that knows its rows' size asks for long ones (ReadRowsRequest.batchRows).
 */
import type { Query } from '@lancedb/lancedb'
import type { RecordBatch } from 'apache-arrow'

/** The longest batch asked for: a page is cut into batches no longer than this. */
export const MAX_BATCH_ROWS = 65_536

interface Executable {
  execute?: (options: { readonly maxBatchLength: number }) => AsyncIterable<RecordBatch>
}

/** `query`'s batches, each of at most `rows` rows (at most MAX_BATCH_ROWS); the SDK's own when `rows` is not given. */
export function queryBatches(query: Query, rows: number | undefined): AsyncIterable<RecordBatch> {
  const executable = query as unknown as Executable
  if (rows === undefined || typeof executable.execute !== 'function') return query as unknown as AsyncIterable<RecordBatch>
  return executable.execute.call(query, { maxBatchLength: Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(rows))) })
}
