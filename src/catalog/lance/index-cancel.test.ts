/**
 * Cancelling an index build while it runs, through a directory catalog and through the
 * REST client against the reference server (which cancels the build when its client
 * goes away): the call ends as `cancelled` and LanceDB's SDK finds no new index. The
 * vector index built here takes tens of seconds on this table, so the cancel, sent
 * 0.3 s in, always lands mid-build.
 */
import { connect } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import type { TableRef } from '../../shared/catalog-types'
import { CatalogError } from '../../shared/errors'
import { openDirNamespace } from '../dir/dir-namespace'
import type { NamespaceClient } from '../namespace-client'
import { openRestCatalog } from '../rest/rest-namespace'

const big: TableRef = { namespace: [], name: 'big' }
const DIMENSION = 64

let root: string
let server: RunningCatalogServer
const log: string[] = []

beforeAll(async () => {
  root = await makeTempDir('index-cancel')
  const db = await connect(root)
  const rows = Array.from({ length: 4_000 }, (_, i) => ({ id: i, vector: Array.from({ length: DIMENSION }, (_, k) => Math.sin(i * 0.013 + k * 0.7)) }))
  ;(await db.createTable(big.name, rows)).close()
  db.close()
  server = await startCatalogServer({ root, log: (line) => log.push(line) })
})

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

async function sdkIndexes(): Promise<string[]> {
  const db = await connect(root)
  const table = await db.openTable(big.name)
  try {
    return (await table.listIndices()).map((index) => index.name)
  } finally {
    table.close()
    db.close()
  }
}

async function buildThenCancel(client: NamespaceClient): Promise<unknown> {
  const controller = new AbortController()
  const build = client.table(big).createIndex({ column: 'vector', indexType: 'IVF_PQ', numPartitions: 64, numSubVectors: 16 }, { signal: controller.signal })
  setTimeout(() => controller.abort(), 300)
  return build.then(
    () => 'built',
    (error: unknown) => error
  )
}

describe('cancelling an index build mid-way', () => {
  it('stops it in a directory catalog', async () => {
    const client = await openDirNamespace(root)
    try {
      const outcome = await buildThenCancel(client)
      expect(outcome instanceof CatalogError ? outcome.code : outcome).toBe('cancelled')
      expect(await sdkIndexes()).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('stops it on the REST server when the client cancels', async () => {
    const client = openRestCatalog({ uri: server.url }, { maxRetries: 0 })
    try {
      const outcome = await buildThenCancel(client)
      expect(outcome instanceof CatalogError ? outcome.code : outcome).toBe('cancelled')
      // The server finishes the request once LanceDB has stopped the build; it then has no index.
      await expect.poll(() => log.some((line) => line.includes('/create_index')), { timeout: 60_000 }).toBe(true)
      expect(await sdkIndexes()).toEqual([])
    } finally {
      await client.close()
    }
  })
})
