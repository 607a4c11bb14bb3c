/**
 * Paging through the reference server with our REST client: 300 child namespaces and
 * 300 tables, server page sizes 1 to 7, with and without a client limit. Every name must
 * arrive exactly once, in order, in the expected number of pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, PageRequest } from '../src/shared/catalog-types'
import { openRestNamespace } from '../src/catalog/rest/rest-namespace'
import { createChildNamespaces, createChildTables, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { startCatalogServer } from './server'

const CHILDREN = 300

let root: string
let namespaceNames: string[]
let tableNames: string[]

beforeAll(async () => {
  root = await makeTempDir('rest-pagination')
  // Built once; every page size below reads the same catalog.
  namespaceNames = await createChildNamespaces(root, [], 1, 'wide')
  namespaceNames = await createChildNamespaces(root, ['wide_0'], CHILDREN, 'ns')
  tableNames = await createChildTables(root, ['wide_0'], CHILDREN, 'tbl')
}, 180_000)

afterAll(async () => {
  await removeDir(root)
})

async function walk(list: (page: PageRequest) => Promise<Page<string>>, limit?: number): Promise<{ names: string[]; sizes: number[] }> {
  const names: string[] = []
  const sizes: number[] = []
  let pageToken: string | null = null
  do {
    const page: Page<string> = await list(limit === undefined ? { pageToken } : { pageToken, limit })
    names.push(...page.items)
    sizes.push(page.items.length)
    pageToken = page.nextPageToken
  } while (pageToken !== null)
  return { names, sizes }
}

describe('paging through the reference server', () => {
  it.each([1, 2, 3, 4, 5, 6, 7])('server page size %i: every namespace and table once, in order', async (pageSize) => {
    const server = await startCatalogServer({ root, pageSize })
    const client = openRestNamespace({ uri: server.url })
    try {
      // No client limit, then limits above and below the server's cap: the smaller one wins.
      const limits = [undefined, pageSize + 3, ...(pageSize > 1 ? [pageSize - 1] : [])]
      for (const limit of limits) {
        const perPage = Math.min(pageSize, limit ?? pageSize)
        const namespaces = await walk((page) => client.listNamespaces(['wide_0'], page), limit)
        expect(namespaces.names).toEqual(namespaceNames)
        expect(namespaces.sizes.length).toBe(Math.ceil(CHILDREN / perPage))
        expect(Math.max(...namespaces.sizes)).toBe(perPage)
      }
      const tables = await walk((page) => client.listTables(['wide_0'], page))
      expect(tables.names).toEqual(tableNames)
      expect(tables.sizes.length).toBe(Math.ceil(CHILDREN / pageSize))
      expect(Math.max(...tables.sizes)).toBe(pageSize)
    } finally {
      await client.close()
      await server.close()
    }
  })
})
