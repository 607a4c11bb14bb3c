/**
 * Query answers whose record batches are compressed (LZ4_FRAME as LanceDB writes them,
 * and ZSTD), read by the app's REST client into pages that decode with every value exact.
 */
import { tableFromIPC } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { COMPRESSED_ROWS, compressedArrow } from '../../../test-kit/portable/compressed-arrow'
import { openRestNamespace } from './rest-namespace'
import { startServer } from '../../../test-kit/test-http-server'

const table = { namespace: [], name: 'items' }

/** A catalog whose query route answers `body` as Arrow. */
async function catalogAnswering(body: Uint8Array, type: string) {
  return startServer((req, res) => {
    if (req.path.endsWith('/query')) {
      res.writeHead(200, { 'content-type': type })
      res.end(body)
      return
    }
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: 'no such route', code: 4 }))
  })
}

function rowsOf(arrow: Uint8Array): unknown[] {
  return tableFromIPC(arrow)
    .toArray()
    .map((row: { id: number; name: string; big: bigint }) => ({ id: row.id, name: row.name, big: row.big }))
}

describe('compressed query answers', () => {
  it.each(['lz4', 'zstd'] as const)('reads a %s stream answer, values exact past 2^53', async (codec) => {
    const server = await catalogAnswering(compressedArrow(codec), 'application/vnd.apache.arrow.stream')
    const client = openRestNamespace({ uri: server.url })
    try {
      const page = await client.table(table).readRows({ offset: 0, limit: 10 })
      expect(page.rowCount).toBe(5)
      expect(rowsOf(page.arrow)).toEqual(COMPRESSED_ROWS)
    } finally {
      await client.close()
      await server.close()
    }
  })
})
