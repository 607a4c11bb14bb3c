/**
 * What a window of byte cells holds, for the grid and the gallery: each cell's type (from its
 * bytes), size, and for an image a thumbnail (./thumbnails.ts), for a PDF one of its first
 * page (./pdf-thumbnails.ts). The bytes are read in main through the table handle a few rows
 * at a time, the next rows read while the last ones' thumbnails are made, so a page of large
 * images holds at most (IN_FLIGHT + 1) x CHUNK_ROWS x THUMB_SOURCE_MAX_BYTES at once, and
 * only the thumbnails travel to the page.
 * Answers are kept per table version, filter, row and column (an LRU bounded in bytes), so
 * scrolling back, or a second look, reads nothing again.
 *
 * Reading ahead: a thumbnail costs a decode of the whole image (10 to 20 ms of a core for a
 * 500 KB JPEG, even at 1/8 scale), so making a screen's worth when it is asked for takes
 * far longer than its rows. Once no call is waiting, the cells of the AHEAD_ROWS rows past
 * the last ones asked (before them, when the asks move back) are made and kept, a chunk at
 * a time, so the next screen is answered from what is kept while the user looks at this
 * one. A call that arrives stops the read-ahead at the end of its chunk and takes over any
 * cells already in the making. A chunk's thumbnails are made together, as a call's are:
 * one at a time left a core to calls, but on a machine busy with other work the
 * read-ahead then fell behind a reader paging down once a second.
 *
 * The viewer's value goes before all of it: while it is read, no read-ahead chunk is read
 * and no read-ahead thumbnail starts, and thumbnails never take every one of libuv's worker
 * threads, so the value's header (read through sharp) never waits in libuv's queue behind
 * them (./thumbnail-slots.ts).
 */
import type { TableRef } from '../../shared/catalog-types'
import type { ExactInt } from '../../shared/exact-int'
import { THUMB_SIZES, type MediaCell, type ThumbSize } from '../../shared/contract/media'
import { detectMedia, hexHead, SIGNATURE_BYTES } from '../../shared/media-kind'
import type { CallOptions, CellBytes, TableHandle } from '../../catalog/table-handle'
import { sharedPdfThumbnails, type PdfThumbnails } from './pdf-thumbnails'
import { makeThumbnail } from './thumbnails'
import { firstVideoFrame } from './video-frame'
import { libuvThreads, ThumbnailSlots } from './thumbnail-slots'

/** Rows whose bytes are read at once. */
const CHUNK_ROWS = 8
/** Chunks whose thumbnails may be in the making while the next chunk is read. */
const IN_FLIGHT = 2
/** Largest image a thumbnail is made from; a larger one shows its type and size, and opens in the viewer. */
export const THUMB_SOURCE_MAX_BYTES = 16 * 1024 * 1024
/** Bytes of answers kept, thumbnails included. */
const CACHE_BYTES = 64 * 1024 * 1024
/** Rows read ahead of the last ones asked: two of the grid's blocks, about two screens of thumbnail rows. */
export const AHEAD_ROWS = 40

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

/** A cell being made: what it holds, or undefined for a row past the end of the rows. */
type Making = Promise<MediaCell | undefined>

/** What is read ahead: rows `from`..`to` (exclusive) of one request's cells. */
interface AheadPlan {
  readonly handle: TableHandle
  readonly request: CellsRequest
  readonly from: number
  readonly to: number
}

/** The media cells of every connection, kept while memory allows. */
export class MediaCells {
  /** Thumbnails in the making: one fewer at once than libuv has worker threads (`threads`, libuv's own count unless told). */
  readonly #slots: ThumbnailSlots
  readonly #kept = new Map<string, { readonly cell: MediaCell; readonly bytes: number }>()
  #keptBytes = 0
  /** Cells whose bytes are being read or described, by key, so a second ask waits for the first. */
  readonly #making = new Map<string, Making>()
  /** Calls answering now; read-ahead waits until there are none. */
  #calls = 0
  #idle: (() => void)[] = []
  /** Where the last call of each kind of cells asked, for the direction of the read-ahead. */
  #lastAsked: { readonly stream: string; readonly offset: number } | null = null
  #ahead: AheadPlan | null = null
  /** Whether the read-ahead loop runs (it takes up a changed plan by itself). */
  #aheadRunning = false

