/**
 * Plain data types the namespace client returns and the UI shows. Pure TypeScript so
 * both processes share them.
 */
import type { z } from 'zod'
import type { connectType, pageRequest, tableRef } from './contract/common'
import type { ExactInt } from './exact-int'

/** One page of a listing; `nextPageToken === null` means the listing is complete. */
export interface Page<T> {
  readonly items: readonly T[]
  readonly nextPageToken: string | null
}

/**
 * A page, plus the pages after it that the caller asked for in the same call (`ahead`):
 * each of those is the answer to the previous one's token. A tree walking a long listing
 * thus crosses the process boundary once per several pages instead of once per page.
 */
export interface PageWithFollowing<T> extends Page<T> {
  /** Absent or shorter than asked when the listing ended, or when fetching further failed (asking for that page again shows why). */
  readonly following?: readonly Page<T>[]
}

/**
 * Where a listing starts (a token from the previous page; absent, null or empty means "from
 * the start") and the most items to return (an inclusive upper bound), as the contract checks it.
 */
export type PageRequest = Readonly<z.infer<typeof pageRequest>>

/** A table's address: the namespace it lives in and its name, as the contract checks it. */
export type TableRef = Readonly<z.infer<typeof tableRef>>

/** One schema field, shaped for display. Children describe struct members and list items. */
export interface FieldInfo {
  readonly name: string
  /** A readable type, e.g. `int64`, `utf8`, `vector<float32>[128]`, `list<utf8>`. */
  readonly type: string
  readonly nullable: boolean
  /** Set for fixed-size lists (vectors): the number of elements. */
  readonly dimension?: number
  readonly children?: readonly FieldInfo[]
  readonly metadata?: Readonly<Record<string, string>>
}

/** What the details pane shows about a table. */
export interface TableDescription {
  readonly table: TableRef
  readonly location: string | null
  /** Exact at any size (see ./exact-int.ts). */
  readonly version: ExactInt | null
  /** Null when the backend cannot count rows cheaply. */
  readonly rowCount: ExactInt | null
  readonly fields: readonly FieldInfo[]
  /** Data fragments (files) of the current version, when the backend reports them. */
  readonly fragmentCount?: number | null
  /** Bytes of the current version's data, when the backend reports them. */
  readonly totalBytes?: ExactInt | null
  /**
   * Names of the indexes this version has, when the backend reports them (an older
   * version's describe does, so a restore can say which current indexes it lacks).
   */
  readonly indexNames?: readonly string[] | null
}

/** The connect types a connection can have. */
export type ConnectType = z.infer<typeof connectType>

/** What the renderer may know about an open connection (never its secrets). */
export interface ConnectionSummary {
  readonly id: string
  readonly name: string
  readonly type: ConnectType
  /** The root folder (dir) or endpoint (rest), for display. */
  readonly target: string
  /** What joins a path into an identifier on this connection (a rest `delimiter` property, else `$`). */
  readonly delimiter: string
}
