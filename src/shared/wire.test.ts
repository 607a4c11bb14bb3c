import { describe, expect, it } from 'vitest'
import { decodeWire, encodeWire, JSON_CONTENT_TYPE, WIRE_CONTENT_TYPE, type WireMessage } from './wire'

/** What the receiving side sees: the parts joined into one body. */
function roundTrip(message: WireMessage): unknown {
  const body = new Uint8Array(message.byteLength)
  let at = 0
  for (const part of message.parts) {
    body.set(part, at)
    at += part.length
  }
  return decodeWire(message.contentType, body)
}

describe('wire codec', () => {
  it('sends a value without bytes as plain JSON', () => {
    const value = { a: 1, b: ['x', null], c: { d: true } }
    const message = encodeWire(value)
    expect(message.contentType).toBe(JSON_CONTENT_TYPE)
    expect(new TextDecoder().decode(message.parts[0])).toBe(JSON.stringify(value))
    expect(roundTrip(message)).toEqual(value)
  })

  it('sends bytes raw in a binary frame, not as text, and they come back equal', () => {
    const bytes = new Uint8Array(200_001).map((_, i) => (i * 31) % 256)
    const message = encodeWire({ ok: true, value: { arrow: bytes, rowCount: 3, truncated: false } })
    expect(message.contentType).toBe(WIRE_CONTENT_TYPE)
    // The bytes are handed over as they are (no copy, no base64), and the frame is barely larger.
    expect(message.parts).toContain(bytes)
    expect(message.byteLength).toBeLessThan(bytes.length + 200)
    const decoded = roundTrip(message) as { value: { arrow: Uint8Array; rowCount: number } }
    expect(decoded.value.arrow).toBeInstanceOf(Uint8Array)
    expect(decoded.value.arrow).toEqual(bytes)
    expect(decoded.value.rowCount).toBe(3)
  })

  it('places each byte array at an 8-byte aligned offset', () => {
    const message = encodeWire({ a: Uint8Array.of(1, 2, 3), b: new Uint8Array(16).fill(7) })
    const body = new Uint8Array(message.byteLength)
    let at = 0
    for (const part of message.parts) {
      body.set(part, at)
      at += part.length
    }
    const decoded = decodeWire(message.contentType, body) as { a: Uint8Array; b: Uint8Array }
    expect([...decoded.a]).toEqual([1, 2, 3])
    expect([...decoded.b]).toEqual(new Array(16).fill(7))
    expect(decoded.a.byteOffset % 8).toBe(0)
    expect(decoded.b.byteOffset % 8).toBe(0)
  })

  it('encodes a Node Buffer as bytes, not as its toJSON form', () => {
    const decoded = roundTrip(encodeWire({ value: Buffer.from([1, 2, 255]) })) as { value: Uint8Array }
    expect(decoded.value).toBeInstanceOf(Uint8Array)
    expect([...decoded.value]).toEqual([1, 2, 255])
  })

  it('leaves an object that merely has a $bytes key among others alone', () => {
    const value = { $bytes: 'AAAA', other: 1, data: Uint8Array.of(9) }
    expect(roundTrip(encodeWire(value))).toEqual({ $bytes: 'AAAA', other: 1, data: Uint8Array.of(9) })
  })

  it('refuses a frame whose references point outside it, or with a bad header', () => {
    const message = encodeWire({ data: new Uint8Array(8) })
    const body = new Uint8Array(message.byteLength)
    let at = 0
    for (const part of message.parts) {
      body.set(part, at)
      at += part.length
    }
    expect(() => decodeWire(WIRE_CONTENT_TYPE, body.subarray(0, body.length - 8))).toThrow(/past the end/)
    expect(() => decodeWire(WIRE_CONTENT_TYPE, Uint8Array.of(1, 2, 3))).toThrow(/header/)
    expect(() => decodeWire(JSON_CONTENT_TYPE, new TextEncoder().encode('{not json'))).toThrow()
  })
})
