import { describe, expect, it } from 'vitest'
import { hexRows } from './hex-rows'

describe('hexRows', () => {
  it('shows 16 bytes a row with their offset, hex and ASCII, dots for what is not printable', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('Hello, world!\n'), 0x00, 0xff, 0x41])
    expect(hexRows(bytes)).toEqual([
      { offset: '00000000', hex: '48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 ff', ascii: 'Hello, world!...' },
      { offset: '00000010', hex: '41', ascii: 'A' }
    ])
  })

  it('stops at the bound', () => {
    const rows = hexRows(new Uint8Array(100), 40)
    expect(rows).toHaveLength(3)
    expect(rows[2]).toEqual({ offset: '00000020', hex: '00 00 00 00 00 00 00 00', ascii: '........' })
  })

  it('has no rows for no bytes', () => {
    expect(hexRows(new Uint8Array())).toEqual([])
  })
})
