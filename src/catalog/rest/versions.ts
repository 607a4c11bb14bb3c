/**
 * A table's versions over the spec's routes: ListTableVersions (`version/list`),
 * RestoreTable (`restore`), the tag operations (`tags/list`, `tags/create`, `tags/delete`),
 * and DescribeTable / CountTableRows with `version`. Listings send no body (the REST
 * binding passes `page_token` and `limit` as query parameters) and are followed page by
 * page. See rest-table.ts and route-choice.ts for the fallback to a table's location.
 */
import type { TableDescription, TableRef } from '../../shared/catalog-types'
import type { TableTagInfo, TableVersionInfo } from '../../shared/contract/versions'
import { CatalogError } from '../../shared/errors'
import { approximate, compareExact, type ExactInt } from '../../shared/exact-int'
import { delimiterFor, displayIdentifier, toIdentifier } from '../../shared/namespace-path'
import { versionFromSummary } from '../lance/versions'
import type { CallOptions } from '../namespace-client'
import type { HttpRequest, HttpTransport } from './http'
import { fieldsFromJsonSchema } from './json-schema'
import { count, isRecord, jsonVersion, parseCount } from './json-values'
import { awaitTransactions } from './transactions'

/** Pages a listing may take before the client stops (a server repeating tokens forever). */
const MAX_LISTING_PAGES = 10_000

/** The version routes of one REST connection. */
export class RestVersionRoutes {
  constructor(
    private readonly http: HttpTransport,
    private readonly delimiter: string
  ) {}

