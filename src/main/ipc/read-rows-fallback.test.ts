import { join } from 'node:path'
import { tableFromIPC } from 'apache-arrow'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../../../e2e/support/lancedb-catalog'
import { buildOddTypesCatalog, ODD_NAME_COLUMN, ODD_TYPES_TABLE, UNREADABLE_COLUMN } from '../../../e2e/support/odd-types-table'
import { unreadableColumnsOf } from '../../shared/unreadable-columns'
import { openDirNamespace } from '../namespace/dir-namespace'
import type { NamespaceClient } from '../namespace/namespace-client'
import { readRowsSkippingUnreadable } from './read-rows-fallback'

describe('readRowsSkippingUnreadable on a real LanceDB table with a column it cannot scan', () => {
  let dir: string
  let client: NamespaceClient
  const table = { namespace: ['odd'], name: ODD_TYPES_TABLE }

  beforeEach(async () => {
    dir = await makeTempDir('lcb-read-fallback')
    await buildOddTypesCatalog(join(dir, 'catalog'))
    client = await openDirNamespace(join(dir, 'catalog'))
  })

  afterEach(async () => {
    await client.close()
    await removeDir(dir)
  })

  it('the plain read fails (the reason for the fallback)', async () => {
    await expect(client.readRows(table, { offset: 0, limit: 10 })).rejects.toThrow()
  })

  it('reads every other column and names the unreadable one', async () => {
    const rows = tableFromIPC((await readRowsSkippingUnreadable(client, table, { offset: 0, limit: 10 })).arrow)
    expect(rows.numRows).toBe(3)
    expect(rows.getChild(UNREADABLE_COLUMN)).toBeNull()
    expect(rows.getChild(ODD_NAME_COLUMN)?.get(0)).toBe('ünïcode ✓')
    expect(rows.schema.fields.length).toBe(18)
    const unreadable = unreadableColumnsOf(rows.schema.metadata)
    expect(unreadable.map((u) => u.name)).toEqual([UNREADABLE_COLUMN])
    expect(unreadable[0]?.message).toMatch(/nothing|null/i)
  })

  it('keeps the original error when the columns asked for all fail', async () => {
    await expect(readRowsSkippingUnreadable(client, table, { offset: 0, limit: 10, columns: [UNREADABLE_COLUMN] })).rejects.toThrow()
  })

  it('does not probe on errors that are not about columns', async () => {
    await expect(readRowsSkippingUnreadable(client, { namespace: ['odd'], name: 'missing' }, { offset: 0, limit: 1 })).rejects.toMatchObject({
      code: 'table_not_found'
    })
  })
})
