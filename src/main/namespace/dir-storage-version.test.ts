/**
 * Tables the dir client creates in a chosen Lance data storage version. LanceDB's
 * JavaScript SDK has no call that tells a table's version, so each table is compared with
 * one LanceDB itself wrote in that version from the same rows: LanceDB's own stats give
 * the same bytes on disk (and other bytes than its default version writes), and LanceDB
 * reads the rows back. Appends keep a table's version, so an empty table created in a
 * version and then filled must match too.
 */
import { connect, type Connection } from '@lancedb/lancedb'
import { Float64, Int64, Table, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../e2e/support/lancedb-catalog'
import { DATA_STORAGE_VERSION_OPTION, type DataStorageVersion } from '../../shared/data-storage-version'
import { tableForLance } from './arrow-schema'
import { openDirNamespace } from './dir-namespace'
import type { NamespaceClient } from './namespace-client'

const ROWS = 200
const rows = new Table({
  id: vectorFromArray(Array.from({ length: ROWS }, (_, i) => BigInt(i)), new Int64()),
  name: vectorFromArray(Array.from({ length: ROWS }, (_, i) => (i % 7 === 0 ? null : `name ${i % 13}`)), new Utf8()),
  score: vectorFromArray(Array.from({ length: ROWS }, (_, i) => i / 4), new Float64())
})
const ipc = tableToIPC(rows, 'stream')
const schemaOnly = tableToIPC(rows.slice(0, 0), 'stream')

let appRoot: string
let lanceRoot: string
let client: NamespaceClient
let lance: Connection
let app: Connection

beforeAll(async () => {
  appRoot = await makeTempDir('storage-version-app')
  lanceRoot = await makeTempDir('storage-version-lance')
  client = await openDirNamespace(appRoot)
  await client.createNamespace(['nested'])
  lance = await connect(lanceRoot)
  app = await connect(appRoot)
})

afterAll(async () => {
  client.close()
  lance.close()
  app.close()
  await removeDir(appRoot)
  await removeDir(lanceRoot)
})

/** Bytes on disk of a table LanceDB writes from `rows` in `version` (its default when undefined). */
async function lanceBytes(version: DataStorageVersion | undefined): Promise<number> {
  const name = `lance_${version ?? 'default'}`.replace('.', '_')
  const options = version ? { storageOptions: { [DATA_STORAGE_VERSION_OPTION]: version } } : {}
  const table = await lance.createTable(name, tableForLance(ipc), options)
  try {
    return (await table.stats()).totalBytes
  } finally {
    table.close()
  }
}

/** Bytes on disk and rows of the app's table `name` in `namespace`, as LanceDB reads them. */
async function appTable(namespace: string[], name: string): Promise<{ bytes: number; ids: number[] }> {
  const table = await app.openTable(name, namespace)
  try {
    const read = await table.query().select(['id']).toArray()
    return { bytes: (await table.stats()).totalBytes, ids: read.map((row: { id: bigint | number }) => Number(row.id)).sort((a, b) => a - b) }
  } finally {
    table.close()
  }
}

const allIds = Array.from({ length: ROWS }, (_, i) => i)

describe.each(['2.0', '2.1', 'legacy'] as const)('a table created in version %s', (version) => {
  const id = version.replace('.', '_')

  it('is written as LanceDB writes that version, not its default, and reads back', async () => {
    const expected = await lanceBytesOnce(version)
    expect(expected).not.toBe(await lanceBytesOnce(undefined))
    await client.createTable({ namespace: [], name: `root_${id}` }, ipc, 'create', { dataStorageVersion: version })
    await client.createTable({ namespace: ['nested'], name: `nested_${id}` }, ipc, 'create', { dataStorageVersion: version })
    expect(await appTable([], `root_${id}`)).toEqual({ bytes: expected, ids: allIds })
    expect(await appTable(['nested'], `nested_${id}`)).toEqual({ bytes: expected, ids: allIds })
  })

  it('keeps that version when created empty and filled later', async () => {
    await client.createTable({ namespace: ['nested'], name: `empty_${id}` }, schemaOnly, 'create', { dataStorageVersion: version })
    const table = await app.openTable(`empty_${id}`, ['nested'])
    await table.add(tableForLance(ipc))
    table.close()
    expect(await appTable(['nested'], `empty_${id}`)).toEqual({ bytes: await lanceBytesOnce(version), ids: allIds })
  })
})

it("writes LanceDB's default version when none is chosen", async () => {
  await client.createTable({ namespace: [], name: 'unchosen' }, ipc)
  expect((await appTable([], 'unchosen')).bytes).toBe(await lanceBytesOnce(undefined))
})

// Each version's reference table is written once; later lookups reuse its size.
const measured = new Map<string, Promise<number>>()
function lanceBytesOnce(version: DataStorageVersion | undefined): Promise<number> {
  const key = version ?? 'default'
  let known = measured.get(key)
  if (!known) {
    known = lanceBytes(version)
    measured.set(key, known)
  }
  return known
}
