/**
 * The renderer's decoder on compressed record batches: LZ4_FRAME bytes written by LanceDB
 * and ZSTD bytes, each decoded to its rows with 64-bit values exact.
 */
import { describe, expect, it } from 'vitest'
import { COMPRESSED_ROWS, compressedArrow } from '@shared/test-fixtures/compressed-arrow'
import { decodeArrow } from './arrow-decode'

describe('decodeArrow', () => {
  it.each(['lz4', 'zstd'] as const)('decodes %s-compressed record batches', (codec) => {
    const table = decodeArrow(compressedArrow(codec))
    expect(table.schema.fields.map((field) => field.name)).toEqual(['id', 'name', 'big'])
    const rows = table.toArray().map((row: { id: number; name: string; big: bigint }) => ({ id: row.id, name: row.name, big: row.big }))
    expect(rows).toEqual(COMPRESSED_ROWS)
  })
})
