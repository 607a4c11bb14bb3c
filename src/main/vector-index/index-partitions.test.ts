/**
 * Reading a vector index's partitions from the table's files: real IVF_PQ, IVF_FLAT and
 * IVF_HNSW_SQ indexes built by LanceDB give as many centroids as partitions were asked
 * for, each as wide as the column; damaged and hostile index files (cut short, lengths and
 * shapes far beyond the file) give a reason, without a throw or a large allocation.
 */
import { readFile, readdir, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { connectNamespace, Index } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { makeClusteredTable } from '../../../test-kit/clustered-vectors'
import { readIndexPartitions, readTablePartitions } from './index-partitions'
import { openDirNamespace } from '../../catalog/dir/dir-namespace'
import { openRestCatalog } from '../../catalog/rest/rest-namespace'
import { startCatalogServer } from '../../../server/server'

let root = ''
const DIMENSION = 16

beforeAll(async () => {
  root = await makeTempDir('index-partitions-')
  const db = await connectNamespace('dir', { root })
  const configs = {
    pq: Index.ivfPq({ numPartitions: 6, numSubVectors: 4 }),
    flat: Index.ivfFlat({ numPartitions: 4 }),
    hnsw: Index.hnswSq({ numPartitions: 3 }),
    plain: null
  }
  for (const [name, config] of Object.entries(configs)) {
    const table = await makeClusteredTable(db, name, { rows: 1_000, clusters: 5, dimension: DIMENSION })
    if (config) await table.createIndex('vector', { config })
    table.close()
  }
  db.close()
}, 120_000)

afterAll(() => removeDir(root))

const at = (name: string): string => join(root, `${name}.lance`)

describe('readIndexPartitions', () => {
  it.each([
    ['pq', 6],
    ['flat', 4],
    ['hnsw', 3]
  ])('reads the %s index’s %i centroids, each as wide as the column', async (name, partitions) => {
    const read = await readIndexPartitions(at(name), '2', 'vector', DIMENSION)
    if (!read.ok) throw new Error(read.reason)
    expect(read.count).toBe(partitions)
    expect(read.dimension).toBe(DIMENSION)
    expect(read.centroids).toHaveLength(partitions * DIMENSION)
    expect(read.indexName).toBe('vector_idx')
    expect(read.distanceType).toBe('l2')
    // The clusters' centres lie within [-5, 5] in every dimension, and so do their means.
    for (const value of read.centroids) expect(Math.abs(value)).toBeLessThan(5.5)
  })

  it('says why where there is no index, no such column, or no local folder', async () => {
    expect(await readIndexPartitions(at('plain'), '1', 'vector', DIMENSION)).toEqual({ ok: false, reason: expect.stringMatching(/no index/) })
    expect(await readIndexPartitions(at('pq'), '1', 'vector', DIMENSION)).toEqual({ ok: false, reason: expect.stringMatching(/no index/) })
    expect(await readIndexPartitions(at('pq'), '2', 'score', DIMENSION)).toEqual({ ok: false, reason: expect.stringMatching(/"score" has no vector index/) })
    expect(await readIndexPartitions(at('pq'), '9', 'vector', DIMENSION)).toEqual({ ok: false, reason: expect.stringMatching(/manifest is not/) })
    expect(await readIndexPartitions('s3://bucket/t.lance', '2', 'vector', DIMENSION)).toEqual({
      ok: false,
      reason: expect.stringMatching(/read through its connection, with the storage options/)
    })
    expect(await readIndexPartitions(join(root, 'elsewhere.lance'), '2', 'vector', DIMENSION)).toEqual({
      ok: false,
      reason: expect.stringMatching(/is not on this computer/)
    })
    expect(await readIndexPartitions(null, '2', 'vector', DIMENSION)).toEqual({ ok: false, reason: expect.stringMatching(/does not say where/) })
    expect(await readIndexPartitions(at('pq'), '2', 'vector', 8)).toEqual({ ok: false, reason: expect.stringMatching(/16 numbers where the column has 8/) })
  })
})

describe('readTablePartitions', () => {
  const pq = { namespace: [], name: 'pq' }

  it('reads a directory catalog’s table in its folder', async () => {
    const client = await openDirNamespace(root)
    try {
      const read = await readTablePartitions(client.table(pq), '2', 'vector', DIMENSION)
      expect(read.ok && read.count).toBe(6)
    } finally {
      await client.close()
    }
  })

  it('reads a REST table at a local location only where the profile lets it open one', async () => {
    const server = await startCatalogServer({ root, dataRoutes: false })
    // A catalog on this machine may name local folders unless the profile says no.
    const allowed = openRestCatalog({ uri: server.url })
    const refused = openRestCatalog({ uri: server.url, allow_local_locations: 'false' })
    try {
      const read = await readTablePartitions(allowed.table(pq), '2', 'vector', DIMENSION)
      expect(read.ok && read.count).toBe(6)
      expect(await readTablePartitions(refused.table(pq), '2', 'vector', DIMENSION)).toEqual({
        ok: false,
        reason: expect.stringMatching(/does not open local locations/)
      })
    } finally {
      await Promise.all([allowed.close(), refused.close()])
      await server.close()
    }
  })
})

describe('hostile index files', () => {
  /** The index file of a fresh IVF_FLAT table, to be replaced. */
  async function indexFile(name: string): Promise<string> {
    const db = await connectNamespace('dir', { root })
    const table = await makeClusteredTable(db, name, { rows: 300, clusters: 3, dimension: DIMENSION })
    await table.createIndex('vector', { config: Index.ivfFlat({ numPartitions: 2 }) })
    table.close()
    db.close()
    const [uuid] = await readdir(join(at(name), '_indices'))
    return join(at(name), '_indices', uuid!, 'index.idx')
  }

  /** The reader's answer, and how many bytes of ArrayBuffers it left allocated meanwhile at most. */
  async function readGrowth(name: string): Promise<{ reason: string; growth: number }> {
    const before = process.memoryUsage().arrayBuffers
    const read = await readIndexPartitions(at(name), '2', 'vector', DIMENSION)
    const growth = process.memoryUsage().arrayBuffers - before
    if (read.ok) throw new Error('A hostile file was read as partitions.')
    return { reason: read.reason, growth }
  }

  it('gives a reason for a file cut short', async () => {
    const file = await indexFile('cut')
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(file))
    await truncate(file, Math.floor(size / 2))
    const { reason } = await readGrowth('cut')
    expect(reason).toMatch(/^Cannot read this index’s partitions: /)
  })

  it('gives a reason for a global buffer table far past the end', async () => {
    const file = await indexFile('far')
    const bytes = new Uint8Array(await readFile(file))
    const view = new DataView(bytes.buffer)
    view.setBigUint64(bytes.length - 40 + 16, 2n ** 62n, true)
    await writeFile(file, bytes)
    const { reason, growth } = await readGrowth('far')
    expect(reason).toMatch(/past its end/)
    expect(growth).toBeLessThan(16 * 1024 * 1024)
  })

  it('gives a reason for huge declared lengths and shapes, allocating nothing of their size', async () => {
    const file = await indexFile('huge')
    const cases: [Uint8Array, RegExp][] = [
      // A tensor of 2^31 partitions with four bytes of data.
      [ivf(tensor(2, [2 ** 31, DIMENSION], new Uint8Array(4))), /2147483648 partitions/],
      // A tensor of 2 x 100,000 numbers.
      [ivf(tensor(2, [2, 100_000], new Uint8Array(4))), /100000 numbers/],
      // The right shape with too few bytes.
      [ivf(tensor(2, [2, DIMENSION], new Uint8Array(8))), /8 bytes where 2 × 16 need 128/],
      // A bytes field that declares 2^62 bytes.
      [Uint8Array.of(0x22, ...varint(2n ** 62n), 1, 2, 3), /declares 4611686018427387904 bytes/],
      // An unknown tensor type.
      [ivf(tensor(9, [2, DIMENSION], new Uint8Array(128))), /tensor type 9/]
    ]
    for (const [payload, expected] of cases) {
      await writeFile(file, lanceFile([schemaBuffer({ 'lance:ivf': '1' }), payload]))
      const { reason, growth } = await readGrowth('huge')
      expect(reason).toMatch(expected)
      expect(growth).toBeLessThan(16 * 1024 * 1024)
    }
    // A global buffer declared 2^60 bytes long, and a schema naming a buffer that is not there.
    const declared = lanceFile([schemaBuffer({ 'lance:ivf': '1' }), new Uint8Array(8)])
    const tableAt = Number(new DataView(declared.buffer).getBigUint64(declared.length - 40 + 16, true))
    new DataView(declared.buffer).setBigUint64(tableAt + 16 + 8, 2n ** 60n, true)
    await writeFile(file, declared)
    expect((await readGrowth('huge')).reason).toMatch(/past its end/)
    await writeFile(file, lanceFile([schemaBuffer({ 'lance:ivf': '7' })]))
    expect((await readGrowth('huge')).reason).toMatch(/global buffer 7 of 1/)
    await writeFile(file, lanceFile([schemaBuffer({})]))
    expect((await readGrowth('huge')).reason).toMatch(/no IVF partitions/)
  })
})

