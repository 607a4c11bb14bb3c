/**
 * "Test connection" on a REST catalog says which data access applies: the data routes, or
 * a metadata-only catalog whose data is read from table locations.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { testHttp } from './http-check'

let root: string
let full: RunningCatalogServer
let metadataOnly: RunningCatalogServer

beforeAll(async () => {
  root = await makeTempDir('data-access-test')
  await buildNestedCatalog(root, { tables: { t: 1 } })
  full = await startCatalogServer({ root })
  metadataOnly = await startCatalogServer({ root, dataRoutes: false })
})

afterAll(async () => {
  await full?.close()
  await metadataOnly?.close()
  await removeDir(root)
})

it('reports the data routes when the catalog serves them', async () => {
  const steps = await testHttp({ uri: full.url }, 'rest')
  expect(steps.map((s) => [s.title, s.verdict])).toEqual([
    ['List root namespaces', 'ok'],
    ['Data access', 'ok']
  ])
  expect(steps[1]?.message).toMatch(/serves the data routes/)
})

it('reports a metadata-only catalog whose data is read from table locations', async () => {
  const steps = await testHttp({ uri: metadataOnly.url }, 'rest')
  expect(steps[1]).toMatchObject({ title: 'Data access', verdict: 'ok', status: 404 })
  expect(steps[1]?.message).toContain('metadata-only catalog: data read from table locations')
})
