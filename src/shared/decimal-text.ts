/**
 * Decimal values read from text (or a JSON number's source text) as the exact unscaled
 * integer of the column's scale, and laid out as Arrow's decimal words. No step goes
 * through a float, so `12345678901234567890.123456789` keeps every digit.
 */

/** Why a value is not a decimal of the column's precision and scale. */
export class DecimalTextError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DecimalTextError'
  }
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** The unscaled value of `text` at `scale` (`"1.25"` at scale 2 is 125n), checked against `precision`. */
export function unscaledDecimal(text: string, precision: number, scale: number): bigint {
  const match = DECIMAL.exec(text.trim())
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new DecimalTextError('is not a decimal number')
  const [, sign, whole, fraction = '', exponent = '0'] = match
  // Move the point by the exponent, then to the scale: digits are `whole + fraction` with `point` after the first `pointAt`.
  const digits = `${whole}${fraction}`
  const pointAt = (whole ?? '').length + Number(exponent)
  const shift = scale - (digits.length - pointAt)
  let unscaled: bigint
  if (shift >= 0) unscaled = BigInt(digits + '0'.repeat(shift))
  else {
    const dropped = digits.slice(digits.length + shift)
    if (/[1-9]/.test(dropped)) throw new DecimalTextError(`has more digits after the point than the scale (${scale}) holds`)
    unscaled = BigInt(digits.slice(0, digits.length + shift) || '0')
  }
  if (unscaled >= 10n ** BigInt(precision)) throw new DecimalTextError(`has more digits than the precision (${precision}) holds`)
  return sign === '-' ? -unscaled : unscaled
}

/** The text of an unscaled decimal at `scale`: 125n at scale 2 is `"1.25"`. */
export function decimalText(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0')
  const text = scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`
  return negative ? `-${text}` : text
}

/** Arrow's layout of decimals: `bitWidth / 32` little-endian 32-bit words per value, two's complement. */
export function decimalWords(values: readonly (bigint | null)[], bitWidth: number): Uint32Array {
  const per = bitWidth / 32
  const words = new Uint32Array(values.length * per)
  values.forEach((value, i) => {
    if (value === null) return
    let bits = BigInt.asUintN(bitWidth, value)
    for (let w = 0; w < per; w++) {
      words[i * per + w] = Number(bits & 0xffffffffn)
      bits >>= 32n
    }
  })
  return words
}

/** The signed value of one decimal from its words (the inverse of `decimalWords`). */
export function decimalFromWords(words: Uint32Array, index: number, bitWidth: number): bigint {
  const per = bitWidth / 32
  let bits = 0n
  for (let w = per - 1; w >= 0; w--) bits = (bits << 32n) | BigInt(words[index * per + w] ?? 0)
  return BigInt.asIntN(bitWidth, bits)
}
