/**
 * What a person reads when LanceDB fails under the dir client: a message without Rust
 * source locations or file paths (those stay in `details.cause` for the technical
 * details), and `invalid_name` rather than an internal error for names too long to store.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CatalogError } from '../../shared/errors'
import { MAX_NAME_LENGTH } from '../../shared/namespace-path'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { openDirNamespace } from '../dir/dir-namespace'
import type { NamespaceClient } from '../namespace-client'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function catalog(): Promise<{ root: string; client: NamespaceClient }> {
  const root = await makeTempDir('dir-errors')
  cleanups.push(() => removeDir(root))
  await buildNestedCatalog(root, { tables: { good: 1 }, namespaces: { a: {} } })
  const client = await openDirNamespace(root)
  cleanups.push(() => client.close())
  return { root, client }
}

async function failure(work: Promise<unknown>): Promise<CatalogError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e
  )
  if (!(error instanceof CatalogError)) throw new Error(`Expected a CatalogError, got ${String(error)}`)
  return error
}

describe('dir client error messages', () => {
  it('keep Rust source paths and the catalog folder out of the message, and in the cause', async () => {
    const { root, client } = await catalog()
    // A table folder LanceDB lists but cannot load: its error names files and Rust sources.
    await mkdir(join(root, 'broken.lance'))
    await writeFile(join(root, 'broken.lance', '_versions'), 'not a folder')
    const error = await failure(client.table({ namespace: [], name: 'broken' }).countRows())
    expect(error.message).not.toMatch(/\.rs:\d+|cargo\/registry/)
    expect(error.message).not.toContain(root.slice(1))
    expect(error.message).toMatch(/broken/)
    // The full text is kept for whoever opens the technical details.
    expect(String(error.details?.cause)).toMatch(/\.rs:\d+/)
  })

  it('refuses a name over the limit as invalid_name before touching the disk', async () => {
    const { client } = await catalog()
    const error = await failure(client.createTable({ namespace: [], name: 'x'.repeat(MAX_NAME_LENGTH + 1) }, sampleTableIpc(1), 'create'))
    expect(error.code).toBe('invalid_name')
    expect(error.message).toContain(`at most ${MAX_NAME_LENGTH} characters`)
    expect(await client.listTables([])).toMatchObject({ items: ['good'] })
  })

  it('answers invalid_name, not internal, when a nested table name is too long for the file system', async () => {
    const { client } = await catalog()
    const error = await failure(client.createTable({ namespace: ['a'], name: 'x'.repeat(MAX_NAME_LENGTH) }, sampleTableIpc(1), 'create'))
    expect(error.code).toBe('invalid_name')
    expect(error.message).toMatch(/too long/)
    expect(error.message).not.toMatch(/\/tmp|\.rs:/)
  })

  it("answers invalid_request with the engine's reason for a filter its SQL cannot plan", async () => {
    const { client } = await catalog()
    const error = await failure(client.table({ namespace: [], name: 'good' }).countRows('id IN (SELECT id FROM good)'))
    expect(error.code).toBe('invalid_request')
    expect(error.message).toContain("Expression 'id IN (SELECT id FROM good)' is not supported SQL in lance")
  })
})
