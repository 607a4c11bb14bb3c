/**
 * One accumulator per column, fed Arrow record batches (chunk by chunk, reading the
 * buffers directly) and finished into a column's profile. Which accumulator a column gets
 * follows its Arrow type: numbers, temporal and decimal values; strings; booleans;
 * vectors (fixed-size lists of floats); other lists; bytes (fed sizes and first bytes,
 * not whole cells); anything else is counted with its nulls.
 */
import { DateUnit, Type, type TimeUnit, type Data, type DataType, type Field } from 'apache-arrow'
import type { ColumnDetail, ColumnProfile, DistinctCount, NumberDomain, NumberSummary } from '../../shared/contract/column-profile'
import { KEPT_STRINGS_BUDGET, KEPT_VALUES_BUDGET, PROFILE_EXACT_DISTINCT, PROFILE_EXACT_QUANTILE_VALUES, TOP_VALUES } from './profile-bounds'
import { detectMedia } from '../../shared/media-kind'
import { NumberStream, type NumberFormat } from './number-stats'
import { TopValues } from './top-values'
import { booleanFilter, dateLiteral, equalsFilter, rangeFilter, timestampLiteral } from './filter-sql'

/** A cell of a bytes column as main read it: its size (null when unknown), its first bytes (null when unread), or null. */
export type ByteCell = { readonly size: number | null; readonly head: Uint8Array | null } | null

/** What every accumulator does. */
export interface ColumnAccumulator {
  /** Adds one chunk of the column's values. */
  addData(data: Data): void
  /** Adds cells of a bytes column. */
  addCells(cells: readonly ByteCell[]): void
  finish(): ColumnProfile
}

const UNITS = ['s', 'ms', 'us', 'ns'] as const

/**
 * Values each column keeps for exact quantiles, read when its accumulator is made: at
 * most PROFILE_EXACT_QUANTILE_VALUES, less when many columns share KEPT_VALUES_BUDGET (a
 * wide table would otherwise keep 8 bytes a value for every one of its columns).
 */
let keepLimit = PROFILE_EXACT_QUANTILE_VALUES
/** Values each column's kept values are allocated for at first: the rows the profile reads, up to keepLimit. */
let keepStart = 1_024
/** Distinct strings each string column counts exactly: PROFILE_EXACT_DISTINCT, or its share of KEPT_STRINGS_BUDGET. */
let distinctLimit = PROFILE_EXACT_DISTINCT

/** Values each of `columns` columns may keep: its share of the budget, between 1,024 and PROFILE_EXACT_QUANTILE_VALUES. */
export function keptValuesPerColumn(columns: number): number {
  return Math.max(1_024, Math.min(PROFILE_EXACT_QUANTILE_VALUES, Math.floor(KEPT_VALUES_BUDGET / Math.max(1, columns))))
}

/**
 * Shares the kept-values budget between a profile's `columns`, for the accumulators made
 * next; with the `rows` it reads, their kept values are allocated once at their size
 * rather than grown by doubling (which copied each value about once more).
 */
export function shareKeptValues(columns: number, rows?: number): void {
  keepLimit = keptValuesPerColumn(columns)
  keepStart = Math.max(1, Math.min(keepLimit, rows ?? 1_024))
  distinctLimit = Math.max(1_024, Math.min(PROFILE_EXACT_DISTINCT, Math.floor(KEPT_STRINGS_BUDGET / Math.max(1, columns))))
}

function valid(data: Data, i: number): boolean {
  if (data.nullCount === 0) return true
  const bitmap = data.nullBitmap
  if (!bitmap || bitmap.length === 0) return data.typeId !== Type.Null
  const at = data.offset + i
  return (bitmap[at >> 3]! & (1 << (at & 7))) !== 0
}

/** Counts rows and nulls; the base of every accumulator. */
abstract class Base implements ColumnAccumulator {
  rows = 0
  nulls = 0
  constructor(
    readonly name: string,
    readonly type: string
  ) {}

  addData(data: Data): void {
    this.rows += data.length
    const nulls = data.typeId === Type.Null ? data.length : data.nullCount
    this.nulls += nulls
    for (let i = 0; i < data.length; i++) if (nulls === 0 || valid(data, i)) this.value(data, i)
  }

  addCells(_cells: readonly ByteCell[]): void {}

  /** One valid value at row `i` of `data`. */
  protected abstract value(data: Data, i: number): void
  protected abstract detail(): { detail: ColumnDetail; distinct: ColumnProfile['distinct'] }