  constructor({ threads = libuvThreads() }: { readonly threads?: number } = {}) {
    this.#slots = new ThumbnailSlots(Math.max(1, threads - 1))
  }

  /** Per row, per column (in the request's order), what each cell holds. */
  cells(handle: TableHandle, request: CellsRequest, options?: CallOptions): Promise<MediaCell[][]> {
    const stream = streamOf(request)
    const back = this.#lastAsked?.stream === stream && request.offset < this.#lastAsked.offset
    this.#lastAsked = { stream, offset: request.offset }
    return this.#calling(async () => {
      const rows = await this.#answer(handle, request, options)
      this.#planAhead(handle, request, back, rows.length < request.limit)
      return rows
    })
  }

  /**
   * What cells already read hold (a search's rows carry their bytes), with thumbnails of
   * `size` made through the same slots as a call's, the read-ahead held back meanwhile.
   * Nothing is kept: a search's rows are not the table's by position.
   */
  describe(cells: readonly CellBytes[], size: ThumbSize): Promise<MediaCell[]> {
    const side = THUMB_SIZES[size]
    const slot = <T>(work: () => Promise<T>): Promise<T> => this.#slots.run(false, work)
    return this.#calling(() => Promise.all(cells.map((cell) => describeCell(cell, side, slot))))
  }

  /**
   * Runs the viewer's `work` (reading a value) before any read-ahead: until it is done, no
   * read-ahead chunk is read and no read-ahead thumbnail starts (those already started finish).
   */
  async answering<T>(work: () => Promise<T>): Promise<T> {
    const release = this.#slots.hold()
    try {
      return await this.#calling(work)
    } finally {
      release()
    }
  }

  /** Runs `work` (a call someone waits for) with the read-ahead's next chunks held back until it is done. */
  async #calling<T>(work: () => Promise<T>): Promise<T> {
    this.#calls++
    try {
      return await work()
    } finally {
      this.#calls--
      if (this.#calls === 0) for (const wake of this.#idle.splice(0)) wake()
    }
  }

  async #answer(handle: TableHandle, request: CellsRequest, options?: CallOptions): Promise<MediaCell[][]> {
    const rows: (MediaCell | undefined)[][] = []
    for (let column = 0; column < request.columns.length; column++) {
      const name = request.columns[column] as string
      // Reading the next rows overlaps with the thumbnails of the last ones (disk or network
      // against the CPU); at most IN_FLIGHT chunks are held, so memory stays bounded.
      const making: Promise<void>[] = []
      let ended = false
      for (let start = 0; start < request.limit && !ended; start += CHUNK_ROWS) {
        const limit = Math.min(CHUNK_ROWS, request.limit - start)
        const keys = Array.from({ length: limit }, (_, i) => this.#key(request, name, request.offset + start + i))
        const place = (cells: readonly (MediaCell | undefined)[]): void =>
          cells.forEach((cell, i) => {
            if (cell) (rows[start + i] ??= [])[column] = cell
          })
        const kept = keys.map((key) => this.#get(key))
        if (kept.every((cell) => cell !== undefined)) {
          place(kept)
          continue
        }
        const joined = keys.map((key, i) => (kept[i] ? Promise.resolve(kept[i]) : this.#making.get(key)))
        if (joined.every((cell) => cell !== undefined)) {
          // Every missing cell is being made already (read ahead, or another call): wait for those.
          const cells = await Promise.all(joined).catch(() => null)
          if (cells) {
            place(cells)
            if (cells.some((cell) => cell === undefined)) ended = true
            continue
          }
          // What was being made failed (its call was cancelled, say): read the rows here.
        }
        if (making.length >= IN_FLIGHT) await making.shift()
        const { read, made } = this.#make(handle, request, name, request.offset + start, limit, options, false)
        const cells = await read
        const placed = made.then(place)
        // Awaited below; handled here too, so a failure while the next rows are read is not an unhandled rejection.
        placed.catch(() => undefined)
        making.push(placed)
        // Fewer rows than asked: the window reached the end of the rows.
        if (cells < limit) ended = true
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

  /**
   * Reads rows `offset`..`offset + limit` of `column` and describes them, registering each
   * cell as being made until it is kept. `read` settles with the number of rows the table
   * had once the bytes are in; `made` with the cells once described. `ahead`: for the
   * read-ahead, whose thumbnails start after a call's and not while the viewer reads a value.
   */
  #make(
    handle: TableHandle,
    request: CellsRequest,
    column: string,
    offset: number,
    limit: number,
    options: CallOptions | undefined,
    ahead: boolean
  ): { readonly read: Promise<number>; readonly made: Promise<(MediaCell | undefined)[]> } {
    const keys = Array.from({ length: limit }, (_, i) => this.#key(request, column, offset + i))
    const bytes = handle.readBytes(
      {
        column,
        offset,
        limit,
        maxBytesPerCell: THUMB_SOURCE_MAX_BYTES,
        ...(request.older ? { version: request.version } : {}),
        ...(request.filter ? { filter: request.filter } : {})
      },
      options
    )
    const side = THUMB_SIZES[request.size]
    const slot = <T>(work: () => Promise<T>): Promise<T> => this.#slots.run(ahead, work)
    const made = bytes.then((cells) => Promise.all(cells.map((cell) => describeCell(cell, side, slot))))
    const all = made.then((cells) => keys.map((_, i) => cells[i]))
    const cells = keys.map((_, i) => all.then((described) => described[i]))
    keys.forEach((key, i) => this.#making.set(key, cells[i] as Making))
    const settle = (described: readonly (MediaCell | undefined)[] | null): void =>
      keys.forEach((key, i) => {
        const cell = described?.[i]
        if (cell) this.#put(key, cell)
        if (this.#making.get(key) === cells[i]) this.#making.delete(key)
      })
    all.then(settle, () => settle(null))
    // Each is awaited by whoever asks for it; handled here too, so a failure nobody waits for is not an unhandled rejection.
    for (const cell of cells) cell.catch(() => undefined)
    const read = bytes.then((found) => found.length)
    read.catch(() => undefined)
    return { read, made: all }
  }

  /** Sets what to read ahead after a call for `request` (`back`: the asks move towards the first row), and starts it. */
  #planAhead(handle: TableHandle, request: CellsRequest, back: boolean, ended: boolean): void {
    const end = request.offset + request.limit
    if (back) this.#ahead = { handle, request, from: Math.max(0, request.offset - AHEAD_ROWS), to: request.offset }
    else if (!ended) this.#ahead = { handle, request, from: end, to: end + AHEAD_ROWS }
    else return
    if (this.#aheadRunning) return
    this.#aheadRunning = true
    void this.#readAhead().finally(() => (this.#aheadRunning = false))
  }

  /** Makes the planned cells a chunk at a time while no call is answering; a new plan replaces the old between chunks. */
  async #readAhead(): Promise<void> {
    // As in a call, the next chunk is read while the last ones' thumbnails are made.
    const making: Promise<unknown>[] = []
    for (;;) {
      await this.#whenIdle()
      const plan = this.#ahead
      const next = plan && this.#nextMissing(plan)
      if (!plan || !next) {
        if (this.#ahead === plan) this.#ahead = null
        // Done once what is in the making is made and no new plan came meanwhile.
        if (making.length > 0) await making.shift()
        else if (this.#ahead === null) return
        continue
      }
      if (making.length >= IN_FLIGHT) {
        await making.shift()
        continue
      }
      const { read, made } = this.#make(plan.handle, plan.request, next.column, next.offset, next.limit, undefined, true)
      making.push(made.catch(() => undefined))
      // Fewer rows than asked: the end of the rows, nothing further to read ahead of this plan;
      // a read that fails (the connection closed, the table changed) is simply not kept.
      const rows = await read.catch(() => 0)
      if (rows < next.limit && this.#ahead === plan) this.#ahead = null
    }
  }

  /** The first chunk of the plan's rows with a cell neither kept nor in the making, column by column. */
  #nextMissing(plan: AheadPlan): { readonly column: string; readonly offset: number; readonly limit: number } | null {
    for (const column of plan.request.columns) {
      for (let offset = plan.from; offset < plan.to; offset += CHUNK_ROWS) {
        const limit = Math.min(CHUNK_ROWS, plan.to - offset)
        for (let i = 0; i < limit; i++) {
          const key = this.#key(plan.request, column, offset + i)
          if (!this.#kept.has(key) && !this.#making.has(key)) return { column, offset, limit }
        }
      }
    }
    return null
  }

  #whenIdle(): Promise<void> {
    return this.#calls === 0 ? Promise.resolve() : new Promise((resolve) => this.#idle.push(resolve))
  }

  #key(request: CellsRequest, column: string, row: number): string {
    return JSON.stringify([streamOf(request), column, row])
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
    const bytes = 256 + (cell.thumb?.length ?? 0) + (cell.firstFrame ? cell.firstFrame.bytes.length + (cell.firstFrame.description?.length ?? 0) : 0)
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

/** What the cells of a request are kept under, but for their column and row. */
function streamOf(request: CellsRequest): string {
  const { scope, table, version, older, filter, size } = request
  return JSON.stringify([scope, table.namespace, table.name, version, older, filter ?? '', size])
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

/**
 * What one cell holds, with a thumbnail of `side` pixels for an image or a PDF's first page
 * (drawn in `pdfs`' worker), made when `slot` runs it.
 */
export async function describeCell(
  cell: CellBytes,
  side: number,
  slot: (work: () => Promise<MediaCell>) => Promise<MediaCell> = (work) => work(),
  pdfs: PdfThumbnails = sharedPdfThumbnails
): Promise<MediaCell> {
  if (cell === null) return NULL_CELL
  if (cell.bytes === null) return { ...NULL_CELL, size: cell.size, label: 'blob', problem: cell.unread }
  const type = detectMedia(cell.bytes.subarray(0, SIGNATURE_BYTES))
  const base = { size: cell.size, ...type, width: null, height: null, thumb: null, head: hexHead(cell.bytes), problem: null }
  if (type.kind === 'video') return { ...base, ...videoFrame(cell.bytes, cell.size, type.mime) }
  if (type.kind !== 'image' && type.kind !== 'pdf') return base
  if (cell.bytes.length < cell.size) {
    const limit = `${THUMB_SOURCE_MAX_BYTES / (1024 * 1024)} MB`
    if (type.kind === 'pdf') return { ...base, problem: `The PDF is larger than ${limit}; open it to see its first page.` }
    return { ...base, problem: `The image is larger than ${limit}; open it to see it.` }
  }
  const bytes = cell.bytes
  // A PDF is drawn in the PDF worker, not on one of libuv's threads, but its WebP is encoded
  // there, and waiting in a slot keeps PDFs from crowding out images' thumbnails.
  if (type.kind === 'pdf') return slot(async () => ({ ...base, ...(await pdfs.thumbnail(bytes, side)) }))
  return slot(async () => ({ ...base, ...(await makeThumbnail(bytes, type.mime, side)) }))
}

/**
 * A video's first keyframe for the page to decode, or why there is none. Reading the
 * container is cheap (a walk over its index, no decode), so it needs no thumbnail slot; a
 * video larger than what was read may still have its index and first frame at the front.
 */
function videoFrame(bytes: Uint8Array, size: number, mime: string): Partial<Pick<MediaCell, 'firstFrame' | 'firstFrameProblem' | 'width' | 'height'>> {
  const found = firstVideoFrame(bytes, mime)
  if (typeof found !== 'string') return { firstFrame: found, width: found.width, height: found.height }
  const cut = bytes.length < size ? ` (only its first ${THUMB_SOURCE_MAX_BYTES / (1024 * 1024)} MB were read)` : ''
  return { firstFrameProblem: `${found}${cut}` }
}
