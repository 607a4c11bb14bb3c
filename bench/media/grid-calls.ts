/**
 * The calls the data grid makes for a table with byte columns, through the browser-mode
 * host as the page makes them (its call socket), with their time, the size of each answer
 * as the host sends it, and the object-store requests made meanwhile. With thumbnails: a
 * page of rows without the byte columns and, sent with it, `media:cells` for those rows'
 * byte columns (`size: 'row'`) in the grid's blocks of GRID_MEDIA_BLOCK_ROWS rows, one call
 * per block, for the rows asked (the first screen, or the whole page as a scroll through it
 * asks for it); the anchor is the same page of the plain columns alone.
 */
import type { MediaCell, MediaValue } from '../../src/shared/contract/media'
import { GRID_MEDIA_BLOCK_ROWS } from '../../src/shared/grid-media-blocks'
import type { RowsPage } from '../../src/shared/contract/tables'
import type { TableDescription } from '../../src/shared/catalog-types'
import { encodeSocketMessage } from '../../src/shared/rpc-socket'
import type { HostCall } from '../remote/host-client'
import { BYTE_COLUMNS, MEDIA_TABLE, PLAIN_COLUMNS } from './media-rows'

/** The grid's rows per page. */
export const PAGE_ROWS = 100

/** One host, one connection, and a count of the object-store requests so far (0 on local disk). */
export interface GridTarget {
  readonly call: HostCall
  readonly connectionId: string
  readonly storeRequests: () => number
  /** The table's latest version from its describe (once the table is opened), sent with `media:cells` as the grid sends it. */
  readonly described: { latest?: string }
  /** The table and its columns: the media table's (media-rows.ts) unless told. */
  readonly columns?: GridColumns
}

/** A table of the grid and which of its columns are plain and which hold bytes. */
export interface GridColumns {
  readonly table: string
  readonly plain: readonly string[]
  readonly bytes: readonly string[]
}

const MEDIA_COLUMNS: GridColumns = { table: MEDIA_TABLE, plain: PLAIN_COLUMNS, bytes: BYTE_COLUMNS }

/** The table reference and columns `target` asks for. */
function columnsOf(target: GridTarget): { readonly table: { namespace: string[]; name: string }; readonly plain: string[]; readonly bytes: string[] } {
  const { table, plain, bytes } = target.columns ?? MEDIA_COLUMNS
  return { table: { namespace: [], name: table }, plain: [...plain], bytes: [...bytes] }
}

/** Cells that come with a picture: an image's thumbnail or a video's first frame. */
function pictured(rows: readonly (readonly MediaCell[])[]): number {
  return rows.reduce((sum, row) => sum + row.filter((cell) => cell.thumb !== null || cell.firstFrame !== undefined).length, 0)
}

/** What one page cost. */
export interface PageCost {
  /** From sending the calls to the last answer. */
  readonly ms: number
  /** The rows call alone, and `media:cells` alone (0 without thumbnails). */
  readonly rowsMs: number
  readonly cellsMs: number
  /** Answer bytes as the host sends them on the socket: rows, and `media:cells`. */
  readonly rowsBytes: number
  readonly cellsBytes: number
  /** Thumbnails (and videos' first frames) the `media:cells` answer holds. */
  readonly thumbs: number
  readonly rows: number
  readonly storeRequests: number
}

/** The size of `value` as the host's answer on the socket (the same encoding, so the same bytes). */
function answerBytes(value: unknown): number {
  return encodeSocketMessage({ id: 1, result: { ok: true, value } }).byteLength
}

/** What clicking the table sends first: its description and its row count, together. Returns the time. */
export async function openTable(target: GridTarget): Promise<number> {
  const { call, connectionId, described } = target
  const { table } = columnsOf(target)
  const begun = performance.now()
  const [description] = await Promise.all([call('tables:describe', { connectionId, table }), call('tables:count', { connectionId, table })])
  const ms = performance.now() - begun
  const latest = (description as TableDescription).version
  if (latest !== null) described.latest = latest
  return ms
}

