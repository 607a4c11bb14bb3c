/**
 * LanceDB's own SDK, at the project's version, walks the reference server through every
 * operation a LanceDB user takes (server/interop/lancedb-walk.ts), in both ways LanceDB
 * reaches a REST catalog: the remote client (`connect("db://…", { hostOverride })`, which
 * sends LZ4-compressed Arrow) and the REST namespace client (`connectNamespace("rest")`).
 */
import * as lancedb from '@lancedb/lancedb'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { walkLanceDb, type LanceDbSdk, type WalkMode } from './interop/lancedb-walk'
import { startCatalogServer, type RunningCatalogServer } from './server'

const API_KEY = 'walk-key'
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function serve(): Promise<RunningCatalogServer> {
  const root = await makeTempDir('lancedb-walk')
  const server = await startCatalogServer({ root, apiKeys: [API_KEY] })
  cleanups.push(async () => {
    await server.close()
    await removeDir(root)
  })
  return server
}

describe("LanceDB's SDK walks the reference server", () => {
  it.each<WalkMode>(['remote', 'namespace'])(
    'through the %s client: every operation passes',
    async (mode) => {
      const server = await serve()
      const steps = await walkLanceDb(lancedb as unknown as LanceDbSdk, mode, { url: server.url, apiKey: API_KEY })
      expect(steps.filter((step) => !step.ok)).toEqual([])
      expect(steps.map((step) => step.name)).toEqual([
        'create',
        'list (paginated)',
        'open',
        'open a missing table',
        'schema',
        'count',
        'query with a limit',
        'query without a limit',
        'vector search',
        'full-text search',
        'explain',
        'indexes',
        'versions',
        'add',
        'update',
        'delete',
        'merge insert',
        'checkout',
        'drop'
      ])
    },
    60_000
  )
})
