/**
 * For tests of tables created in a chosen Lance data storage version. LanceDB's
 * JavaScript SDK has no call that tells a table's version, so a table is compared with one
 * LanceDB itself wrote in that version from the same rows: LanceDB's own stats must give
 * the same bytes on disk (and other bytes than its default version writes).
 */
import { connect, type Connection } from '@lancedb/lancedb'
import { Float64, Int64, Table, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow'
import { DATA_STORAGE_VERSION_OPTION, type DataStorageVersion } from '../src/shared/data-storage-version'
import { tableForLance } from '../src/catalog/arrow-schema'

const ROWS = 200
const rows = new Table({
  id: vectorFromArray(
    Array.from({ length: ROWS }, (_, i) => BigInt(i)),
    new Int64()
  ),
  name: vectorFromArray(
    Array.from({ length: ROWS }, (_, i) => (i % 7 === 0 ? null : `name ${i % 13}`)),
    new Utf8()
  ),
  score: vectorFromArray(
    Array.from({ length: ROWS }, (_, i) => i / 4),
    new Float64()
  )
})

/** The rows every compared table holds, as an Arrow IPC stream. */
export const VERSIONED_ROWS = tableToIPC(rows, 'stream')
/** Their schema and no rows. */
export const VERSIONED_SCHEMA = tableToIPC(rows.slice(0, 0), 'stream')
/** Their ids, in order. */
export const VERSIONED_IDS = Array.from({ length: ROWS }, (_, i) => i)

/** Sizes of tables LanceDB writes from VERSIONED_ROWS, per version, each written once into `root`. */
export class LanceReference {
  readonly #sizes = new Map<string, Promise<number>>()
  #db: Promise<Connection> | null = null

  constructor(private readonly root: string) {}

  /** Bytes on disk of the rows as LanceDB writes them in `version` (its default when undefined). */
  bytes(version: DataStorageVersion | undefined): Promise<number> {
    const key = version ?? 'default'
    let known = this.#sizes.get(key)
    if (!known) {
      known = this.#write(key, version)
      this.#sizes.set(key, known)
    }
    return known
  }

  async close(): Promise<void> {
    if (this.#db) (await this.#db).close()
  }

  async #write(key: string, version: DataStorageVersion | undefined): Promise<number> {
    this.#db ??= connect(this.root)
    const options = version ? { storageOptions: { [DATA_STORAGE_VERSION_OPTION]: version } } : {}
    const table = await (await this.#db).createTable(`lance_${key.replace('.', '_')}`, tableForLance(VERSIONED_ROWS), options)
    try {
      return (await table.stats()).totalBytes
    } finally {
      table.close()
    }
  }
}

/** Bytes on disk and ids of table `name` in `namespace`, as LanceDB reads them through `db`. */
export async function bytesAndIds(db: Connection, namespace: readonly string[], name: string): Promise<{ bytes: number; ids: number[] }> {
  const table = await db.openTable(name, [...namespace])
  try {
    const read = await table.query().select(['id']).toArray()
    return { bytes: (await table.stats()).totalBytes, ids: read.map((row: { id: bigint | number }) => Number(row.id)).sort((a, b) => a - b) }
  } finally {
    table.close()
  }
}