/**
 * Rows whose thumbnails the grid asks for on its first screen: the block of the 16 rows a
 * 1280 x 800 window shows (VISIBLE_ROWS). The block of the rows drawn below them (the
 * virtualizer's overscan) is asked once that one has answered.
 */
export const FIRST_SCREEN_ROWS = GRID_MEDIA_BLOCK_ROWS

/**
 * Page `page` of the grid, with thumbnails of the byte cells of its first `mediaRows` rows
 * (the whole page unless told) or without the byte columns at all.
 */
export async function gridPage(target: GridTarget, page: number, withMedia: boolean, mediaRows = PAGE_ROWS): Promise<PageCost> {
  const { call, connectionId } = target
  const { table, plain, bytes } = columnsOf(target)
  const offset = page * PAGE_ROWS
  const requestsBefore = target.storeRequests()
  const begun = performance.now()
  const timed = async <T>(channel: string, request: unknown): Promise<{ value: T; ms: number }> => {
    const value = (await call(channel, request)) as T
    return { value, ms: performance.now() - begun }
  }
  const blocks = withMedia ? Math.ceil(mediaRows / GRID_MEDIA_BLOCK_ROWS) : 0
  const [rows, ...cellBlocks] = await Promise.all([
    timed<RowsPage>('tables:readRows', { connectionId, table, offset, limit: PAGE_ROWS, columns: plain }),
    ...Array.from({ length: blocks }, (_, block) =>
      timed<MediaCell[][]>('media:cells', {
        connectionId,
        table,
        offset: offset + block * GRID_MEDIA_BLOCK_ROWS,
        limit: GRID_MEDIA_BLOCK_ROWS,
        columns: bytes,
        size: 'row',
        ...target.described
      })
    )
  ])
  const cells = cellBlocks.length === 0 ? null : { value: cellBlocks.flatMap((c) => c.value), ms: Math.max(...cellBlocks.map((c) => c.ms)) }
  const ms = performance.now() - begun
  return {
    ms,
    rowsMs: rows.ms,
    cellsMs: cells?.ms ?? 0,
    rowsBytes: answerBytes(rows.value),
    cellsBytes: cellBlocks.reduce((sum, c) => sum + answerBytes(c.value), 0),
    thumbs: cells ? pictured(cells.value) : 0,
    rows: rows.value.rowCount,
    storeRequests: target.storeRequests() - requestsBefore
  }
}

/** What opening one cell's photo in the viewer cost. */
export interface ValueCost {
  readonly ms: number
  readonly bytes: number
  readonly storeRequests: number
}

/** `media:value` for row `row`'s photo, as the viewer asks for it. */
export async function openPhoto(target: GridTarget, row: number): Promise<ValueCost> {
  const requestsBefore = target.storeRequests()
  const begun = performance.now()
  const { table } = columnsOf(target)
  const value = (await target.call('media:value', { connectionId: target.connectionId, table, row, column: 'photo' })) as MediaValue
  const ms = performance.now() - begun
  if (value.bytes === null) throw new Error(`media:value gave no bytes for row ${row}: ${value.problem ?? 'no reason given'}`)
  return { ms, bytes: answerBytes(value), storeRequests: target.storeRequests() - requestsBefore }
}

/** Rows the grid shows at once in a 1280 x 800 window (40 px thumbnail rows); Page Down moves one fewer. */
export const VISIBLE_ROWS = 16
/** Rows the grid draws past each edge of the screen (its virtualizer's overscan). */
const OVERSCAN_ROWS = 8
/** Rows past the drawn ones whose block the grid holds too (media-blocks.ts). */
const BLOCK_MARGIN_ROWS = GRID_MEDIA_BLOCK_ROWS / 4

/** What one screen of a reading scroll cost: the wait from Page Down to the last answer it needed. */
export interface ScreenCost {
  readonly ms: number
  /** Calls sent for this screen: rows pages and `media:cells` blocks not asked before. */
  readonly pages: number
  readonly blocks: number
  readonly cellsBytes: number
  readonly thumbs: number
  readonly storeRequests: number
}

