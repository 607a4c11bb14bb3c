/**
 * React-query keys name the connection and the node. The node goes in as its one key
 * (node-key.ts), not its path spread, so invalidating one node's list never touches its
 * descendants' (react-query matches key prefixes element by element).
 */
import type { TableRef } from '@shared/catalog-types'
import type { SearchQuery, SearchSpec } from '@shared/contract/search'
import type { ThumbSize } from '@shared/contract/media'
import type { NamespacePath } from '@shared/namespace-path'
import { namespaceKey, tableKey } from './node-key'
import type { ExactInt } from '@shared/exact-int'

/** Keys for every server-data query. */
export const queryKeys = {
  appInfo: () => ['app', 'info'] as const,
  connections: () => ['connections'] as const,
  profiles: () => ['profiles'] as const,
  /** The saved profiles as an export file's text. */
  profileExport: () => ['profile-export'] as const,
  /** Whether a local root folder exists and can be written. */
  profileRoot: (root: string) => ['profile-root', root] as const,
  /** A profile as a code snippet in one language. */
  profileSnippet: (profileId: string, language: string) => ['profile-snippet', profileId, language] as const,
  /** The progress of one export (none while no export has started). */
  exportProgress: (exportId: string | undefined) => ['export', exportId] as const,
  /** What the connection's catalog can do (rename, …), as main knows it now. */
  capabilities: (connectionId: string) => ['catalog', connectionId, 'capabilities'] as const,
  /** Every list of namespaces under `parent`, whatever the page size. */
  namespacesOf: (connectionId: string, parent: NamespacePath) => ['catalog', connectionId, 'namespaces', namespaceKey(parent)] as const,
  namespaces: (connectionId: string, parent: NamespacePath, pageSize: number) =>
    ['catalog', connectionId, 'namespaces', namespaceKey(parent), { pageSize }] as const,
  /** Every list of tables in `namespace`, whatever the page size. */
  tablesOf: (connectionId: string, namespace: NamespacePath) => ['catalog', connectionId, 'tables', namespaceKey(namespace)] as const,
  /** Every list of tables of the connection, in any namespace; the namespace's key is the key's fourth element. */
  allTables: (connectionId: string) => ['catalog', connectionId, 'tables'] as const,
  tables: (connectionId: string, namespace: NamespacePath, pageSize: number) =>
    ['catalog', connectionId, 'tables', namespaceKey(namespace), { pageSize }] as const,
  table: (connectionId: string, table: TableRef) => ['catalog', connectionId, 'table', tableKey(table)] as const,
  /** The table's indexes; under the table's key, so invalidating or forgetting the table covers them. */
  indexes: (connectionId: string, table: TableRef) => ['catalog', connectionId, 'table', tableKey(table), 'indexes'] as const,
  /** The table's version history with its tags (under the table's key, so invalidating the table refreshes it). */
  versions: (connectionId: string, table: TableRef) => ['catalog', connectionId, 'table', tableKey(table), 'versions'] as const,
  /** The changed rows of one kind between two versions, matched by `key` (null: row lineage); under the table's key. */
  changedRows: (connectionId: string, table: TableRef, from: ExactInt, to: ExactInt, key: string | null, kind: string) =>
    ['catalog', connectionId, 'table', tableKey(table), 'changes', from, to, key, kind] as const,
  /** The description of one older version of the table (under the table's key). */
  versionDescription: (connectionId: string, table: TableRef, version: ExactInt) =>
    ['catalog', connectionId, 'table', tableKey(table), 'version', version] as const,
  /** The table's vector and full-text-indexed columns (under the table's key, so index changes refresh it). */
  searchInfo: (connectionId: string, table: TableRef) => ['catalog', connectionId, 'table', tableKey(table), 'search-info'] as const,
  /** Null counts of the table's columns (also under the table's key). */
  nullCounts: (connectionId: string, table: TableRef, columns: readonly string[]) =>
    ['catalog', connectionId, 'table', tableKey(table), 'nulls', columns] as const,
  /** Every rows query of a table: pages and counts, whatever the columns and filter. */
  rowsOf: (connectionId: string, table: TableRef) => ['catalog', connectionId, 'rows', tableKey(table)] as const,
  /** One page of rows (decoded Arrow) for a choice of columns and filter. */
  rowPage: (connectionId: string, table: TableRef, view: RowsView, page: number) => ['catalog', connectionId, 'rows', tableKey(table), view, page] as const,
  /** What one block of rows' byte cells hold (type, size, thumbnail), for `columns`; under the table's rows. */
  mediaCells: (connectionId: string, table: TableRef, rows: MediaRows, columns: readonly string[], block: number) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'media', rows, columns, block] as const,
  /** One page of a gallery: one column's cells with tile-sized thumbnails; under the table's rows. */
  galleryPage: (connectionId: string, table: TableRef, rows: MediaRows, column: string, page: number) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'gallery', rows, column, page] as const,
  /** One byte cell's whole value, for the value viewer (row counted over the rows matching the filter). */
  mediaValue: (connectionId: string, table: TableRef, rows: MediaRows, row: number, column: string) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'media-value', rows, row, column] as const,
  /** The rows one search found (under the table's rows, so a write refreshes them). */
  search: (connectionId: string, table: TableRef, spec: SearchSpec) => ['catalog', connectionId, 'rows', tableKey(table), 'search', spec] as const,
  /** What the byte cells of one search's answer (main's `pageId`) hold, with thumbnails of one size. */
  searchMedia: (connectionId: string, table: TableRef, spec: SearchSpec, pageId: string, size: ThumbSize) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'search-media', spec, pageId, size] as const,
  /** The plan of one search. */
  searchPlan: (connectionId: string, table: TableRef, spec: SearchSpec) => ['catalog', connectionId, 'rows', tableKey(table), 'explain', spec] as const,
  /** The number of rows matching a filter. */
  rowCount: (connectionId: string, table: TableRef, filter: string, version: ExactInt | null = null) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'count', version === null ? { filter } : { filter, version }] as const,
  /** A column profile (main keeps it per version too); under the table's rows, so a write refreshes it. */
  columnProfile: (connectionId: string, table: TableRef, request: ProfileAsked) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'profile', request] as const,
  /** The sampled profile the grid's header runs itself when no Profile view's profile is kept (under the rows, so a write refreshes it). */
  headerProfile: (connectionId: string, table: TableRef, version: ExactInt | null) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'header-profile', version] as const,
  /** How far one column profile has got. */
  columnProfileProgress: (operationId: string | null) => ['column-profile-progress', operationId] as const,
  /** A vector column's map: the one main kept (`kept`) or the latest version's; under the table's rows, so a write refreshes it. */
  embeddingMap: (connectionId: string, table: TableRef, column: string, which: 'kept' | 'latest') =>
    ['catalog', connectionId, 'rows', tableKey(table), 'map', column, which] as const,
  /** How far one map has got. */
  embeddingMapProgress: (operationId: string | null) => ['embedding-map-progress', operationId] as const,
  /** A column's values for a map's points. */
  embeddingMapValues: (connectionId: string, table: TableRef, version: string, column: string) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'map-values', version, column] as const,
  /** The keys of the rows a map highlights (those the grid's filter keeps). */
  embeddingMapHighlight: (connectionId: string, table: TableRef, version: string, keyColumn: string, filter: string) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'map-highlight', version, keyColumn, filter] as const,
  /** The media cell of one row of a map (`filter` names it) in byte column `column`, for the hover card. */
  embeddingMapThumb: (connectionId: string, table: TableRef, version: string, column: string, filter: string) =>
    ['catalog', connectionId, 'rows', tableKey(table), 'map-thumb', version, column, filter] as const
}

