/**
 * Test fixtures for concurrent-create tests: rows that say which creator wrote them, a
 * way to start many creates at once and sort out who won, and a look at a table's rows
 * straight through LanceDB (not through the client under test).
 */
import { connectNamespace } from '@lancedb/lancedb'
import { tableFromArrays, tableToIPC } from 'apache-arrow'
import { expect } from 'vitest'
import type { NamespaceClient } from '../src/catalog/namespace-client'
import type { TableRef } from '../src/shared/catalog-types'
import { CatalogError } from '../src/shared/errors'

/** Rows creator `i` writes: `1 + i % 3` rows, each with `creator = i`, so both the rows and their count tell creators apart. */
export function creatorRows(creator: number): Uint8Array {
  const count = rowsOf(creator)
  const table = tableFromArrays({ creator: new Int32Array(count).fill(creator), seq: Int32Array.from({ length: count }, (_, i) => i) })
  return tableToIPC(table, 'stream')
}

/** How many rows `creatorRows(creator)` holds. */
export function rowsOf(creator: number): number {
  return 1 + (creator % 3)
}

/** Who succeeded and what the others got, by creator index. */
export interface RaceOutcome {
  /** Indexes whose call succeeded. */
  readonly winners: number[]
  /** Error code (or `thrown: message` for anything not a CatalogError) of every failed call. */
  readonly failures: string[]
}

/** Starts `count` calls at once and waits for all of them. */
export async function race(count: number, call: (index: number) => Promise<unknown>): Promise<RaceOutcome> {
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, i) => call(i)))
  const winners: number[] = []
  const failures: string[] = []
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') winners.push(i)
    else failures.push(result.reason instanceof CatalogError ? result.reason.code : `thrown: ${String(result.reason)}`)
  })
  return { winners, failures }
}

/**
 * Races 20 creates of one namespace, then of one nested in it, on `client`: at each level
 * one creator wins and the other 19 are told namespace_exists; 20 exist_ok creates of a
 * third all succeed.
 */
export async function expectNamespaceRaces(client: NamespaceClient): Promise<void> {
  for (const path of [['a'], ['a', 'b']]) {
    const outcome = await race(20, () => client.createNamespace(path))
    expect(outcome.winners).toHaveLength(1)
    expect(outcome.failures).toEqual(new Array(19).fill('namespace_exists'))
  }
  expect((await race(20, () => client.createNamespace(['a', 'c'], 'exist_ok'))).failures).toEqual([])
}

/** The `creator` value of every row of a table, read with a fresh LanceDB connection on `root`; null if it does not open. */
export async function creatorsIn(root: string, table: TableRef): Promise<number[] | null> {
  const db = await connectNamespace('dir', { root })
  try {
    const opened = await db.openTable(table.name, [...table.namespace]).catch(() => null)
    if (!opened) return null
    try {
      const rows = await opened.query().select(['creator']).toArrow()
      return Array.from(rows.getChild('creator')?.toArray() ?? [], Number)
    } finally {
      opened.close()
    }
  } finally {
    db.close()
  }
}

/** The table names LanceDB lists in `namespace` of the catalog at `root`. */
export async function tablesListed(root: string, namespace: readonly string[]): Promise<string[]> {
  const db = await connectNamespace('dir', { root })
  try {
    return await db.tableNames([...namespace])
  } finally {
    db.close()
  }
}
