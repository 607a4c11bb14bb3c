/**
 * A small protobuf wire-format reader for bytes from files that may be damaged or made to
 * harm: it walks a message's fields in order (varints, fixed 32/64-bit values and
 * length-delimited bytes, the wire types proto3 writes), checks every length against the
 * bytes left before taking a view, and never allocates from a declared length. Anything
 * that does not fit throws a WireError, which the caller turns into a reason.
 */

/** Bytes that are not a well-formed message of the expected shape. */
export class WireError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WireError'
  }
}

/** One field of a message: its number and wire type, with the value as the wire type holds it. */
export type WireField =
  | { readonly field: number; readonly wire: 'varint'; readonly value: bigint }
  | { readonly field: number; readonly wire: 'fixed64' | 'fixed32'; readonly bytes: Uint8Array }
  | { readonly field: number; readonly wire: 'bytes'; readonly bytes: Uint8Array }

/** Reads a varint at `at`; answers it and where the next byte is. At most 10 bytes, as a 64-bit value takes. */
export function readVarint(bytes: Uint8Array, at: number): { readonly value: bigint; readonly next: number } {
  let value = 0n
  for (let i = 0; i < 10; i++) {
    if (at + i >= bytes.length) throw new WireError('A number runs past the end of its message.')
    const byte = bytes[at + i]!
    value |= BigInt(byte & 0x7f) << BigInt(7 * i)
    if ((byte & 0x80) === 0) return { value: value & 0xffff_ffff_ffff_ffffn, next: at + i + 1 }
  }
  throw new WireError('A number is longer than ten bytes.')
}

/** The fields of the message in `bytes`, in the order written (views into `bytes`, not copies). */
export function* fieldsOf(bytes: Uint8Array): Generator<WireField> {
  let at = 0
  while (at < bytes.length) {
    const tag = readVarint(bytes, at)
    at = tag.next
    const field = Number(tag.value >> 3n)
    const type = Number(tag.value & 7n)
    if (field === 0 || field > 536_870_911) throw new WireError(`A field number of ${field} is out of range.`)
    if (type === 0) {
      const { value, next } = readVarint(bytes, at)
      at = next
      yield { field, wire: 'varint', value }
    } else if (type === 1 || type === 5) {
      const size = type === 1 ? 8 : 4
      if (at + size > bytes.length) throw new WireError('A fixed-size value runs past the end of its message.')
      yield { field, wire: type === 1 ? 'fixed64' : 'fixed32', bytes: bytes.subarray(at, at + size) }
      at += size
    } else if (type === 2) {
      const { value, next } = readVarint(bytes, at)
      if (value > BigInt(bytes.length - next)) throw new WireError(`A field declares ${value} bytes where ${bytes.length - next} are left.`)
      at = next + Number(value)
      yield { field, wire: 'bytes', bytes: bytes.subarray(next, at) }
    } else {
      // Groups (3, 4) are not written by proto3 writers; other types do not exist.
      throw new WireError(`Wire type ${type} is not one this reader takes.`)
    }
  }
}

/** A varint field's value as a safe whole number, or a WireError. */
export function safeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new WireError(`${what} is too large (${value}).`)
  return Number(value)
}

/** A repeated varint field's values, packed (one bytes field) or not (one varint field each). */
export function varintsOf(field: WireField, max: number): bigint[] {
  if (field.wire === 'varint') return [field.value]
  if (field.wire !== 'bytes') throw new WireError(`Field ${field.field} is not a list of numbers.`)
  const out: bigint[] = []
  let at = 0
  while (at < field.bytes.length) {
    if (out.length >= max) throw new WireError(`Field ${field.field} holds more than ${max} numbers.`)
    const { value, next } = readVarint(field.bytes, at)
    out.push(value)
    at = next
  }
  return out
}

const decoder = new TextDecoder('utf-8', { fatal: false })

/** A bytes field as text. */
export function textOf(field: WireField): string {
  if (field.wire !== 'bytes') throw new WireError(`Field ${field.field} is not text.`)
  return decoder.decode(field.bytes)
}
