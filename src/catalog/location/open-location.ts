/**
 * Opening a REST catalog's tables at their `location`, for catalogs that serve metadata
 * only (list, describe, declare) and leave reading and writing data to the client, as
 * catalogs made for LanceDB's own client do.
 *
 * The opening is LanceDB's: its REST namespace connection describes the table, then opens
 * the dataset at the returned `location` with the returned `storage_options` (local paths
 * and object stores alike, vended credentials included), and creates a table by `declare`
 * followed by a direct write. LanceDB 0.39's JavaScript API has no call that opens a
 * dataset by URI alone (`connect(dir).openTable(name)` needs a `NAME.lance` folder, and a
 * V2 catalog's locations are not named so), so the describe is left to LanceDB.
 */
import { connectNamespace, type Connection, type Table as LanceTable } from '@lancedb/lancedb'
import type { TableRef } from '../../shared/catalog-types'
import type { CreateMode } from '../../shared/contract/tables'
import { isSecretStorageOption } from '../../shared/storage-options'
import { DATA_STORAGE_VERSION_OPTION, type DataStorageVersion } from '../../shared/data-storage-version'
import { tableForLance } from '../arrow-schema'
import type { TableFiles } from '../table-files'
import { CatalogError } from '../../shared/errors'
import { fromLance, messageOf } from '../lance/lance-errors'
import { answerOptions, startStorageMergeProxy, VENDS_CREDENTIALS, type RelayMode, type StorageMergeProxy } from './storage-merge-proxy'

/** What LanceDB needs to reach the catalog (base URI, headers, delimiter) and the profile's own storage options. */
export interface LocationCatalog {
  readonly uri: string
  readonly headers: Readonly<Record<string, string>>
  readonly delimiter: string
  /** The current OAuth2 access token, when the catalog takes one (sent as Authorization: Bearer). */
  readonly bearer?: () => Promise<string>
  /**
   * Options for the store a location is on (endpoint, region, keys, ...), for catalogs
   * that vend only part of what is needed (credentials, say) or nothing: see
   * ./location-rules.ts for how they combine with a describe's `storage_options`.
   */
  readonly storageOptions?: Readonly<Record<string, string>>
  /** Whether a location on this machine (`file://`, a plain path) may be opened. */
  readonly allowLocal: boolean
  /** Told every secret the client comes to hold (issued tokens, the relay's key), so the host can mask it wherever it might be quoted. */
  readonly rememberSecret?: (value: string) => void
}

/**
 * Tables of one catalog, opened at their locations through LanceDB. LanceDB talks to the
 * catalog only through the relay (./storage-merge-proxy.ts), which holds the catalog's
 * headers: LanceDB itself is given none.
 *
 * The profile's secret storage options never travel through the relay: when the profile
 * has any, a table is opened (or created) first by a connection that gives LanceDB the
 * profile's options with each call (`own`), and again by one that takes the catalog's
 * vended credentials (`vended`) when the relay says the catalog vends some.
 */
export class LocationTables {
  readonly #connections = new Map<RelayMode, Promise<Connection>>()
  #proxy: Promise<StorageMergeProxy> | null = null
  /** The tables opened with the profile's own storage options, and those options. */
  readonly #openedWith = new WeakMap<LanceTable, Readonly<Record<string, string>>>()

  constructor(private readonly catalog: LocationCatalog) {}

