/**
 * What LanceDB's own `dir` namespace does where the app's dir client fills a gap
 * (dir-namespace.ts): each test states the gap as LanceDB 0.39.0 behaves, so the day an
 * upgrade closes one, its test fails and the workaround can go. The messages checked are
 * the ones lance-errors.ts reads into error codes.
 */
import { connectNamespace, type Connection } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { fromLance } from '../lance/lance-errors'

let root: string
let db: Connection

beforeAll(async () => {
  root = await makeTempDir('lancedb-dir-gaps')
  db = await connectNamespace('dir', { root })
})

afterAll(async () => {
  db.close()
  await removeDir(root)
})

/** What LanceDB threw, read as the app reads it. */
async function refusal(call: () => Promise<unknown>): Promise<{ message: string; code: string }> {
  const error = await call().then(
    () => null,
    (thrown: unknown) => thrown
  )
  if (error === null) throw new Error('LanceDB accepted the call: the gap this test states is closed upstream')
  return { message: String(error), code: fromLance(error, 'probe', {}).code }
}

describe("LanceDB's dir namespace (the gaps the app's dir client fills)", () => {
  it('refuses exist_ok and overwrite for a namespace that exists, as a plain create', async () => {
    await db.createNamespace(['kept'])
    for (const mode of ['exist_ok', 'overwrite'] as const) {
      const refused = await refusal(() => db.createNamespace(['kept'], { mode }))
      expect(refused.message).toMatch(/Namespace already exists/)
      expect(refused.code).toBe('namespace_exists')
    }
  })

  it('refuses a cascade drop of a namespace that holds a table, as a restrict drop', async () => {
    await db.createNamespace(['full'])
    await db.createTable('t', [{ x: 1 }], ['full'])
    const refused = await refusal(() => db.dropNamespace(['full'], { behavior: 'cascade' }))
    expect(refused.message).toMatch(/Namespace not empty/)
    expect(refused.code).toBe('namespace_not_empty')
    expect(await db.tableNames(['full'])).toEqual(['t'])
  })

  it('creates a table in a namespace that does not exist, and lists a missing namespace as empty', async () => {
    await db.createTable('u', [{ x: 1 }], ['nowhere'])
    expect(await db.tableNames(['nowhere'])).toEqual(['u'])
    expect(await db.tableNames(['never-made'])).toEqual([])
    const refused = await refusal(() => db.describeNamespace(['never-made']))
    expect(refused.code).toBe('namespace_not_found')
  })
})
