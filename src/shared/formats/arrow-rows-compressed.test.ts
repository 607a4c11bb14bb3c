/**
 * Importing `.arrow` files whose record batches are compressed: LanceDB's LZ4_FRAME and
 * ZSTD files read as a row source like uncompressed ones, 64-bit values exact.
 */
import { describe, expect, it } from 'vitest'
import { compressedArrow, COMPRESSED_ROWS } from '../../../test-kit/portable/compressed-arrow'
import { readArrowTable, specsFromArrow } from './arrow-rows'

describe('compressed Arrow imports', () => {
  it.each(['lz4', 'zstd'] as const)('reads a %s-compressed file with its schema and rows', (codec) => {
    const table = readArrowTable(compressedArrow(codec))
    expect(specsFromArrow(table).map((spec) => spec.name)).toEqual(['id', 'name', 'big'])
    expect(table.getChild('big')?.toArray()).toEqual(BigInt64Array.from(COMPRESSED_ROWS.map((row) => row.big)))
    expect(table.getChild('name')?.toArray()).toEqual(COMPRESSED_ROWS.map((row) => row.name))
  })
})