  finish(): ColumnProfile {
    const { detail, distinct } = this.detail()
    return {
      name: this.name,
      type: this.type,
      count: this.rows,
      nulls: this.nulls,
      nullPercent: this.rows === 0 ? 0 : (100 * this.nulls) / this.rows,
      distinct,
      detail
    }
  }
}

class OtherColumn extends Base {
  protected value(): void {}
  protected detail(): { detail: ColumnDetail; distinct: null } {
    return { detail: { kind: 'other' }, distinct: null }
  }
}

/** A number summary from a stream and its domain, and the stream's distinct count. */
function summarise(
  stream: NumberStream,
  format: NumberFormat,
  domain: NumberDomain,
  extra: Partial<NumberSummary> = {},
  scale = 1
): { numbers: NumberSummary; distinct: DistinctCount } {
  const { distinct, ...stats } = stream.finish(format)
  const numbers = {
    domain,
    ...extra,
    ...stats,
    mean: stats.mean === null ? null : stats.mean / scale,
    std: stats.std === null ? null : stats.std / scale
  }
  return { numbers, distinct }
}

/** A number summary from a stream and its domain. */
function summary(stream: NumberStream, format: NumberFormat, domain: NumberDomain, extra: Partial<NumberSummary> = {}, scale = 1): NumberSummary {
  return summarise(stream, format, domain, extra, scale).numbers
}

/** Plain numbers: lengths, sizes, norms (no filter). */
const PLAIN: NumberFormat = { text: (v) => String(v), filter: null }

interface NumberPlan {
  readonly domain: NumberDomain
  readonly integers: boolean
  readonly unsigned: boolean
  readonly unit?: string
  readonly timezone?: string | null
  readonly scale?: number
  readonly format: NumberFormat
}

/** How a chunk's values are read: straight from a typed array of numbers or of 64-bit integers, or one by one. */
type ValueAccess = 'numbers' | 'bigints' | 'each'

/** Ints, floats, decimals, dates, times, timestamps and durations. */
class NumberColumn extends Base {
  readonly stream: NumberStream
  nan = 0
  infinite = 0
  readonly #read: (data: Data, i: number) => number | bigint
  readonly #access: ValueAccess

  constructor(
    name: string,
    type: string,
    readonly plan: NumberPlan,
    arrowType: DataType
  ) {
    super(name, type)
    this.stream = new NumberStream(plan.integers, plan.unsigned, keepLimit, keepStart)
    this.#read = reader(arrowType)
    this.#access = access(arrowType)
  }

