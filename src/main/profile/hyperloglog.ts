/**
 * HyperLogLog (Flajolet, Fusy, Gandouet and Meunier, 2007) over 2^12 registers, with the
 * small-range correction (linear counting) of the published definition. Each value is
 * hashed to 64 bits, so the large-range correction of the 32-bit original is not needed.
 * The standard error is 1.04 / sqrt(m) = 1.625% for m = 4096.
 */

/** log2 of the number of registers. */
const P = 12
const M = 1 << P
const ALPHA = 0.7213 / (1 + 1.079 / M)

/** Murmur3's 32-bit finaliser: spreads every input bit over the output. */
function fmix32(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

const scratch = new DataView(new ArrayBuffer(8))

/** The two 32-bit words of the last `hashUtf8`, read before the next call. */
export const HASH = new Uint32Array(2)

/**
 * Hashes the bytes [start, end) to 64 bits in two lanes (Murmur3's multipliers and
 * rotations, each lane finished by fmix32), into HASH: a string column's values are
 * hashed from the column's own UTF-8 buffer, without making a string of each.
 */
export function hashUtf8(bytes: Uint8Array, start: number, end: number): void {
  const length = end - start
  let a = 0x1b873593 ^ length
  let b = 0xe6546b64 ^ length
  for (let i = start; i < end; i++) {
    const c = bytes[i]!
    a = Math.imul(a ^ c, 0xcc9e2d51)
    a = (a << 15) | (a >>> 17)
    b = Math.imul(b ^ c, 0x1b873593)
    b = (b << 13) | (b >>> 19)
  }
  HASH[0] = fmix32(a >>> 0)
  HASH[1] = fmix32((b ^ a) >>> 0)
}

const encoder = new TextEncoder()
let encoded = new Uint8Array(256)

/** `value`'s UTF-8 bytes in a reused buffer: its `length` bytes of `buffer`. */
export function utf8(value: string): { readonly buffer: Uint8Array; readonly length: number } {
  if (encoded.length < value.length * 3) encoded = new Uint8Array(value.length * 3)
  const { written } = encoder.encodeInto(value, encoded)
  return { buffer: encoded, length: written }
}

/** A distinct-count estimator of bounded memory (4 KiB). */
export class HyperLogLog {
  readonly #registers = new Uint8Array(M)

  /** Adds a value given as two 32-bit words (its 64 bits). */
  addWords(low: number, high: number): void {
    const h1 = fmix32((low ^ fmix32(high ^ 0x9e3779b9)) >>> 0)
    const h2 = fmix32((high ^ fmix32(low ^ 0x85ebca6b) ^ 0x27d4eb2f) >>> 0)
    this.#add(h1, h2)
  }

  /** Adds a float (by its IEEE-754 bits; -0 and 0 are one value). */
  addNumber(value: number): void {
    scratch.setFloat64(0, value === 0 ? 0 : value, true)
    this.addWords(scratch.getUint32(0, true), scratch.getUint32(4, true))
  }

  /** Adds a 64-bit integer. */
  addBigInt(value: bigint): void {
    scratch.setBigUint64(0, BigInt.asUintN(64, value), true)
    this.addWords(scratch.getUint32(0, true), scratch.getUint32(4, true))
  }

  /** Adds a string (by its UTF-8 bytes, as `hashUtf8` hashes them). */
  addString(value: string): void {
    const bytes = utf8(value)
    hashUtf8(bytes.buffer, 0, bytes.length)
    this.addWords(HASH[0]!, HASH[1]!)
  }

  #add(h1: number, h2: number): void {
    const index = h1 >>> (32 - P)
    // The position of the first 1 bit in the remaining 52 bits (20 of h1, then h2).
    const rest = (h1 << P) >>> 0
    const rank = rest !== 0 ? Math.clz32(rest) + 1 : h2 !== 0 ? 32 - P + Math.clz32(h2) + 1 : 64 - P + 1
    if (rank > this.#registers[index]!) this.#registers[index] = rank
  }

  /** The estimated number of distinct values added. */
  estimate(): number {
    let sum = 0
    let zeros = 0
    for (const register of this.#registers) {
      sum += 2 ** -register
      if (register === 0) zeros++
    }
    const raw = (ALPHA * M * M) / sum
    if (raw <= 2.5 * M && zeros > 0) return Math.round(M * Math.log(M / zeros))
    return Math.round(raw)
  }
}

/** The estimator's standard error, 1.04 / sqrt(m). */
export const HLL_ERROR = 1.04 / Math.sqrt(M)