/**
 * The user's path through a table: from row `from`, `screens` presses of Page Down, each
 * followed by `pauseMs` of looking at the screen. At each screen the grid asks for the rows
 * pages of the rows it draws and the `media:cells` blocks of the rows on screen that it has
 * not asked for yet, together; once those blocks have answered, the other blocks it holds
 * (rows drawn past the screen's edges, and the margin), as data-grid.tsx and media-blocks.ts
 * do; it keeps what it asked while the rows stay in reach. Without media, the rows pages
 * alone. A screen's wait is its pages and the blocks of its rows, asked now or before and
 * still on their way. The first screen is a jump (nothing before it was looked at); the
 * rest are the path.
 */
export async function readingScroll(target: GridTarget, from: number, screens: number, pauseMs: number, withMedia: boolean): Promise<ScreenCost[]> {
  const { call, connectionId } = target
  const { table, plain, bytes } = columnsOf(target)
  const askedPages = new Set<number>()
  const askedBlocks = new Map<number, Promise<MediaCell[][]>>()
  const ask = (block: number): Promise<MediaCell[][]> => {
    const asked =
      askedBlocks.get(block) ??
      (call('media:cells', {
        connectionId,
        table,
        offset: block * GRID_MEDIA_BLOCK_ROWS,
        limit: GRID_MEDIA_BLOCK_ROWS,
        columns: bytes,
        size: 'row',
        ...target.described
      }) as Promise<MediaCell[][]>)
    askedBlocks.set(block, asked)
    return asked
  }
  const costs: ScreenCost[] = []
  for (let screen = 0; screen < screens; screen++) {
    if (screen > 0 && pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    const top = from + screen * (VISIBLE_ROWS - 1)
    const first = Math.max(0, top - OVERSCAN_ROWS)
    const last = top + VISIBLE_ROWS - 1 + OVERSCAN_ROWS
    const pages = between(Math.floor(first / PAGE_ROWS), Math.floor(last / PAGE_ROWS)).filter((p) => !askedPages.has(p))
    const shown = withMedia ? between(Math.floor(top / GRID_MEDIA_BLOCK_ROWS), Math.floor((top + VISIBLE_ROWS - 1) / GRID_MEDIA_BLOCK_ROWS)) : []
    const held = withMedia
      ? between(
          Math.floor(Math.max(0, first - BLOCK_MARGIN_ROWS) / GRID_MEDIA_BLOCK_ROWS),
          Math.floor((last + BLOCK_MARGIN_ROWS) / GRID_MEDIA_BLOCK_ROWS)
        ).filter((b) => !shown.includes(b) && !askedBlocks.has(b))
      : []
    const fresh = shown.filter((b) => !askedBlocks.has(b))
    pages.forEach((p) => askedPages.add(p))
    const requestsBefore = target.storeRequests()
    const begun = performance.now()
    const [, ...cellBlocks] = await Promise.all([
      Promise.all(pages.map((page) => call('tables:readRows', { connectionId, table, offset: page * PAGE_ROWS, limit: PAGE_ROWS, columns: plain }))),
      ...shown.map(ask)
    ])
    const ms = performance.now() - begun
    // The blocks drawn past the screen's edges, asked once the screen's have answered (not waited for).
    held.forEach((block) => void ask(block).catch(() => undefined))
    const freshBlocks = cellBlocks.filter((_, i) => fresh.includes(shown[i] as number))
    costs.push({
      ms,
      pages: pages.length,
      blocks: fresh.length,
      cellsBytes: freshBlocks.reduce((sum, cells) => sum + answerBytes(cells), 0),
      thumbs: freshBlocks.reduce((sum, cells) => sum + pictured(cells), 0),
      storeRequests: target.storeRequests() - requestsBefore
    })
  }
  await Promise.allSettled(askedBlocks.values())
  return costs
}

function between(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}
