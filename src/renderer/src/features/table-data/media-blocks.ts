/**
 * Which rows each `media:cells` query covers: blocks of MEDIA_BLOCK_ROWS table rows, the
 * ones around the rows drawn (GRID_MEDIA_BLOCK_ROWS says why blocks are smaller than pages).
 */
import { GRID_MEDIA_BLOCK_ROWS } from '@shared/grid-media-blocks'
import { pagesFor } from '../../lib/row-pages'

/** Rows per `media:cells` query. */
export const MEDIA_BLOCK_ROWS = GRID_MEDIA_BLOCK_ROWS

/**
 * The blocks to hold while table rows `first`..`last` (inclusive, counted from the table's
 * first row) are drawn, with a few rows' margin so a short scroll finds them asked for.
 */
export function mediaBlocksFor(first: number, last: number, total: number | null): number[] {
  return pagesFor(first, last, total, MEDIA_BLOCK_ROWS, MEDIA_BLOCK_ROWS / 4)
}

/**
 * The blocks of the rows on screen (`first`..`last`, without the margin): these are asked
 * before the others the grid holds, so a screen's thumbnails are not made beside those of
 * rows drawn past its edges, which nobody sees yet.
 */
export function shownMediaBlocks(first: number, last: number, total: number | null): number[] {
  return pagesFor(first, last, total, MEDIA_BLOCK_ROWS, 0)
}

/**
 * Which of `blocks` to ask for now: the `shown` ones at once, the rest once every shown one
 * among them has `answered`.
 */
export function mediaBlocksToAsk(blocks: readonly number[], shown: readonly number[], answered: (block: number) => boolean): number[] {
  const waiting = blocks.some((block) => shown.includes(block) && !answered(block))
  return waiting ? blocks.filter((block) => shown.includes(block)) : [...blocks]
}

/** The block a table row's media cell is in, and the row's index within it. */
export function mediaBlockOfRow(row: number): { readonly block: number; readonly index: number } {
  return { block: Math.floor(row / MEDIA_BLOCK_ROWS), index: row % MEDIA_BLOCK_ROWS }
}
