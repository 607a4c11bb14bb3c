import { describe, expect, it } from 'vitest'
import { holdsBytes } from './media-kind'

describe('holdsBytes', () => {
  it('takes byte types and Lance blob v2 columns, not other structs or text', () => {
    expect(holdsBytes({ type: 'large_binary' })).toBe(true)
    expect(holdsBytes({ type: 'fixed_size_binary[16]' })).toBe(true)
    expect(holdsBytes({ type: 'struct', metadata: { 'ARROW:extension:name': 'lance.blob.v2' } })).toBe(true)
    expect(holdsBytes({ type: 'struct' })).toBe(false)
    expect(holdsBytes({ type: 'utf8', metadata: {} })).toBe(false)
  })
})
