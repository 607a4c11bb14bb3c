/**
 * A table's own files, read by byte ranges wherever they are stored: a folder on this
 * computer or an object store (S3 and S3-compatible stores, Google Cloud Storage, Azure
 * Blob Storage). For what only the files tell, such as a vector index's partitions, which
 * LanceDB's SDK does not report. Reads only: nothing here writes or lists.
 *
 * A store's reader signs its requests with the connection's own storage options and sends
 * them only to the store those options name; every answer is bounded to the bytes asked.
 */
/** What a read may be told: to stop (the table handle's call options satisfy this). */
export interface FileReadOptions {
  readonly signal?: AbortSignal
}

/** One file of a table, read by byte ranges. */
export interface RangeFile {
  /** Its size in bytes, as the store gave it when the file was opened. */
  readonly size: number
  /** Its name, for messages (the last parts of its path, never a URL with credentials). */
  readonly name: string
  /**
   * `length` bytes from `offset`. The caller checks the range lies within `size` and is
   * small enough to hold; fewer bytes than asked is an error, never a short answer.
   */
  read(offset: number, length: number, options?: FileReadOptions): Promise<Uint8Array>
  /** Lets go of what the file holds open (a local file's descriptor). */
  close(): Promise<void>
}

/** The files of one table, by their paths under the table's location. */
export interface TableFiles {
  /** Where the table is, for messages: a folder, or a store's URL without credentials. */
  readonly location: string
  /** The file at `path` (e.g. `_versions/1.manifest`, `/`-separated), or null when there is none. */
  open(path: string, options?: FileReadOptions): Promise<RangeFile | null>
}
