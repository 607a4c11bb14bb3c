import { describe, expect, it } from 'vitest'
import { MEDIA_BLOCK_ROWS, mediaBlockOfRow, mediaBlocksFor, mediaBlocksToAsk, shownMediaBlocks } from './media-blocks'

describe('media blocks', () => {
  it('asks for the blocks of the rows drawn, not the whole page of rows', () => {
    // Rows 0..17 drawn (a screen of thumbnail rows): the first block, and the next once the view nears it.
    expect(mediaBlocksFor(0, 10, 10_000)).toEqual([0])
    expect(mediaBlocksFor(0, 17, 10_000)).toEqual([0, 1])
    expect(mediaBlocksFor(130, 150, 10_000)).toEqual([6, 7])
  })

  it('names the blocks of the rows on screen alone, without the margin', () => {
    // A 1280 x 800 window shows 16 thumbnail rows: the first block holds them all.
    expect(shownMediaBlocks(0, 15, 10_000)).toEqual([0])
    expect(shownMediaBlocks(15, 30, 10_000)).toEqual([0, 1])
    expect(shownMediaBlocks(0, 0, 0)).toEqual([])
  })

  it('asks for the shown blocks first, and the others once those have answered', () => {
    const none = (): boolean => false
    expect(mediaBlocksToAsk([0, 1], [0], none)).toEqual([0])
    expect(mediaBlocksToAsk([0, 1], [0], (block) => block === 0)).toEqual([0, 1])
    expect(mediaBlocksToAsk([5, 6, 7], [6, 7], (block) => block === 6)).toEqual([6, 7])
    expect(mediaBlocksToAsk([5, 6, 7], [6, 7], (block) => block >= 6)).toEqual([5, 6, 7])
    // Nothing shown among them (the view is moving): all at once.
    expect(mediaBlocksToAsk([3, 4], [9], none)).toEqual([3, 4])
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
