import { describe, expect, it } from 'vitest'
import { decodeWire, encodeWire } from './wire'

describe('wire codec', () => {
  it('round-trips plain JSON values unchanged', () => {
    const value = { a: 1, b: ['x', null], c: { d: true } }
    expect(decodeWire(encodeWire(value))).toEqual(value)
  })

  it('round-trips bytes of every value, large ones included', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 31) % 256)
    const decoded = decodeWire(encodeWire({ ok: true, value: bytes })) as { value: Uint8Array }
    expect(decoded.value).toBeInstanceOf(Uint8Array)
    expect(decoded.value).toEqual(bytes)
  })

  it('encodes a Node Buffer as bytes, not as its toJSON form', () => {
    const decoded = decodeWire(encodeWire({ value: Buffer.from([1, 2, 255]) })) as { value: Uint8Array }
    expect(decoded.value).toBeInstanceOf(Uint8Array)
    expect([...decoded.value]).toEqual([1, 2, 255])
  })

  it('leaves an object that merely has a $bytes key among others alone', () => {
    const value = { $bytes: 'AAAA', other: 1 }
    expect(decodeWire(encodeWire(value))).toEqual(value)
  })
})