// A few protobuf and Lance file writers for the hostile files, from the wire format and file2.proto's layout.

function varint(value: bigint): number[] {
  const out: number[] = []
  let rest = value
  do {
    const low = Number(rest & 0x7fn)
    rest >>= 7n
    out.push(rest > 0n ? low | 0x80 : low)
  } while (rest > 0n)
  return out
}

function lengthField(field: number, bytes: Uint8Array): Uint8Array {
  return Uint8Array.from([...varint(BigInt((field << 3) | 2)), ...varint(BigInt(bytes.length)), ...bytes])
}

const concat = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts))

const text = (value: string): Uint8Array => new TextEncoder().encode(value)

/** A FileDescriptor whose schema holds `metadata`. */
function schemaBuffer(metadata: Record<string, string>): Uint8Array {
  const entries = Object.entries(metadata).map(([key, value]) => lengthField(5, concat(lengthField(1, text(key)), lengthField(2, text(value)))))
  return lengthField(1, concat(...entries))
}

function tensor(type: number, shape: number[], data: Uint8Array): Uint8Array {
  return concat(
    Uint8Array.from([0x08, ...varint(BigInt(type))]),
    lengthField(2, Uint8Array.from(shape.flatMap((n) => varint(BigInt(n))))),
    lengthField(3, data)
  )
}

/** An IVF message with `centroidsTensor`. */
function ivf(centroidsTensor: Uint8Array): Uint8Array {
  return lengthField(4, centroidsTensor)
}

/** A Lance v2.0 file of no columns with these global buffers. */
function lanceFile(buffers: Uint8Array[]): Uint8Array {
  const body = concat(...buffers)
  const table = new DataView(new ArrayBuffer(buffers.length * 16))
  let at = 0
  buffers.forEach((buffer, i) => {
    table.setBigUint64(i * 16, BigInt(at), true)
    table.setBigUint64(i * 16 + 8, BigInt(buffer.length), true)
    at += buffer.length
  })
  const footer = new DataView(new ArrayBuffer(40))
  footer.setBigUint64(0, BigInt(body.length), true)
  footer.setBigUint64(8, BigInt(body.length), true)
  footer.setBigUint64(16, BigInt(body.length), true)
  footer.setUint32(24, buffers.length, true)
  footer.setUint32(28, 0, true)
  footer.setUint16(32, 0, true)
  footer.setUint16(34, 3, true)
  new Uint8Array(footer.buffer).set(text('LANC'), 36)
  return concat(body, new Uint8Array(table.buffer), new Uint8Array(footer.buffer))
}
