/**
 * The benchmark's workloads, each written twice: as the app runs it (the renderer's calls
 * to the host, with the renderer's defaults: pages of 100 rows, all columns, k = 10, L2)
 * and as LanceDB's SDK runs it on a table opened once.
 *
 * Browse: open a table (the app asks for its description, row count, search info and
 * first page at once, as clicking a table does), scroll nine more pages, then apply a
 * filter (its count, then its first page). Search: the nearest 10 rows to a vector.
 * Find similar on a row on screen: the app reads the row's vector, then searches; the
 * SDK searches with the vector it already has, as a user's screen already shows it.
 */
import type { Connection, Table as LanceTable } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { DEFAULT_SEARCH_K } from '../../src/shared/search-types'
import type { RowsPage } from '../../src/shared/contract/tables'
import type { HostCall } from './host-client'
import type { StorageOptions } from './slow-store'

/** Rows per page: the grid's page size (PAGE_ROWS of the renderer's row-pages.ts). */
export const PAGE_ROWS = 100
/** Pages a browse reads, the first included. */
export const PAGES = 10
/** The filter a browse applies: a tenth of the rows, spread over the whole table. */
export const FILTER = 'id % 10 = 3'
/** Rows a search returns: the app's default k. */
export const K = DEFAULT_SEARCH_K

/** The app's side: one connection of the host. */
export interface AppTarget {
  readonly call: HostCall
  readonly connectionId: string
}

/** Browses table `name` through the host. */
export async function appBrowse({ call, connectionId }: AppTarget, name: string): Promise<void> {
  const table = { namespace: [], name }
  const read = async (offset: number, filter?: string): Promise<void> => {
    const page = (await call('tables:readRows', { connectionId, table, offset, limit: PAGE_ROWS, ...(filter ? { filter } : {}) })) as RowsPage
    tableFromIPC(page.arrow)
  }
  await Promise.all([
    call('tables:describe', { connectionId, table }),
    call('tables:count', { connectionId, table }),
    call('search:info', { connectionId, table }),
    read(0)
  ])
  for (let page = 1; page < PAGES; page++) await read(page * PAGE_ROWS)
  await call('tables:count', { connectionId, table, filter: FILTER })
  await read(0, FILTER)
}

/** Browses table `name` with LanceDB's SDK, opening it once. */
export async function sdkBrowse(db: Connection, name: string, storage: StorageOptions): Promise<void> {
  const table = await db.openTable(name, [], { storageOptions: { ...storage } })
  try {
    await table.countRows()
    for (let page = 0; page < PAGES; page++)
      await table
        .query()
        .limit(PAGE_ROWS)
        .offset(page * PAGE_ROWS)
        .toArrow()
    await table.countRows(FILTER)
    await table.query().where(FILTER).limit(PAGE_ROWS).toArrow()
  } finally {
    table.close()
  }
}

/** The 10 nearest rows to `vector` through the host; the first row's id. */
export async function appSearch({ call, connectionId }: AppTarget, name: string, vector: readonly number[]): Promise<number> {
  const query = { kind: 'vector', column: 'vector', vector: [...vector], distanceType: 'l2', k: K }
  const page = (await call('search:rows', { connectionId, table: { namespace: [], name }, query })) as RowsPage
  return Number(tableFromIPC(page.arrow).getChild('id')?.get(0))
}

/**
 * "Find similar" on a row the grid shows: the page on screen holds the row's vector (the
 * grid shows every column by default), so the app sends the search alone, as the data
 * tab does; a row whose vector column is hidden would be read first.
 */
export async function appFindSimilar(target: AppTarget, name: string, vectorOnScreen: readonly number[]): Promise<number> {
  return appSearch(target, name, vectorOnScreen)
}

/** The 10 nearest rows to `vector` with LanceDB's SDK; the first row's id. */
export async function sdkSearch(table: LanceTable, vector: readonly number[]): Promise<number> {
  const rows = await table
    .vectorSearch([...vector])
    .column('vector')
    .distanceType('l2')
    .limit(K)
    .toArrow()
  return Number(rows.getChild('id')?.get(0))
}

/** Row `id`'s vector, read with the SDK (setup, not measured). */
export async function vectorOf(table: LanceTable, id: number): Promise<number[]> {
  const rows = await table.query().where(`id = ${id}`).select(['vector']).limit(1).toArrow()
  const cell = rows.getChild('vector')?.get(0) as { toArray(): Float32Array } | null
  if (!cell) throw new Error(`row ${id} has no vector`)
  return Array.from(cell.toArray(), Number)
}