/** Which rows media cells are counted over: those matching `filter` (empty: all), at `version` (absent: the latest). */
export interface MediaRows {
  readonly filter: string
  readonly version?: ExactInt
  /** Without `version`: the latest version as the table's description names it, which thumbnails are kept under. */
  readonly latest?: ExactInt
}

/** Which columns (null: all) and which rows (a SQL filter; empty: all) a rows query reads. */
export interface RowsView {
  readonly columns: readonly string[] | null
  readonly filter: string
  /** An older version to read (Versions view); absent for the latest. */
  readonly version?: ExactInt
  /** A vector or full-text search whose rows (at most k) replace the table's, when set. */
  readonly search?: SearchQuery
  /** With no columns chosen: read without the columns that hold bytes (see pagesView). */
  readonly leaveOutBytes?: boolean
}

/**
 * The view the grid reads a table's pages under when no columns are chosen: without the
 * columns that hold bytes (main names the others), so the first page, asked before the
 * table's columns are known, never reads a table of images whole.
 */
export function pagesView(view: RowsView): RowsView {
  return view.search || view.columns !== null ? view : { ...view, leaveOutBytes: true }
}

/** A column of the grid, as far as reading its pages goes: its name and whether it holds bytes. */
export interface PagesColumn {
  readonly name: string
  readonly bytes?: boolean
}

/**
 * The view the grid reads a table's pages under once its columns are known. Byte columns
 * beside others: the others are named (the byte cells come from the media channels). Else
 * every column, under pagesView, the view the first page was asked for before the columns
 * were known, so the grid finds that page cached. A search's rows, which are not the
 * table's by position, carry their byte columns. Whatever else reads the grid's cached
 * pages (the edit panel, Find similar) asks under this view too.
 */
export function gridPagesView(view: RowsView, columns: readonly PagesColumn[]): RowsView {
  const others = columns.filter((column) => column.bytes !== true).map((column) => column.name)
  return readsBytesApart(view, columns) ? { ...view, columns: others } : pagesView(view)
}

/** Whether the grid's pages leave the byte columns out, their cells coming from the media channels (see gridPagesView). */
export function readsBytesApart(view: RowsView, columns: readonly PagesColumn[]): boolean {
  const bytes = columns.filter((column) => column.bytes === true).length
  return !view.search && bytes > 0 && bytes < columns.length
}

/** What a column profile is asked for: a version (absent: the latest), a filter ('' for all rows), exact or sampled. */
export interface ProfileAsked {
  readonly version?: ExactInt
  readonly filter: string
  readonly exact: boolean
}
