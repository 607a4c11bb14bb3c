import { connectNamespace } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { startTestS3, type TestS3 } from '../../../test-kit/s3-server'
import { storageProperties } from '../../shared/storage-options'
import { openNamespaceClient } from './connection-registry'
import { openDirNamespace } from '../../catalog/dir/dir-namespace'

let s3: TestS3
let root: string
beforeAll(async () => {
  s3 = await startTestS3()
  root = `s3://${s3.bucket}/catalogs/sales`
  await buildNestedCatalog(root, { tables: { top: 3 }, namespaces: { analytics: { namespaces: { web: { tables: { page_views: 12 } } } } } }, s3.storageOptions)
})
afterAll(async () => {
  await s3?.close()
})

/** The tables LanceDB itself lists in `namespace` of the catalog, opened on its own. */
async function lanceTables(namespace: string[]): Promise<string[]> {
  const db = await connectNamespace('dir', { root, ...storageProperties(s3.storageOptions) })
  try {
    return await db.tableNames(namespace)
  } finally {
    db.close()
  }
}

describe('a directory catalog on an S3-compatible store', () => {
  it('browses, describes and previews nested namespaces made by LanceDB', async () => {
    const client = await openNamespaceClient({ name: 'sales', type: 'dir', properties: { root, ...storageProperties(s3.storageOptions) } })
    try {
      expect((await client.listNamespaces([])).items).toEqual(['analytics'])
      expect((await client.listNamespaces(['analytics'])).items).toEqual(['web'])
      expect((await client.listTables([])).items).toEqual(['top'])
      const table = { namespace: ['analytics', 'web'], name: 'page_views' }
      const described = await client.table(table).describe()
      expect(described).toMatchObject({ rowCount: '12', version: '1' })
      expect(described.location).toMatch(new RegExp(`^s3://${s3.bucket}/catalogs/sales/`))
      expect(described.fields.map((f) => f.name)).toContain('vector')
      const page = await client.table(table).readRows({ offset: 10, limit: 5 })
      expect(
        tableFromIPC(page.arrow)
          .toArray()
          .map((row) => Number(row.id))
      ).toEqual([10, 11])
    } finally {
      await client.close()
    }
  })

  it('creates and drops a table that LanceDB then sees and no longer sees', async () => {
    const client = await openDirNamespace(root, s3.storageOptions)
    try {
      const table = { namespace: ['analytics'], name: 'made_here' }
      await client.createTable(table, sampleTableIpc(4))
      expect(await lanceTables(['analytics'])).toEqual(['made_here'])
      expect(await client.table(table).countRows()).toBe('4')
      await client.dropTable(table)
      expect(await lanceTables(['analytics'])).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('says the access is denied for a wrong secret key, without showing the key', async () => {
    const wrong = { ...s3.storageOptions, aws_secret_access_key: 'not-the-secret-key' }
    const failure = openDirNamespace(root, wrong).then((client) => client.listNamespaces([]))
    await expect(failure).rejects.toMatchObject({ code: 'permission_denied', message: expect.stringMatching(/^Access denied/) })
    const error: unknown = await failure.catch((e: unknown) => e)
    expect(JSON.stringify(error)).not.toContain('not-the-secret-key')
  })

  it('names a missing bucket and refuses a scheme it does not open', async () => {
    await expect(openDirNamespace('s3://no-such-bucket/x', s3.storageOptions).then((c) => c.listNamespaces([]))).rejects.toMatchObject({
      code: 'invalid_catalog',
      message: expect.stringMatching(/^Bucket missing/)
    })
    await expect(openDirNamespace('ftp://host/catalog')).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('"ftp://"') })
  })
})
