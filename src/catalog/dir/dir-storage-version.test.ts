/**
 * Tables the dir client creates in a chosen Lance data storage version, compared with
 * tables LanceDB itself writes in that version (test-kit/storage-version-fixtures.ts), at the
 * root and in a nested namespace. Appends keep a table's version, so an empty table
 * created in a version and filled later must match too.
 */
import { connect, type Connection } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { tableForLance } from '../arrow-schema'
import { openDirNamespace } from './dir-namespace'
import type { NamespaceClient } from '../namespace-client'
import { bytesAndIds, LanceReference, VERSIONED_IDS, VERSIONED_ROWS, VERSIONED_SCHEMA } from '../../../test-kit/storage-version-fixtures'

let appRoot: string
let lanceRoot: string
let client: NamespaceClient
let app: Connection
let reference: LanceReference

beforeAll(async () => {
  appRoot = await makeTempDir('storage-version-app')
  lanceRoot = await makeTempDir('storage-version-lance')
  client = await openDirNamespace(appRoot)
  await client.createNamespace(['nested'])
  app = await connect(appRoot)
  reference = new LanceReference(lanceRoot)
})

afterAll(async () => {
  await client.close()
  app.close()
  await reference.close()
  await removeDir(appRoot)
  await removeDir(lanceRoot)
})

describe.each(['2.0', '2.1', 'legacy'] as const)('a table created in version %s', (version) => {
  const id = version.replace('.', '_')

  it('is written as LanceDB writes that version, not its default, and reads back', async () => {
    const expected = await reference.bytes(version)
    expect(expected).not.toBe(await reference.bytes(undefined))
    await client.createTable({ namespace: [], name: `root_${id}` }, VERSIONED_ROWS, 'create', { dataStorageVersion: version })
    await client.createTable({ namespace: ['nested'], name: `nested_${id}` }, VERSIONED_ROWS, 'create', { dataStorageVersion: version })
    expect(await bytesAndIds(app, [], `root_${id}`)).toEqual({ bytes: expected, ids: VERSIONED_IDS })
    expect(await bytesAndIds(app, ['nested'], `nested_${id}`)).toEqual({ bytes: expected, ids: VERSIONED_IDS })
  })

  it('keeps that version when created empty and filled later', async () => {
    await client.createTable({ namespace: ['nested'], name: `empty_${id}` }, VERSIONED_SCHEMA, 'create', { dataStorageVersion: version })
    const table = await app.openTable(`empty_${id}`, ['nested'])
    await table.add(tableForLance(VERSIONED_ROWS))
    table.close()
    expect(await bytesAndIds(app, ['nested'], `empty_${id}`)).toEqual({ bytes: await reference.bytes(version), ids: VERSIONED_IDS })
  })
})

it("writes LanceDB's default version when none is chosen", async () => {
  await client.createTable({ namespace: [], name: 'unchosen' }, VERSIONED_ROWS)
  expect(await bytesAndIds(app, [], 'unchosen')).toEqual({ bytes: await reference.bytes(undefined), ids: VERSIONED_IDS })
})
