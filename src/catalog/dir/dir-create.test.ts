/**
 * Concurrent creates through the dir client on real LanceDB catalogs: one winner per name,
 * the rest `table_exists` / `namespace_exists`, and the table holding exactly the winner's
 * rows; exist_ok and overwrite races; a failed create removes only what it left itself.
 */
import { connectNamespace } from '@lancedb/lancedb'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir, rowsWithABadNull } from '../../../test-kit/lancedb-catalog'
import type { TableRef } from '../../shared/catalog-types'
import { tableForLance } from '../arrow-schema'
import { createTableSafely } from '../create-table-safely'
import { openDirNamespace } from './dir-namespace'
import type { NamespaceClient } from '../namespace-client'
import { creatorRows, creatorsIn, expectNamespaceRaces, race, rowsOf, tablesListed } from '../../../test-kit/race-fixtures'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function catalog(): Promise<{ root: string; client: NamespaceClient }> {
  const root = await makeTempDir('dir-create')
  cleanups.push(() => removeDir(root))
  return { root, client: await open(root) }
}

async function open(root: string): Promise<NamespaceClient> {
  const client = await openDirNamespace(root)
  cleanups.push(() => client.close())
  return client
}

/** The table holds exactly the rows of `creator`. */
async function expectRowsOf(root: string, table: TableRef, creator: number | undefined): Promise<void> {
  expect(creator).toBeDefined()
  expect(await creatorsIn(root, table)).toEqual(new Array(rowsOf(creator ?? -1)).fill(creator))
}

describe('concurrent table creates through the dir client', () => {
  it('2 creators x 20 runs in a nested namespace: one wins, the other gets table_exists, the winner\u2019s rows stay', async () => {
    const { root, client } = await catalog()
    await client.createNamespace(['n1'])
    for (let run = 0; run < 20; run++) {
      const table = { namespace: ['n1'], name: `t${run}` }
      // Through the app's create path (what `tables:create` runs) as well as the client itself.
      const outcome = await race(2, (i) =>
        i === 0
          ? createTableSafely(client, table, 'create', () => client.createTable(table, creatorRows(i), 'create'))
          : client.createTable(table, creatorRows(i), 'create')
      )
      expect(outcome.winners).toHaveLength(1)
      expect(outcome.failures).toEqual(['table_exists'])
      await expectRowsOf(root, table, outcome.winners[0])
    }
    expect(await tablesListed(root, ['n1'])).toHaveLength(20)
  })

  it('50 creators at the root, spread over two clients of the same folder: one wins, 49 get table_exists', async () => {
    const { root, client } = await catalog()
    const second = await open(root)
    const table = { namespace: [], name: 't' }
    const outcome = await race(50, (i) => {
      const via = i % 2 === 0 ? client : second
      const send = () => via.createTable(table, creatorRows(i), 'create')
      return i % 4 < 2 ? send() : createTableSafely(via, table, 'create', send)
    })
    expect(outcome.winners).toHaveLength(1)
    expect(outcome.failures).toEqual(new Array(49).fill('table_exists'))
    await expectRowsOf(root, table, outcome.winners[0])
    expect(await tablesListed(root, [])).toEqual(['t'])
  })

  it('exist_ok race: every caller gets ok and the table holds one creator\u2019s rows', async () => {
    const { root, client } = await catalog()
    await client.createNamespace(['n1'])
    for (const table of [
      { namespace: [], name: 'root_t' },
      { namespace: ['n1'], name: 'nested_t' }
    ]) {
      const outcome = await race(20, (i) => client.createTable(table, creatorRows(i), 'exist_ok'))
      expect(outcome.failures).toEqual([])
      const creators = await creatorsIn(root, table)
      expect(creators).not.toBeNull()
      const first = creators?.[0] ?? -1
      expect(creators).toEqual(new Array(rowsOf(first)).fill(first))
    }
  })

  it('overwrite race on an existing table: every caller gets ok, the table holds exactly one writer\u2019s rows', async () => {
    const { root, client } = await catalog()
    await client.createNamespace(['n1'])
    for (const table of [
      { namespace: [], name: 'root_t' },
      { namespace: ['n1'], name: 'nested_t' }
    ]) {
      await client.createTable(table, creatorRows(100), 'create')
      const outcome = await race(20, (i) => client.createTable(table, creatorRows(i), 'overwrite'))
      expect(outcome.failures).toEqual([])
      const creators = await creatorsIn(root, table)
      const last = creators?.[0] ?? -1
      expect(last).toBeLessThan(20)
      expect(creators).toEqual(new Array(rowsOf(last)).fill(last))
    }
  })

  it('a failed create at the root leaves nothing listed, and the name is free again', async () => {
    const { root, client } = await catalog()
    const table = { namespace: [], name: 'people' }
    await expect(client.createTable(table, rowsWithABadNull(), 'create')).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/non-nullable/)
    })
    expect(await tablesListed(root, [])).toEqual([])
    await client.createTable(table, creatorRows(1), 'create')
    await expectRowsOf(root, table, 1)
  })

  it('a failed create never drops a registration that was there before it', async () => {
    const { root, client } = await catalog()
    // Someone else's create that registered the name and has not written yet (here: whose write failed).
    const other = await connectNamespace('dir', { root })
    const bad = rowsWithABadNull()
    await expect(other.createTable('pending', tableForLance(bad), [])).rejects.toThrow(/non-nullable/)
    other.close()
    expect(await tablesListed(root, [])).toEqual(['pending'])
    await expect(client.createTable({ namespace: [], name: 'pending' }, bad, 'create')).rejects.toMatchObject({ code: 'invalid_request' })
    expect(await tablesListed(root, [])).toEqual(['pending'])
  })
})

describe('concurrent namespace creates through the dir client', () => {
  it('one creator wins at each level, the rest get namespace_exists; exist_ok callers all get ok', async () => {
    const { root, client } = await catalog()
    await expectNamespaceRaces(client)
    const db = await connectNamespace('dir', { root })
    expect((await db.listNamespaces(['a'])).namespaces).toEqual(['b', 'c'])
    db.close()
  })
})