  /** Every version, oldest first. */
  async listVersions(table: TableRef, options: CallOptions = {}): Promise<TableVersionInfo[]> {
    const found = await this.#pages(table, 'version/list', 'versions', options, (body) => {
      const list = body['versions']
      if (!Array.isArray(list)) return null
      return list.map((entry: unknown) => {
        const version = isRecord(entry) ? count(entry['version']) : null
        if (!isRecord(entry) || version === null) throw this.#bad(table, 'versions', 'a version without a number')
        const millis = entry['timestamp_millis']
        const metadata = isRecord(entry['metadata']) ? stringsOf(entry['metadata']) : {}
        return versionFromSummary(version, typeof millis === 'number' ? millis : null, metadata)
      })
    })
    return [...new Map(found.map((v) => [v.version, v])).values()].sort((a, b) => compareExact(a.version, b.version))
  }

  /** Every tag, by name. */
  async listTags(table: TableRef, options: CallOptions = {}): Promise<TableTagInfo[]> {
    const found = await this.#pages(table, 'tags/list', 'tags', options, (body) => {
      const tags = body['tags']
      if (!isRecord(tags)) return null
      return Object.entries(tags).map(([name, contents]) => {
        const version = isRecord(contents) ? count(contents['version']) : null
        if (version === null) throw this.#bad(table, 'tags', `tag "${name}" without a version`)
        return { name, version }
      })
    })
    return found.sort((a, b) => a.name.localeCompare(b.name))
  }

  /**
   * DescribeTable at `version`: version, schema and location (no row count). Null when the
   * server ignored the version (it described another one) or gave no schema.
   */
  async describeVersion(table: TableRef, version: ExactInt, options: CallOptions = {}): Promise<Omit<TableDescription, 'rowCount'> | null> {
    const body = await this.http.json({
      ...this.#post(table, 'describe', options, true),
      query: { delimiter: this.#delimiter(table), load_detailed_metadata: true },
      json: { id: this.#id(table), version: jsonVersion(version), load_detailed_metadata: true }
    })
    if (!isRecord(body)) throw this.#bad(table, 'description', 'not a JSON object')
    const fields = fieldsFromJsonSchema(body['schema'])
    if (count(body['version']) !== version || !fields) return null
    const location = typeof body['location'] === 'string' ? body['location'] : null
    const stats = isRecord(body['stats']) ? body['stats'] : {}
    const fragments = count(stats['num_fragments'])
    return { table, location, version, fields, fragmentCount: fragments === null ? null : approximate(fragments) }
  }

  /** CountTableRows at `version`. */
  async countRowsAt(table: TableRef, version: ExactInt, filter: string | undefined, options: CallOptions = {}): Promise<ExactInt> {
    const response = await this.http.request({
      ...this.#post(table, 'count_rows', options, true),
      json: { id: this.#id(table), version: jsonVersion(version), ...(filter?.trim() ? { predicate: filter } : {}) }
    })
    const rows = parseCount(response.body.toString('utf8'))
    if (rows === null) throw this.#bad(table, 'row count', 'not a number')
    return rows
  }

  /** RestoreTable; done once any transaction the server names has succeeded. */
  async restore(table: TableRef, version: ExactInt, options: CallOptions = {}): Promise<void> {
    const response = await this.http.request({ ...this.#post(table, 'restore', options, false), json: { id: this.#id(table), version: jsonVersion(version) } })
    await awaitTransactions(this.http, response, `the restore of ${this.#name(table)}`, options)
  }

  /** CreateTableTag. */
  async createTag(table: TableRef, tag: string, version: ExactInt, options: CallOptions = {}): Promise<void> {
    const response = await this.http.request({
      ...this.#post(table, 'tags/create', options, false),
      json: { id: this.#id(table), tag, version: jsonVersion(version) }
    })
    await awaitTransactions(this.http, response, `tagging ${this.#name(table)}`, options)
  }

  /** DeleteTableTag. */
  async deleteTag(table: TableRef, tag: string, options: CallOptions = {}): Promise<void> {
    const response = await this.http.request({ ...this.#post(table, 'tags/delete', options, false), json: { id: this.#id(table), tag } })
    await awaitTransactions(this.http, response, `deleting a tag of ${this.#name(table)}`, options)
  }

  /** Follows a listing's pages; `read` returns null for a body without the listing's field. */
  async #pages<T>(table: TableRef, action: string, field: string, options: CallOptions, read: (body: Record<string, unknown>) => T[] | null): Promise<T[]> {
    const items: T[] = []
    const seen = new Set<string>()
    let token: string | undefined
    for (let page = 0; page < MAX_LISTING_PAGES; page++) {
      // The REST binding sends no body: the table is in the path, paging in the query.
      const body = await this.http.json({
        ...this.#post(table, action, options, true),
        query: { delimiter: this.#delimiter(table), ...(token ? { page_token: token } : {}) }
      })
      const found = isRecord(body) ? read(body) : null
      if (!found || !isRecord(body)) throw this.#bad(table, field, `no "${field}" in the answer`)
      items.push(...found)
      const next = body['page_token']
      if (typeof next !== 'string' || next === '' || seen.has(next)) return items
      seen.add(next)
      token = next
    }
    return items
  }

  #post(table: TableRef, action: string, options: CallOptions, idempotent: boolean): HttpRequest {
    return {
      method: 'POST',
      path: `/v1/table/${encodeURIComponent(toIdentifier(this.#id(table), this.#delimiter(table)))}/${action}`,
      query: { delimiter: this.#delimiter(table) },
      idempotent,
      signal: options.signal,
      subject: this.#name(table),
      notFound: 'table_not_found'
    }
  }

  #id(table: TableRef): string[] {
    return [...table.namespace, table.name]
  }

  #delimiter(table: TableRef): string {
    return delimiterFor(this.#id(table), this.delimiter)
  }

  #name(table: TableRef): string {
    return `table "${displayIdentifier(this.#id(table), this.delimiter)}"`
  }

  #bad(table: TableRef, what: string, why: string): CatalogError {
    return new CatalogError('bad_response', `The server's ${what} of ${this.#name(table)} could not be read: ${why}.`)
  }
}

function stringsOf(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}
