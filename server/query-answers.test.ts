/**
 * Query answers of the reference server: every row for LanceDB's `k` of 2^63 - 1, read
 * page by page within a byte budget and written as one Arrow file while it is read, and
 * record batches compressed with LZ4 when the server is told to.
 */
import { CompressionType, MessageHeader, MessageReader, tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { openDirNamespace } from '../src/catalog/dir/dir-namespace'
import { arrowFileChunks, rowPages } from './row-stream'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let server: RunningCatalogServer
let compressing: RunningCatalogServer

beforeAll(async () => {
  root = await makeTempDir('query-answers')
  await buildNestedCatalog(root, { tables: { events: 250 } })
  server = await startCatalogServer({ root })
  compressing = await startCatalogServer({ root, compressAnswers: 'lz4' })
})

afterAll(async () => {
  await server?.close()
  await compressing?.close()
  await removeDir(root)
})

async function query(base: string, body: string): Promise<{ status: number; bytes: Uint8Array }> {
  const response = await fetch(`${base}/v1/table/events/query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) }
}

function ids(bytes: Uint8Array): number[] {
  return Array.from(tableFromIPC(bytes).getChild('id')?.toArray() ?? [], Number)
}

describe('query answers', () => {
  it("answers every row for LanceDB's k of 2^63 - 1, and k rows for a smaller k", async () => {
    // Written as LanceDB writes it: the literal, which JSON numbers cannot hold exactly.
    const all = await query(server.url, '{"vector":null,"k":9223372036854775807}')
    expect(all.status).toBe(200)
    expect(ids(all.bytes)).toEqual(Array.from({ length: 250 }, (_, i) => i))
    expect(ids((await query(server.url, '{"vector":null,"k":7,"offset":240}')).bytes)).toEqual([240, 241, 242, 243, 244, 245, 246, 247, 248, 249].slice(0, 7))
  })

  it('reads page after page within the byte budget and writes them as one file, in order', async () => {
    const client = await openDirNamespace(root)
    try {
      let pages = 0
      const counted = async function* (): AsyncGenerator<Uint8Array> {
        for await (const page of rowPages(client, { namespace: [], name: 'events' }, { offset: 3, limit: Number.POSITIVE_INFINITY }, 4096)) {
          pages++
          yield page
        }
      }
      const chunks: Uint8Array[] = []
      for await (const chunk of arrowFileChunks(counted())) chunks.push(chunk)
      expect(ids(Buffer.concat(chunks))).toEqual(Array.from({ length: 247 }, (_, i) => i + 3))
      expect(pages).toBeGreaterThan(3)
    } finally {
      await client.close()
    }
  })

  it('compresses record batches with LZ4 when told to, and they read back the same', async () => {
    const answer = await query(compressing.url, '{"vector":null,"k":20}')
    // Skip the file's 8-byte magic to read its messages.
    const reader = new MessageReader(answer.bytes.subarray(8))
    const compressions: (number | undefined)[] = []
    for (let message = reader.readMessage(); message; message = reader.readMessage()) {
      if (message.headerType === MessageHeader.RecordBatch) compressions.push((message.header() as { compression?: { type: number } }).compression?.type)
      if (message.bodyLength > 0) reader.readMessageBody(message.bodyLength)
    }
    expect(compressions.length).toBeGreaterThan(0)
    expect(compressions.every((type) => type === CompressionType.LZ4_FRAME)).toBe(true)
    expect(ids(answer.bytes)).toEqual(ids((await query(server.url, '{"vector":null,"k":20}')).bytes))
  })
})
