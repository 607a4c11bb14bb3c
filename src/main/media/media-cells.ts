/**
 * What a window of byte cells holds, for the grid and the gallery: each cell's type (from its
 * bytes), size, and for an image a thumbnail (./thumbnails.ts). The bytes are read in main
 * through the table handle a few rows at a time, the next rows read while the last ones'
 * thumbnails are made, so a page of large images holds at most (IN_FLIGHT + 1) x CHUNK_ROWS x
 * THUMB_SOURCE_MAX_BYTES at once, and only the thumbnails travel to the page.
 * Answers are kept per table version, filter, row and column (an LRU bounded in bytes), so
 * scrolling back, or a second look, reads nothing again.
 */
import type { TableRef } from '../../shared/catalog-types'
import type { ExactInt } from '../../shared/exact-int'
import { THUMB_SIZES, type MediaCell, type ThumbSize } from '../../shared/contract/media'
import { detectMedia, hexHead, SIGNATURE_BYTES } from '../../shared/media-kind'
import type { CallOptions, CellBytes, TableHandle } from '../../catalog/table-handle'
import { makeThumbnail } from './thumbnails'

/** Rows whose bytes are read at once. */
const CHUNK_ROWS = 8
/** Chunks whose thumbnails may be in the making while the next chunk is read. */
const IN_FLIGHT = 2
/** Largest image a thumbnail is made from; a larger one shows its type and size, and opens in the viewer. */
export const THUMB_SOURCE_MAX_BYTES = 16 * 1024 * 1024
/** Bytes of answers kept, thumbnails included. */
const CACHE_BYTES = 64 * 1024 * 1024

/** Which cells: the request of `media:cells`, with the table's version resolved. */
export interface CellsRequest {
  /** Whose cells these are: the connection's cache scope (ConnectionRegistry.cacheScope), so a reopened connection never sees another's. */
  readonly scope: string
  readonly table: TableRef
  /** The version the cells are of (what they are kept under). */
  readonly version: ExactInt
  /** Whether that version is an older one, read as such, rather than the latest. */
  readonly older: boolean
  readonly filter?: string
  readonly offset: number
  readonly limit: number
  readonly columns: readonly string[]
  readonly size: ThumbSize
}

/** The media cells of every connection, kept while memory allows. */
export class MediaCells {
  readonly #kept = new Map<string, { readonly cell: MediaCell; readonly bytes: number }>()
  #keptBytes = 0

  /** Per row, per column (in the request's order), what each cell holds. */
  async cells(handle: TableHandle, request: CellsRequest, options?: CallOptions): Promise<MediaCell[][]> {
    const rows: (MediaCell | undefined)[][] = []
    for (let column = 0; column < request.columns.length; column++) {
      const name = request.columns[column] as string
      // Reading the next rows overlaps with the thumbnails of the last ones (disk or network
      // against the CPU); at most IN_FLIGHT chunks are held, so memory stays bounded.
      const making: Promise<void>[] = []
      for (let start = 0; start < request.limit; start += CHUNK_ROWS) {
        const limit = Math.min(CHUNK_ROWS, request.limit - start)
        const keys = Array.from({ length: limit }, (_, i) => this.#key(request, name, request.offset + start + i))
        const kept = keys.map((key) => this.#get(key))
        if (kept.every((cell) => cell !== undefined)) {
          kept.forEach((cell, i) => ((rows[start + i] ??= [])[column] = cell))
          continue
        }
        if (making.length >= IN_FLIGHT) await making.shift()
        const read = await handle.readBytes(
          {
            column: name,
            offset: request.offset + start,
            limit,
            maxBytesPerCell: THUMB_SOURCE_MAX_BYTES,
            ...(request.older ? { version: request.version } : {}),
            ...(request.filter ? { filter: request.filter } : {})
          },
          options
        )
        const made = Promise.all(read.map((cell) => describeCell(cell, THUMB_SIZES[request.size]))).then((cells) =>
          cells.forEach((cell, i) => {
            ;(rows[start + i] ??= [])[column] = cell
            this.#put(keys[i] as string, cell)
          })
        )
        // Awaited below; handled here too, so a failure while the next rows are read is not an unhandled rejection.
        made.catch(() => undefined)
        making.push(made)
        // Fewer rows than asked: the window reached the end of the rows.
        if (read.length < limit) break
      }
      await Promise.all(making)
    }
    // Rows past the end of the table are left out; every kept row has all its columns.
    const complete: MediaCell[][] = []
    for (const row of rows) {
      if (!row || row.length < request.columns.length || row.some((cell) => cell === undefined)) break
      complete.push(row as MediaCell[])
    }
    return complete
  }

  #key(request: CellsRequest, column: string, row: number): string {
    return JSON.stringify([request.scope, request.table.namespace, request.table.name, request.version, request.filter ?? '', column, row, request.size])
  }

  #get(key: string): MediaCell | undefined {
    const kept = this.#kept.get(key)
    if (!kept) return undefined
    // Most recently used last.
    this.#kept.delete(key)
    this.#kept.set(key, kept)
    return kept.cell
  }

  #put(key: string, cell: MediaCell): void {
    const bytes = 256 + (cell.thumb?.length ?? 0)
    const old = this.#kept.get(key)
    if (old) this.#keptBytes -= old.bytes
    this.#kept.set(key, { cell, bytes })
    this.#keptBytes += bytes
    for (const [oldest, entry] of this.#kept) {
      if (this.#keptBytes <= CACHE_BYTES) break
      this.#kept.delete(oldest)
      this.#keptBytes -= entry.bytes
    }
  }
}

const NULL_CELL: MediaCell = {
  size: null,
  kind: 'bytes',
  mime: 'application/octet-stream',
  label: 'null',
  width: null,
  height: null,
  thumb: null,
  head: '',
  problem: null
}

/** What one cell holds, with a thumbnail of `side` pixels for an image. */
export async function describeCell(cell: CellBytes, side: number): Promise<MediaCell> {
  if (cell === null) return NULL_CELL
  if (cell.bytes === null) return { ...NULL_CELL, size: cell.size, label: 'blob', problem: cell.unread }
  const type = detectMedia(cell.bytes.subarray(0, SIGNATURE_BYTES))
  const base = { size: cell.size, ...type, width: null, height: null, thumb: null, head: hexHead(cell.bytes), problem: null }
  if (type.kind !== 'image') return base
  if (cell.bytes.length < cell.size) {
    return { ...base, problem: `The image is larger than ${THUMB_SOURCE_MAX_BYTES / (1024 * 1024)} MB; open it to see it.` }
  }
  return { ...base, ...(await makeThumbnail(cell.bytes, type.mime, side)) }
}
