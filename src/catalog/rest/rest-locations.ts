/**
 * The location side of a REST catalog's client: each table read at its `location`,
 * opened through LanceDB (../location/open-location.ts) and used like a directory
 * catalog's tables (../lance/lance-table.ts, kept open for the connection), and the
 * catalog's describes kept under the same freshness rule. rest-table.ts uses it where the
 * catalog lacks a route; a table that neither way can reach gets a message saying so.
 */
import type { TableDescription, TableRef } from '../../shared/catalog-types'
import type { CreateMode } from '../../shared/contract/tables'
import { CatalogError } from '../../shared/errors'
import type { DataStorageVersion } from '../../shared/data-storage-version'
import { fromLance, messageOf } from '../lance/lance-errors'
import { FreshAnswers } from '../fresh-answers'
import { LanceTables } from '../lance/lance-table'
import type { LocationTables } from '../location/open-location'
import type { CallOptions, TableHandle } from '../table-handle'
import type { RestTableLocation } from './rest-table'

/** A REST connection's tables at their locations. */
export class RestLocations implements RestTableLocation {
  readonly described = new FreshAnswers<TableDescription>()
  readonly #tables: LanceTables

  /**
   * `describe` is the catalog's own describe of a table (its routes only), for messages;
   * `describeAnswer` the same route's answer as the catalog sent it, storage options and all.
   */
  constructor(
    private readonly locations: LocationTables,
    private readonly describe: (table: TableRef) => Promise<TableDescription>,
    describeAnswer: (table: TableRef, options: CallOptions) => Promise<unknown>
  ) {
    this.#tables = new LanceTables((table) => locations.open(table), {
      begin: () => undefined,
      failure: (error, action, table, opening) => this.#error(error, action, table, opening),
      // A store's files are read with the profile's own options for a table opened with
      // them, else with those the catalog vends for it now, under the relay's rules.
      storageOptions: (opened, table, options) => locations.filesOptionsOf(opened, () => describeAnswer(table, options ?? {})),
      storeFiles: (opened, files) => locations.filesOf(opened, files)
    })
  }

  table(ref: TableRef): TableHandle {
    return this.#tables.table(ref)
  }

  forget(ref: TableRef): void {
    this.#tables.handles.forget(ref)
    this.described.forget(ref)
  }

  /** Creates `table` at a location the catalog declares, written by LanceDB. */
  async create(table: TableRef, arrowStream: Uint8Array, mode: CreateMode, version?: DataStorageVersion): Promise<void> {
    try {
      await this.locations.create(table, arrowStream, mode, version)
    } catch (error) {
      throw await this.#error(error, `create table`, table, false)
    }
  }

  /** The user's Refresh: kept tables and describes are asked again. */
  refresh(): void {
    this.#tables.handles.refresh()
    this.described.clear()
  }

  async close(): Promise<void> {
    this.#tables.handles.close()
    await this.locations.close()
  }

  /** What LanceDB threw at a table's location, saying plainly when the catalog offers no way to its data. */
  async #error(error: unknown, action: string, table: TableRef, opening: boolean): Promise<CatalogError> {
    if (error instanceof CatalogError) return error
    const known = fromLance(error, action, { table })
    // LanceDB reports a location it cannot open as a missing table; the catalog knows better.
    if (opening && known.code === 'table_not_found') {
      const described = await this.describe(table).then(
        (found) => found,
        () => null
      )
      return described ? unreachable(`LanceDB could not open its location ${described.location ?? '(none given)'}`) : known
    }
    return known.code === 'internal' ? unreachable(messageOf(error)) : known
  }
}

function unreachable(cause: string): CatalogError {
  return new CatalogError(
    'unsupported',
    `This catalog offers neither the data routes (query, count_rows, create) nor a table location LanceDB can open, so this table's data cannot be reached: ${cause}.`,
    { cause }
  )
}
