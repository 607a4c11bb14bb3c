/**
 * A directory catalog's versions through the NamespaceClient (the app's dir
 * implementation on LanceDB): history, an older version's description, count and rows,
 * restore and tags, on a LanceDB-made table with 4 versions.
 */
import { connect } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeLanceNativeTable, NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX, NATIVE_VERSION_ROWS } from '../../../test-kit/lance-native-table'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { CatalogError } from '../../shared/errors'
import { openDirNamespace } from './dir-namespace'
import type { NamespaceClient } from '../namespace-client'

let root: string
let client: NamespaceClient
const ref = (name: string) => ({ namespace: [], name })

beforeAll(async () => {
  root = await makeTempDir('dir-versions')
  const db = await connect(root)
  for (const name of ['articles', 'restored']) (await makeLanceNativeTable(db, name)).close()
  db.close()
  client = await openDirNamespace(root)
})

afterAll(async () => {
  await client?.close()
  await removeDir(root)
})

describe('directory catalog versions', () => {
  it('lists versions with rows and reads version 1 as it was', async () => {
    expect((await client.table(ref('articles')).listVersions()).map((v) => v.rows)).toEqual(NATIVE_VERSION_ROWS.map(String))
    expect(await client.table(ref('articles')).listTags()).toEqual([])
    const described = await client.table(ref('articles')).describeVersion('1')
    expect(described).toMatchObject({ version: '1', rowCount: '300', location: expect.stringContaining('articles') })
    // Each version names its own indexes: none at 1, the vector index from 2, both from 3.
    expect(described.indexNames).toEqual([])
    expect((await client.table(ref('articles')).describeVersion('2')).indexNames).toEqual([NATIVE_VECTOR_INDEX])
    expect([...((await client.table(ref('articles')).describeVersion('3')).indexNames ?? [])].sort()).toEqual([NATIVE_TEXT_INDEX, NATIVE_VECTOR_INDEX].sort())
    expect(await client.table(ref('articles')).countRowsAt('1', 'id >= 290')).toBe('10')
    const page = await client.table(ref('articles')).readRows({ offset: 0, limit: 1000, filter: 'id >= 290', version: '4' })
    expect(Array.from(tableFromIPC(page.arrow).getChild('id')?.toArray() ?? [], Number)).toHaveLength(210)
    expect((await client.table(ref('articles')).describe()).version).toBe('4')
  })

  it('restores and tags through the client', async () => {
    expect(await client.table(ref('restored')).restoreVersion('3')).toBe('5')
    expect((await client.table(ref('restored')).describe()).rowCount).toBe('300')
    await client.table(ref('restored')).createTag('three', '3')
    expect(await client.table(ref('restored')).listTags()).toEqual([{ name: 'three', version: '3' }])
    await client.table(ref('restored')).deleteTag('three')
    expect(await client.table(ref('restored')).listTags()).toEqual([])
  })

  it('says which versions exist when asked for one that does not', async () => {
    const error = await client
      .table(ref('articles'))
      .readRows({ offset: 0, limit: 1, version: '12' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CatalogError)
    expect((error as CatalogError).message).toBe('Table "articles" has no version 12: its versions are 1 to 4. Refresh the versions and choose one listed.')
  })
})
