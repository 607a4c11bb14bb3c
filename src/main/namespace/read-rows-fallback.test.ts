import { join } from 'node:path'
import { tableFromIPC } from 'apache-arrow'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { startFailingProxy, type FailingProxy } from '../../../e2e/explore/failing-proxy'
import { makeTempDir, removeDir } from '../../../e2e/support/lancedb-catalog'
import { buildOddTypesCatalog, NULL_TYPED_COLUMN, ODD_NAME_COLUMN, ODD_TYPES_TABLE, oddTypesTable } from '../../../e2e/support/odd-types-table'
import { unreadableColumnsOf } from '../../shared/unreadable-columns'
import type { NamespaceClient } from './namespace-client'
import { openRestNamespace } from './rest/rest-namespace'
import { readRowsSkippingUnreadable } from './read-rows-fallback'

// LanceDB 0.39 with Arrow JS 21 scans every type it stores, so the failing column comes
// from a REST server that fails any query including it, as servers do when they cannot
// decode one column.
const UNREADABLE = NULL_TYPED_COLUMN

describe('readRowsSkippingUnreadable over REST, when the server fails every query including one column', () => {
  let dir: string
  let server: RunningCatalogServer
  let proxy: FailingProxy
  let client: NamespaceClient
  const table = { namespace: ['odd'], name: ODD_TYPES_TABLE }

  beforeEach(async () => {
    dir = await makeTempDir('lcb-read-fallback')
    await buildOddTypesCatalog(join(dir, 'catalog'))
    server = await startCatalogServer({ root: join(dir, 'catalog') })
    proxy = await startFailingProxy(server.url, { unreadableColumn: { table: ODD_TYPES_TABLE, column: UNREADABLE } })
    client = openRestNamespace({ uri: proxy.url }, { maxRetries: 0 })
  })

  afterEach(async () => {
    await client.close()
    await proxy.close()
    await server.close()
    await removeDir(dir)
  })

  it('the plain read fails (the reason for the fallback)', async () => {
    await expect(client.readRows(table, { offset: 0, limit: 10 })).rejects.toMatchObject({ code: 'server_error' })
  })

  it('reads every other column and names the unreadable one', async () => {
    const rows = tableFromIPC((await readRowsSkippingUnreadable(client, table, { offset: 0, limit: 10 })).arrow)
    expect(rows.numRows).toBe(3)
    expect(rows.getChild(UNREADABLE)).toBeNull()
    expect(rows.getChild(ODD_NAME_COLUMN)?.get(0)).toBe('ünïcode ✓')
    expect(rows.schema.fields.length).toBe(oddTypesTable().schema.fields.length - 1)
    const unreadable = unreadableColumnsOf(rows.schema.metadata)
    expect(unreadable.map((u) => u.name)).toEqual([UNREADABLE])
    expect(unreadable[0]?.message).toContain(`Unsupported data type for column "${UNREADABLE}"`)
  })

  it('keeps the original error when the columns asked for all fail', async () => {
    const read = readRowsSkippingUnreadable(client, table, { offset: 0, limit: 10, columns: [UNREADABLE] })
    await expect(read).rejects.toMatchObject({ code: 'server_error' })
  })

  it('does not probe on errors that are not about columns', async () => {
    await expect(readRowsSkippingUnreadable(client, { namespace: ['odd'], name: 'missing' }, { offset: 0, limit: 1 })).rejects.toMatchObject({
      code: 'table_not_found'
    })
  })
})
