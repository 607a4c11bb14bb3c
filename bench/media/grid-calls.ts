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
  /** Thumbnails the `media:cells` answer holds. */
  readonly thumbs: number
  readonly rows: number
  readonly storeRequests: number
}

const table = { namespace: [], name: MEDIA_TABLE }

/** The size of `value` as the host's answer on the socket (the same encoding, so the same bytes). */
function answerBytes(value: unknown): number {
  return encodeSocketMessage({ id: 1, result: { ok: true, value } }).byteLength
}

/** What clicking the table sends first: its description and its row count, together. Returns the time. */
export async function openTable({ call, connectionId }: GridTarget): Promise<number> {
  const begun = performance.now()
  await Promise.all([call('tables:describe', { connectionId, table }), call('tables:count', { connectionId, table })])
  return performance.now() - begun
}

/** Rows the grid draws on its first screen (a 1280 x 800 window, with the virtualizer's overscan): its first two blocks. */
export const FIRST_SCREEN_ROWS = 2 * GRID_MEDIA_BLOCK_ROWS

/**
 * Page `page` of the grid, with thumbnails of the byte cells of its first `mediaRows` rows
 * (the whole page unless told) or without the byte columns at all.
 */
export async function gridPage(target: GridTarget, page: number, withMedia: boolean, mediaRows = PAGE_ROWS): Promise<PageCost> {
  const { call, connectionId } = target
  const offset = page * PAGE_ROWS
  const requestsBefore = target.storeRequests()
  const begun = performance.now()
  const timed = async <T>(channel: string, request: unknown): Promise<{ value: T; ms: number }> => {
    const value = (await call(channel, request)) as T
    return { value, ms: performance.now() - begun }
  }
  const blocks = withMedia ? Math.ceil(mediaRows / GRID_MEDIA_BLOCK_ROWS) : 0
  const [rows, ...cellBlocks] = await Promise.all([
    timed<RowsPage>('tables:readRows', { connectionId, table, offset, limit: PAGE_ROWS, columns: [...PLAIN_COLUMNS] }),
    ...Array.from({ length: blocks }, (_, block) =>
      timed<MediaCell[][]>('media:cells', {
        connectionId,
        table,
        offset: offset + block * GRID_MEDIA_BLOCK_ROWS,
        limit: GRID_MEDIA_BLOCK_ROWS,
        columns: [...BYTE_COLUMNS],
        size: 'row'
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
    thumbs: cells ? cells.value.reduce((sum, row) => sum + row.filter((cell) => cell.thumb !== null).length, 0) : 0,
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
  const value = (await target.call('media:value', { connectionId: target.connectionId, table, row, column: 'photo' })) as MediaValue
  const ms = performance.now() - begun
  if (value.bytes === null) throw new Error(`media:value gave no bytes for row ${row}: ${value.problem ?? 'no reason given'}`)
  return { ms, bytes: answerBytes(value), storeRequests: target.storeRequests() - requestsBefore }
}
