/**
 * Versions of a REST catalog's tables, through the spec's routes where the catalog offers
 * them and otherwise (a route answering 404/405/501 or "unsupported") through LanceDB at
 * the table's location, as the data routes fall back in data-access.ts. Each kind of
 * operation remembers a missing route for the connection, so later calls go straight to
 * the location.
 */
import type { Table as LanceTable } from '@lancedb/lancedb'
import type { TableDescription, TableRef } from '../../../shared/catalog-types'
import type { RowsPage } from '../../../shared/contract/tables'
import type { TableTagInfo, TableVersionInfo } from '../../../shared/contract/versions'
import { CatalogError } from '../../../shared/errors'
import { compareExact, type ExactInt } from '../../../shared/exact-int'
import { fromLance, quoteTable } from '../dir-errors'
import { readLanceRows } from '../lance-rows'
import * as lance from '../lance-native/versions'
import type { CallOptions, NamespaceClient, ReadRowsRequest } from '../namespace-client'
import { isUnsupportedOperation } from './unsupported'
import type { RestVersionRoutes } from './versions'

/** Opens a table at its location through LanceDB (a fresh handle the caller closes). */
export interface LocationOpener {
  open(table: TableRef): Promise<LanceTable>
}

type Kind = 'list' | 'tags' | 'describe' | 'count' | 'read' | 'restore' | 'tag'

/** Version operations of one REST connection. */
export class VersionAccess {
  readonly #missing = new Set<Kind>()

  constructor(
    private readonly routes: RestVersionRoutes,
    /** Null: the catalog's routes only (no fallback). */
    private readonly locations: LocationOpener | null,
    /** Reads rows through the catalog's query route (with `version`), and describes the latest version. */
    private readonly rows: Pick<NamespaceClient, 'readRows' | 'describeTable'>
  ) {}

  listVersions(table: TableRef, options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.#via('list', table, () => this.routes.listVersions(table, options), (t) => lance.listLanceVersions(t))
  }

  /** Tags, or null when neither the catalog nor the location offers them. */
  async listTags(table: TableRef, options?: CallOptions): Promise<TableTagInfo[] | null> {
    try {
      return await this.#via('tags', table, () => this.routes.listTags(table, options), (t) => lance.listLanceTags(t))
    } catch (error) {
      if (isUnsupportedOperation(error)) return null
      throw error
    }
  }

  async describeVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<TableDescription> {
    const viaRoute = async (): Promise<TableDescription> => {
      const described = await this.routes.describeVersion(table, version, options)
      // A server that ignores `version` describes the latest one: read at the location instead.
      if (!described) throw new CatalogError('unsupported', 'The catalog does not describe older versions.')
      return { ...described, rowCount: await this.countRowsAt(table, version, undefined, options) }
    }
    // At the location, the catalog's describe of the latest version still says where the table lives.
    const atLocation = async (t: LanceTable): Promise<TableDescription> => {
      const [older, latest] = await Promise.all([lance.describeLanceVersion(t, table, version), this.rows.describeTable(table, options)])
      return { ...older, location: latest.location }
    }
    return this.#via('describe', table, viaRoute, atLocation)
  }

  countRowsAt(table: TableRef, version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt> {
    return this.#via(
      'count',
      table,
      () => this.routes.countRowsAt(table, version, filter, options),
      (t) => lance.countLanceRowsAt(t, table, version, filter)
    )
  }

  readRowsAt(table: TableRef, request: ReadRowsRequest & { readonly version: ExactInt }, options?: CallOptions): Promise<RowsPage> {
    return this.#via(
      'read',
      table,
      () => this.rows.readRows(table, request, options),
      (t) => readLanceRows(t, request, table)
    )
  }

  async restoreVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<ExactInt> {
    const viaRoute = async (): Promise<ExactInt> => {
      await this.routes.restore(table, version, options)
      const versions = await this.listVersions(table, options)
      return versions.map((v) => v.version).reduce((a, b) => (compareExact(a, b) >= 0 ? a : b))
    }
    return this.#via('restore', table, viaRoute, (t) => lance.restoreLanceVersion(t, table, version))
  }

  createTag(table: TableRef, tag: string, version: ExactInt, options?: CallOptions): Promise<void> {
    return this.#via('tag', table, () => this.routes.createTag(table, tag, version, options), (t) => lance.createLanceTag(t, table, tag, version))
  }

  deleteTag(table: TableRef, tag: string, options?: CallOptions): Promise<void> {
    return this.#via('tag', table, () => this.routes.deleteTag(table, tag, options), (t) => lance.deleteLanceTag(t, table, tag))
  }

  /** The route unless known missing; on a missing route, LanceDB at the table's location. */
  async #via<T>(kind: Kind, table: TableRef, viaRoute: () => Promise<T>, atLocation: (t: LanceTable) => Promise<T>): Promise<T> {
    if (!this.#missing.has(kind) || !this.locations) {
      try {
        return await viaRoute()
      } catch (error) {
        if (!this.locations || !isUnsupportedOperation(error)) throw error
        this.#missing.add(kind)
      }
    }
    return this.#atLocation(this.locations, table, atLocation)
  }

  async #atLocation<T>(locations: LocationOpener, table: TableRef, use: (t: LanceTable) => Promise<T>): Promise<T> {
    const action = `reach the versions of table ${quoteTable(table)} at its location`
    let opened: LanceTable
    try {
      opened = await locations.open(table)
    } catch (error) {
      throw error instanceof CatalogError ? error : fromLance(error, action, { table })
    }
    try {
      return await use(opened)
    } catch (error) {
      throw error instanceof CatalogError ? error : fromLance(error, action, { table })
    } finally {
      opened.close()
    }
  }
}
