/** Pages built from record batches: one batch handed over as the writer's stream, several joined, each cut at its byte cap. */
import { describe, expect, it } from 'vitest'
import { lanceArrow as arrow } from './lance-arrow'
import { pageFromBatches } from './rows-page'

function batches(...sizes: number[]) {
  let first = 0
  return sizes.map((size) => {
    const ids = Array.from({ length: size }, (_, i) => first + i)
    first += size
    return new arrow.Table({
      id: arrow.vectorFromArray(ids, new arrow.Int32()),
      name: arrow.vectorFromArray(
        ids.map((i) => `row ${i}`),
        new arrow.Utf8()
      )
    }).batches[0]!
  })
}

async function* stream<T>(items: readonly T[]): AsyncIterable<T> {
  for (const item of items) yield item
}

function ids(bytes: Uint8Array): number[] {
  return Array.from(arrow.tableFromIPC(bytes).getChild('id')!.toArray() as Int32Array)
}

describe('a page from record batches', () => {
  it('hands over one batch as the whole stream the writer wrote, in a buffer of its own', async () => {
    const [batch] = batches(500)
    const page = (await pageFromBatches(stream([batch!]), 1_000, 1 << 20))!
    expect(page.rowCount).toBe(500)
    expect(ids(page.arrow)).toEqual(Array.from({ length: 500 }, (_, i) => i))
    expect(page.arrow).toEqual(arrow.RecordBatchStreamWriter.writeAll([batch!]).toUint8Array(true))
    // Whole, so it can be moved to a worker rather than copied.
    expect(page.arrow.byteOffset === 0 && page.arrow.byteLength === page.arrow.buffer.byteLength).toBe(true)
  })

  it('joins several batches into one stream, and cuts the last at the row limit', async () => {
    const page = (await pageFromBatches(stream(batches(300, 300, 300)), 700, 1 << 20))!
    expect(page.rowCount).toBe(700)
    expect(ids(page.arrow)).toEqual(Array.from({ length: 700 }, (_, i) => i))
  })

  it('cuts one batch at the byte cap and says so', async () => {
    const page = (await pageFromBatches(stream(batches(20_000)), 20_000, 64 * 1024))!
    expect(page.truncated).toBe(true)
    expect(page.arrow.length).toBeLessThanOrEqual(64 * 1024)
    expect(ids(page.arrow)).toEqual(Array.from({ length: page.rowCount }, (_, i) => i))
  })
})
