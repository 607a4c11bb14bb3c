/**
 * Plain data types the namespace client returns and the UI shows. Pure TypeScript so
 * both processes share them.
 */
import type { NamespacePath } from './namespace-path'

/** One page of a listing; `nextPageToken === null` means the listing is complete. */
export interface Page<T> {
  readonly items: readonly T[]
  readonly nextPageToken: string | null
}

/** Where a listing starts and how much of it to return. */
export interface PageRequest {
  /** Token from the previous page; absent, null or empty means "from the start". */
  readonly pageToken?: string | null
  /** The most items to return (an inclusive upper bound). */
  readonly limit?: number
}

/** A table's address: the namespace it lives in and its name. */
export interface TableRef {
  readonly namespace: NamespacePath
  readonly name: string
}

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
  readonly version: number | null
  /** Null when the backend cannot count rows cheaply. */
  readonly rowCount: number | null
  readonly fields: readonly FieldInfo[]
  /** Data fragments (files) of the current version, when the backend reports them. */
  readonly fragmentCount?: number | null
  /** Bytes of the current version's data, when the backend reports them. */
  readonly totalBytes?: number | null
}

/** The connect types a connection can have. */
export type ConnectType = 'dir' | 'rest'

/** What the renderer may know about an open connection (never its secrets). */
export interface ConnectionSummary {
  readonly id: string
  readonly name: string
  readonly type: ConnectType
  /** The root folder (dir) or endpoint (rest), for display. */
  readonly target: string
}