  /** The common types in tight loops over their typed arrays; the rest value by value. */
  override addData(data: Data): void {
    if (this.#access === 'each') return super.addData(data)
    this.rows += data.length
    const nulls = data.nullCount
    this.nulls += nulls
    const bitmap = nulls === 0 ? null : data.nullBitmap
    const offset = data.offset
    const length = data.length
    const stream = this.stream
    if (this.#access === 'bigints') {
      const values = data.values as BigInt64Array | BigUint64Array
      // Read as 32-bit halves, so a value within 2^53 makes no bigint; only larger ones do.
      const words = new Int32Array(values.buffer, values.byteOffset, length * 2)
      const unsigned = values instanceof BigUint64Array
      for (let i = 0; i < length; i++) {
        if (bitmap !== null && (bitmap[(offset + i) >> 3]! & (1 << ((offset + i) & 7))) === 0) continue
        const low = words[2 * i]! >>> 0
        const high = unsigned ? words[2 * i + 1]! >>> 0 : words[2 * i + 1]!
        const near = high * 4294967296 + low
        if (high >= -2097152 && high < 2097152 && Number.isSafeInteger(near)) stream.add(near)
        else stream.addBig(values[i]!)
      }
      return
    }
    const values = data.values as Float64Array | Float32Array | Int32Array
    const integers = this.plan.integers
    for (let i = 0; i < length; i++) {
      if (bitmap !== null && (bitmap[(offset + i) >> 3]! & (1 << ((offset + i) & 7))) === 0) continue
      const value = values[i]!
      if (integers || Number.isFinite(value)) stream.add(value)
      else if (Number.isNaN(value)) this.nan++
      else this.infinite++
    }
  }

  protected value(data: Data, i: number): void {
    const value = this.#read(data, i)
    if (typeof value === 'bigint') {
      const near = Number(value)
      if (Number.isSafeInteger(near)) this.stream.add(near)
      else this.stream.addBig(value)
      return
    }
    if (Number.isNaN(value)) this.nan++
    else if (!Number.isFinite(value)) this.infinite++
    else this.stream.add(value)
  }

  protected detail(): { detail: ColumnDetail; distinct: ColumnProfile['distinct'] } {
    const plan = this.plan
    const extra: Partial<NumberSummary> = {}
    if (plan.unit !== undefined) Object.assign(extra, { unit: plan.unit })
    if (plan.timezone !== undefined) Object.assign(extra, { timezone: plan.timezone })
    if (plan.scale !== undefined) Object.assign(extra, { scale: plan.scale })
    const { numbers, distinct } = summarise(this.stream, plan.format, plan.domain, extra, plan.scale === undefined ? 1 : 10 ** plan.scale)
    return { detail: { kind: 'number', numbers, nan: this.nan, infinite: this.infinite }, distinct }
  }
}

/** Whether a type's values are one typed-array element per row (read in a tight loop). */
function access(type: DataType): ValueAccess {
  switch (type.typeId) {
    case Type.Decimal:
      return 'each'
    case Type.Float:
      return (type as unknown as { precision: number }).precision === 0 ? 'each' : 'numbers'
    case Type.Int:
      return (type as unknown as { bitWidth: number }).bitWidth === 64 ? 'bigints' : 'numbers'
    case Type.Date:
      return (type as unknown as { unit: DateUnit }).unit === DateUnit.DAY ? 'numbers' : 'bigints'
    case Type.Time:
      return (type as unknown as { bitWidth: number }).bitWidth === 64 ? 'bigints' : 'numbers'
    case Type.Timestamp:
    case Type.Duration:
      return 'bigints'
    default:
      return 'each'
  }
}

/** How to read value `i` of a chunk of this type. */
function reader(type: DataType): (data: Data, i: number) => number | bigint {
  switch (type.typeId) {
    case Type.Decimal: {
      const words = (type as unknown as { bitWidth: number }).bitWidth / 32
      return (data, i) => decimalValue(data.values as Uint32Array, i * words, words)
    }
    case Type.Float:
      if ((type as unknown as { precision: number }).precision === 0) return (data, i) => halfFloat((data.values as Uint16Array)[i]!)
      return (data, i) => (data.values as Float64Array)[i]!
    default:
      // Ints, dates, times, timestamps, durations: one typed-array value per row.
      return (data, i) => (data.values as Int32Array | BigInt64Array)[i]!
  }
}

/** A decimal's unscaled value from its little-endian 32-bit words, two's complement. */
function decimalValue(words: Uint32Array, at: number, count: number): bigint {
  let value = 0n
  for (let w = count - 1; w >= 0; w--) value = (value << 32n) | BigInt(words[at + w]!)
  return BigInt.asIntN(count * 32, value)
}

/** An IEEE-754 half float's value. */
function halfFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1
  const exponent = (bits >> 10) & 0x1f
  const fraction = bits & 0x3ff
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024)
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024)
}

