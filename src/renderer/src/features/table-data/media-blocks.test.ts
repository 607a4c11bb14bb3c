import { describe, expect, it } from 'vitest'
import { MEDIA_BLOCK_ROWS, mediaBlockOfRow, mediaBlocksFor } from './media-blocks'

describe('media blocks', () => {
  it('asks for the blocks of the rows drawn, not the whole page of rows', () => {
    // Rows 0..17 drawn (a screen of thumbnail rows): the first block, and the next once the view nears it.
    expect(mediaBlocksFor(0, 10, 10_000)).toEqual([0])
    expect(mediaBlocksFor(0, 17, 10_000)).toEqual([0, 1])
    expect(mediaBlocksFor(130, 150, 10_000)).toEqual([6, 7])
  })

  it('stops at the last row and asks for nothing in an empty table', () => {
    expect(mediaBlocksFor(0, 4, 5)).toEqual([0])
    expect(mediaBlocksFor(0, 0, 0)).toEqual([])
  })

  it('places a row in its block', () => {
    expect(mediaBlockOfRow(0)).toEqual({ block: 0, index: 0 })
    expect(mediaBlockOfRow(MEDIA_BLOCK_ROWS * 3 + 7)).toEqual({ block: 3, index: 7 })
  })
})
