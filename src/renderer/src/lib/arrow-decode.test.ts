/**
 * The renderer's decoder on compressed record batches (LZ4_FRAME bytes written by LanceDB
 * and ZSTD bytes, each decoded to its rows with 64-bit values exact), and on crafted
 * streams, which it refuses at once instead of running the page out of memory.
 */
import { describe, expect, it } from 'vitest'
import { FILE_IMPORT_IPC_BUDGET } from '@shared/arrow-preflight'
import { COMPRESSED_ROWS, compressedArrow } from '../../../../test-kit/portable/compressed-arrow'
import { HOSTILE_ARROW } from '../../../../test-kit/portable/hostile-arrow'
import { decodeArrow } from './arrow-decode'

describe('decodeArrow', () => {
  it.each(['lz4', 'zstd'] as const)('decodes %s-compressed record batches', (codec) => {
    const table = decodeArrow(compressedArrow(codec))
    expect(table.schema.fields.map((field) => field.name)).toEqual(['id', 'name', 'big'])
    const rows = table.toArray().map((row: { id: number; name: string; big: bigint }) => ({ id: row.id, name: row.name, big: row.big }))
    expect(rows).toEqual(COMPRESSED_ROWS)
  })

  it.each(HOSTILE_ARROW.map((c) => [c.name, c] as const))('refuses %s within a second, as a page or as an imported file', (_, hostile) => {
    const bytes = hostile.make(5)
    const started = performance.now()
    expect(() => decodeArrow(bytes)).toThrow(hostile.refusal)
    expect(() => decodeArrow(bytes, FILE_IMPORT_IPC_BUDGET)).toThrow(hostile.refusal)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