/** A decimal's unscaled integer written with its point. */
function decimalText(value: bigint, scale: number): string {
  if (scale <= 0) return (value * 10n ** BigInt(-scale)).toString()
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0')
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`
}

/** The plan for a numeric Arrow type, or null for a type that is not one. */
function numberPlan(column: string, type: DataType): NumberPlan | null {
  const range =
    (literal: (v: number | bigint) => string): NumberFormat['filter'] =>
    (low, high, closed) =>
      rangeFilter(column, literal(low), literal(high), closed)
  const plain = (v: number | bigint): string => String(v)
  switch (type.typeId) {
    case Type.Int: {
      const { bitWidth, isSigned } = type as unknown as { bitWidth: number; isSigned: boolean }
      return { domain: 'int', integers: true, unsigned: !isSigned && bitWidth === 64, format: { text: plain, filter: range(plain) } }
    }
    case Type.Float:
      return { domain: 'float', integers: false, unsigned: false, format: { text: plain, filter: range(plain) } }
    case Type.Decimal: {
      const scale = (type as unknown as { scale: number }).scale
      const text = (v: number | bigint): string => decimalText(BigInt(v), scale)
      return { domain: 'decimal', integers: true, unsigned: false, scale, format: { text, filter: range(text) } }
    }
    case Type.Timestamp: {
      const { unit, timezone } = type as unknown as { unit: TimeUnit; timezone: string | null }
      const name = UNITS[unit]!
      const literal = (v: number | bigint): string => timestampLiteral(BigInt(v), name)
      return { domain: 'timestamp', integers: true, unsigned: false, unit: name, timezone: timezone ?? null, format: { text: plain, filter: range(literal) } }
    }
    case Type.Date: {
      const day = (type as unknown as { unit: DateUnit }).unit === DateUnit.DAY
      const filter = day ? range((v) => dateLiteral(BigInt(v))) : range((v) => timestampLiteral(BigInt(v), 'ms'))
      return { domain: 'date', integers: true, unsigned: false, unit: day ? 'day' : 'ms', format: { text: plain, filter } }
    }
    case Type.Time:
      return {
        domain: 'time',
        integers: true,
        unsigned: false,
        unit: UNITS[(type as unknown as { unit: TimeUnit }).unit]!,
        format: { text: plain, filter: null }
      }
    case Type.Duration:
      return {
        domain: 'duration',
        integers: true,
        unsigned: false,
        unit: UNITS[(type as unknown as { unit: TimeUnit }).unit]!,
        format: { text: plain, filter: null }
      }
    default:
      return null
  }
}

/** Utf8 and LargeUtf8. */
class StringColumn extends Base {
  readonly top = new TopValues(distinctLimit)
  readonly lengths = new NumberStream(true, false, keepLimit, keepStart)
  empty = 0

  override addData(data: Data): void {
    this.rows += data.length
    const nulls = data.nullCount
    this.nulls += nulls
    const bitmap = nulls === 0 ? null : data.nullBitmap
    const offsets = data.valueOffsets as Int32Array | BigInt64Array
    const bytes = data.values as Uint8Array
    const wide = offsets instanceof BigInt64Array
    // Values are counted by their bytes (./top-values.ts); only their lengths in characters
    // need a look at the bytes, and ASCII text (the common case) has one per byte.
    const first = Number(offsets[0]!)
    const last = Number(offsets[data.length]!)
    let ascii = true
    for (let b = first; b < last; b++) {
      if (bytes[b]! >= 0x80) {
        ascii = false
        break
      }
    }
    for (let i = 0; i < data.length; i++) {
      const at = data.offset + i
      if (bitmap !== null && (bitmap[at >> 3]! & (1 << (at & 7))) === 0) continue
      const start = wide ? Number(offsets[i]!) : (offsets[i] as number)
      const end = wide ? Number(offsets[i + 1]!) : (offsets[i + 1] as number)
      let characters = end - start
      if (!ascii) {
        characters = 0
        for (let b = start; b < end; b++) if ((bytes[b]! & 0xc0) !== 0x80) characters++
      }
      this.lengths.add(characters)
      if (characters === 0) this.empty++
      this.top.addUtf8(bytes, start, end)
    }
  }

  protected value(): void {}

  protected detail(): { detail: ColumnDetail; distinct: ColumnProfile['distinct'] } {
    const top = this.top.top(TOP_VALUES).map(({ value, count }) => ({ value, count, filter: equalsFilter(this.name, value) }))
    return {
      detail: { kind: 'string', top, topExact: this.top.exact, empty: this.empty, lengths: summary(this.lengths, PLAIN, 'int') },
      distinct: this.top.distinct()
    }
  }
}

class BooleanColumn extends Base {
  trueCount = 0
  falseCount = 0

  protected value(data: Data, i: number): void {
    const at = data.offset + i
    if (((data.values as Uint8Array)[at >> 3]! & (1 << (at & 7))) !== 0) this.trueCount++
    else this.falseCount++
  }

  protected detail(): { detail: ColumnDetail; distinct: ColumnProfile['distinct'] } {
    const distinct = (this.trueCount > 0 ? 1 : 0) + (this.falseCount > 0 ? 1 : 0)
    return {
      detail: {
        kind: 'boolean',
        trueCount: this.trueCount,
        falseCount: this.falseCount,
        trueFilter: booleanFilter(this.name, true),
        falseFilter: booleanFilter(this.name, false)
      },
      distinct: { value: distinct, method: 'exact' }
    }
  }
}

/** Fixed-size lists of floats: dimension, norms, zero and NaN vectors. */
class VectorColumn extends Base {
  readonly norms = new NumberStream(false, false, keepLimit, keepStart)
  zero = 0
  nanVectors = 0
  notNormal = 0

  constructor(
    name: string,
    type: string,
    readonly dimension: number
  ) {
    super(name, type)
  }

  protected value(data: Data, i: number): void {
    const child = data.children[0]!
    const values = child.typeId === Type.Float && (child.type as unknown as { precision: number }).precision !== 0 ? (child.values as Float32Array) : null
    const dimension = this.dimension
    // Decoded IPC chunks start at offset 0; a sliced chunk's child is read from its own start.
    const start = (data.offset + i) * dimension
    let sum = 0
    for (let k = 0; k < dimension; k++) {
      const x = values ? values[start + k]! : halfFloat((child.values as Uint16Array)[start + k]!)
      sum += x * x
    }
    if (Number.isNaN(sum)) {
      this.nanVectors++
      return
    }
    const norm = Math.sqrt(sum)
    if (norm === 0) this.zero++
    if (Math.abs(norm - 1) > 1e-3) this.notNormal++
    this.norms.add(norm)
  }

  protected detail(): { detail: ColumnDetail; distinct: null } {
    return {
      detail: {
        kind: 'vector',
        dimension: this.dimension,
        norms: summary(this.norms, PLAIN, 'float'),
        zeroVectors: this.zero,
        nanVectors: this.nanVectors,
        normalised: this.norms.count > 0 && this.notNormal === 0
      },
      distinct: null
    }
  }
}

/** Lists, large lists and fixed-size lists of anything else: their lengths. */
class ListColumn extends Base {
  readonly lengths = new NumberStream(true, false, keepLimit, keepStart)

  constructor(
    name: string,
    type: string,
    readonly fixed: number | null
  ) {
    super(name, type)
  }

  protected value(data: Data, i: number): void {
    if (this.fixed !== null) return this.lengths.add(this.fixed)
    const offsets = data.valueOffsets as Int32Array | BigInt64Array
    this.lengths.add(Number(offsets[i + 1]!) - Number(offsets[i]!))
  }

  protected detail(): { detail: ColumnDetail; distinct: null } {
    return { detail: { kind: 'list', lengths: summary(this.lengths, PLAIN, 'int') }, distinct: null }
  }
}

/** Binary and blob columns: fed each cell's size and first bytes by main. */
class BytesColumn extends Base {
  readonly sizes = new NumberStream(true, false, keepLimit, keepStart)
  readonly media = new Map<string, number>()
  unread = 0

  protected value(): void {}

  override addCells(cells: readonly ByteCell[]): void {
    for (const cell of cells) {
      this.rows++
      if (cell === null) {
        this.nulls++
        continue
      }
      if (cell.size !== null) this.sizes.add(cell.size)
      if (cell.head === null) {
        this.unread++
        continue
      }
      const mime = detectMedia(cell.head).mime
      this.media.set(mime, (this.media.get(mime) ?? 0) + 1)
    }
  }

  protected detail(): { detail: ColumnDetail; distinct: null } {
    const media = [...this.media].sort((a, b) => b[1] - a[1]).map(([type, count]) => ({ type, count }))
    return { detail: { kind: 'bytes', sizes: summary(this.sizes, PLAIN, 'int'), media, unread: this.unread }, distinct: null }
  }
}

/** The accumulator for a column of Arrow type `field.type`; `bytes` for a column main feeds as cells. */
export function accumulatorFor(field: Field, type: string, bytes: boolean): ColumnAccumulator {
  const name = field.name
  if (bytes) return new BytesColumn(name, type)
  const arrowType = field.type as DataType
  const plan = numberPlan(name, arrowType)
  if (plan) return new NumberColumn(name, type, plan, arrowType)
  switch (arrowType.typeId) {
    case Type.Utf8:
    case Type.LargeUtf8:
      return new StringColumn(name, type)
    case Type.Bool:
      return new BooleanColumn(name, type)
    case Type.FixedSizeList: {
      const { listSize, children } = arrowType as unknown as { listSize: number; children: Field[] }
      const child = children[0]?.type as DataType | undefined
      if (child?.typeId === Type.Float) return new VectorColumn(name, type, listSize)
      return new ListColumn(name, type, listSize)
    }
    case Type.List:
    case Type.LargeList:
      return new ListColumn(name, type, null)
    default:
      return new OtherColumn(name, type)
  }
}

/** An accumulator for a bytes column whose Arrow type main does not read. */
export function bytesAccumulator(name: string, type: string): ColumnAccumulator {
  return new BytesColumn(name, type)
}