  /** Opens `table` at the location (and with the storage options) its describe returns. */
  async open(table: TableRef): Promise<LanceTable> {
    return this.#ownFirst(
      async (connection, storageOptions) => {
        const opened = await connection.openTable(table.name, [...table.namespace], { storageOptions })
        this.#openedWith.set(opened, storageOptions)
        return opened
      },
      async (connection) => connection.openTable(table.name, [...table.namespace])
    )
  }

  /**
   * The profile's own storage options, when `opened` was opened with them alone (the
   * relay gave LanceDB no options of the catalog's for it); null when it was opened with
   * options the catalog vended (`filesOptionsOf` asks the catalog for those).
   */
  ownOptionsOf(opened: LanceTable): Readonly<Record<string, string>> | null {
    return this.#openedWith.get(opened) ?? null
  }

  /**
   * The storage options `opened`'s own files are read with (../files/store-files.ts): the
   * profile's own when it was opened with them; when it was opened `vended`, the ones the
   * catalog's describe of it gives now (`describeNow`, the answer as the catalog sent it),
   * asked at each read because vended credentials expire. Throws a CatalogError saying why
   * when the answer is refused or its credentials have already expired.
   *
   * Why this is safe: the options are what the relay gives LanceDB for the same answer in
   * `vended` mode (./storage-merge-proxy.ts `answerOptions`, ./location-rules.ts). The
   * catalog's own values pass and go where the catalog says, signed with its own vended
   * keys, as LanceDB sends them; the profile's credentials are left out whenever the
   * catalog vends some, an answer that would pair them with a store the catalog chose is
   * refused, and the profile's secret options are taken out in every case, so no request
   * made with these options carries a secret saved in the profile. A location on this
   * machine passes only where the profile allows one.
   */
  async filesOptionsOf(opened: LanceTable, describeNow: () => Promise<unknown>): Promise<Readonly<Record<string, string>>> {
    const own = this.ownOptionsOf(opened)
    if (own) return own
    const answer = await describeNow()
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer))
      throw new CatalogError('bad_response', "The catalog's description of this table is not a JSON object.")
    const checked = answerOptions(answer as Record<string, unknown>, { own: this.catalog.storageOptions ?? {}, allowLocal: this.catalog.allowLocal })
    if (!checked.ok) throw new CatalogError('permission_denied', checked.reason)
    const options = checked.options
    if (Object.values(options).some((value) => typeof value !== 'string'))
      throw new CatalogError('bad_response', "The catalog's description of this table gives storage options that are not all strings.")
    const expires = Number(options['expires_at_millis'])
    if (options['expires_at_millis'] !== undefined && Number.isFinite(expires) && expires <= Date.now()) {
      const when = expires >= 0 ? new Date(expires).toISOString() : String(expires)
      throw new CatalogError(
        'permission_denied',
        `The storage credentials the catalog vends for this table expired at ${when}, and its describe gives no newer ones.`
      )
    }
    return options
  }

  /**
   * `files`, read for `opened`: for a table opened `vended`, a store's refusal says the
   * keys it refused are the catalog's (the store's own words point at the secret key,
   * which the profile does not hold here).
   */
  filesOf(opened: LanceTable, files: TableFiles): TableFiles {
    if (this.#openedWith.has(opened)) return files
    const whose = (error: unknown): unknown =>
      error instanceof CatalogError && error.code === 'permission_denied'
        ? new CatalogError(
            'permission_denied',
            `${error.message} The keys are the ones the catalog vends for this table, as its describe gave them just now.`,
            error.details
          )
        : error
    return {
      location: files.location,
      open: async (path, options) => {
        const file = await files.open(path, options).catch((error: unknown) => Promise.reject(whose(error)))
        if (!file) return null
        return {
          size: file.size,
          name: file.name,
          read: (offset, length, readOptions) => file.read(offset, length, readOptions).catch((error: unknown) => Promise.reject(whose(error))),
          close: () => file.close()
        }
      }
    }
  }

  /**
   * Declares `table` in the catalog and writes `arrowStream` at the location it is given,
   * in `version` (LanceDB's default when absent; LanceDB takes it out of the storage
   * options before they reach the store, and the declare's own options still apply).
   */
  async create(table: TableRef, arrowStream: Uint8Array, mode: CreateMode, version?: DataStorageVersion): Promise<void> {
    const data = tableForLance(arrowStream)
    const versioned = (storageOptions: Record<string, string>): Record<string, string> =>
      version ? { ...storageOptions, [DATA_STORAGE_VERSION_OPTION]: version } : storageOptions
    const options = mode === 'exist_ok' ? { mode: 'create' as const, existOk: true } : { mode }
    const created = await this.#ownFirst(
      async (connection, own) => {
        const storageOptions = versioned(own)
        // LanceDB opens an existing table for exist_ok with the describe's options alone,
        // which here carry no credentials: a plain create that finds the table will do.
        if (mode !== 'exist_ok') return connection.createTable(table.name, data, [...table.namespace], { ...options, storageOptions })
        return connection.createTable(table.name, data, [...table.namespace], { mode: 'create', storageOptions }).catch((error: unknown) => {
          if (fromLance(error, 'create table', { table }).code === 'table_exists') return null
          throw error
        })
      },
      async (connection) => connection.createTable(table.name, data, [...table.namespace], version ? { ...options, storageOptions: versioned({}) } : options)
    )
    created?.close()
  }

  /** Closes the LanceDB connections and the relay, if they were opened. */
  async close(): Promise<void> {
    const connections = [...this.#connections.values()]
    const proxy = this.#proxy
    this.#connections.clear()
    this.#proxy = null
    for (const connection of connections) (await connection.catch(() => null))?.close()
    if (proxy) await (await proxy.catch(() => null))?.close()
  }

  /**
   * `own(connection, options)` with the profile's storage options when it has secret ones,
   * and `vended(connection)` when it has none or the catalog vends credentials for the table.
   */
  async #ownFirst<T>(
    own: (connection: Connection, storageOptions: Record<string, string>) => Promise<T>,
    vended: (connection: Connection) => Promise<T>
  ): Promise<T> {
    const storageOptions = { ...(this.catalog.storageOptions ?? {}) }
    if (!Object.keys(storageOptions).some(isSecretStorageOption)) return vended(await this.#connect('vended'))
    try {
      return await own(await this.#connect('own'), storageOptions)
    } catch (error) {
      if (!messageOf(error).includes(VENDS_CREDENTIALS)) throw error
      return vended(await this.#connect('vended'))
    }
  }

  #connect(mode: RelayMode): Promise<Connection> {
    const known = this.#connections.get(mode)
    if (known) return known
    const connecting = this.#relay()
      .then((relay) => connectNamespace('rest', { uri: relay.uri, headers: relay.headersFor(mode), extraProperties: { delimiter: this.catalog.delimiter } }))
      .catch((error: unknown) => {
        // Not kept: the next call tries again (a catalog that was down may be back).
        this.#connections.delete(mode)
        throw error
      })
    this.#connections.set(mode, connecting)
    return connecting
  }

  #relay(): Promise<StorageMergeProxy> {
    const { uri, headers, bearer, storageOptions, allowLocal, rememberSecret } = this.catalog
    this.#proxy ??= startStorageMergeProxy({
      catalogUri: uri,
      // Asked per request, so a renewed token goes out without reopening LanceDB's connection.
      headers: async () => (bearer ? { ...headers, Authorization: `Bearer ${await bearer()}` } : headers),
      own: storageOptions ?? {},
      allowLocal,
      ...(rememberSecret ? { rememberSecret } : {})
    }).catch((error: unknown) => {
      this.#proxy = null
      throw error
    })
    return this.#proxy
  }
}
