/**
 * Dates, timestamps and times of day read from text as whole numbers of the column's unit,
 * with integer arithmetic only. JavaScript's Date holds milliseconds, so reading
 * `12:34:56.123456` through it would cut the microseconds; here every digit is kept, and a
 * digit the unit cannot hold is refused rather than dropped.
 */
import type { TimeUnitName } from './schema-spec'

/** Why a text is not a valid date, time or timestamp. */
export class TimeTextError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TimeTextError'
  }
}

/** Units per second. */
export const PER_SECOND: Readonly<Record<TimeUnitName, bigint>> = { s: 1n, ms: 1_000n, us: 1_000_000n, ns: 1_000_000_000n }
/** Fraction digits each unit holds. */
export const UNIT_DIGITS: Readonly<Record<TimeUnitName, number>> = { s: 0, ms: 3, us: 6, ns: 9 }

const DATE = /^([+-]?\d{4,6})-(\d{2})-(\d{2})$/
const TIMESTAMP = /^([+-]?\d{4,6})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(?:\s*([Zz]|[+-]\d{2}(?::?\d{2})?))?$/
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?$/

/** A timestamp text read as local fields, its fraction digits, and the offset it gives (minutes), if any. */
export interface TimestampText {
  /** Seconds since 1970-01-01T00:00:00 of the written wall-clock time, before any offset. */
  readonly localSeconds: bigint
  /** The fraction of a second as written (`"123456"`), possibly empty. */
  readonly fraction: string
  /** Minutes east of UTC the text states (`Z` is 0), or null when it states no zone. */
  readonly offsetMinutes: number | null
}

/** Days since 1970-01-01 of a date of the proleptic Gregorian calendar. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

function checkedDays(year: string, month: string, day: string): number {
  const y = Number(year)
  const m = Number(month)
  const d = Number(day)
  if (m < 1 || m > 12) throw new TimeTextError(`month ${month} does not exist`)
  if (d < 1 || d > daysInMonth(y, m)) throw new TimeTextError(`day ${day} does not exist in ${year}-${month}`)
  return daysFromCivil(y, m, d)
}

function checkedSeconds(hour: string, minute: string, second: string | undefined): number {
  const h = Number(hour)
  const m = Number(minute)
  const s = Number(second ?? '0')
  if (h > 23 || m > 59 || s > 59) throw new TimeTextError(`${hour}:${minute}${second === undefined ? '' : `:${second}`} is not a time of day`)
  return h * 3600 + m * 60 + s
}

/** Days since 1970 of a `YYYY-MM-DD` text, or null when the text is not one. */
export function parseDateText(text: string): number | null {
  const match = DATE.exec(text.trim())
  if (!match) return null
  return checkedDays(match[1]!, match[2]!, match[3]!)
}

/** The parts of an ISO 8601 date and time (a date alone is its midnight), or null when the text is not one. */
export function parseTimestampText(text: string): TimestampText | null {
  const match = TIMESTAMP.exec(text.trim())
  if (!match) return null
  const [, year, month, day, hour, minute, second, fraction, zone] = match
  const days = checkedDays(year!, month!, day!)
  const seconds = hour === undefined ? 0 : checkedSeconds(hour, minute!, second)
  return { localSeconds: BigInt(days) * 86_400n + BigInt(seconds), fraction: fraction ?? '', offsetMinutes: zone === undefined ? null : offsetOf(zone) }
}

function offsetOf(zone: string): number {
  if (zone === 'Z' || zone === 'z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = Number(digits.slice(2) || '0')
  if (hours > 23 || minutes > 59) throw new TimeTextError(`the offset ${zone} does not exist`)
  return sign * (hours * 60 + minutes)
}

/** The time of day of `HH:MM[:SS[.fraction]]` as a count of `unit` since midnight, or null when the text is not one. */
export function parseTimeOfDayText(text: string, unit: TimeUnitName): bigint | null {
  const match = TIME_OF_DAY.exec(text.trim())
  if (!match) return null
  const [, hour, minute, second, fraction] = match
  return BigInt(checkedSeconds(hour!, minute!, second)) * PER_SECOND[unit] + fractionIn(fraction ?? '', unit)
}

/** A fraction of a second (its digits) as a count of `unit`; digits finer than the unit must be zeros. */
export function fractionIn(fraction: string, unit: TimeUnitName): bigint {
  const digits = UNIT_DIGITS[unit]
  const kept = fraction.slice(0, digits)
  const rest = fraction.slice(digits)
  if (/[1-9]/.test(rest)) {
    const finer = unitForFraction(fraction)
    throw new TimeTextError(
      UNIT_DIGITS[finer] >= fraction.replace(/0+$/, '').length
        ? `it has ${fraction.length} digits after the second, more than the unit ${unit} holds; choose the unit ${finer}`
        : `it has ${fraction.length} digits after the second; the finest unit, ns, holds 9`
    )
  }
  return kept === '' ? 0n : BigInt(kept.padEnd(digits, '0'))
}

const TIME_UNITS_BY_DIGITS: readonly TimeUnitName[] = ['s', 'ms', 'us', 'ns']

/** The finest unit a fraction needs: `s` for none, `ms` up to 3 digits, `us` up to 6, else `ns`. */
export function unitForFraction(fraction: string): TimeUnitName {
  const significant = fraction.replace(/0+$/, '').length
  return TIME_UNITS_BY_DIGITS.find((u) => UNIT_DIGITS[u] >= significant) ?? 'ns'
}

/**
 * Minutes east of UTC of `zone` at the instant `utcMillis`: 0 for UTC, the offset itself
 * for `+01:00`, and for an IANA name what this runtime's time zone data says.
 */
export function zoneOffsetMinutes(zone: string, utcMillis: number): number {
  if (/^(UTC|Etc\/UTC|GMT|Z)$/i.test(zone)) return 0
  if (/^[+-]\d{2}(:?\d{2})?$/.test(zone)) return offsetOf(zone)
  const parts = zoneFormat(zone).formatToParts(new Date(utcMillis))
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const wall = daysFromCivil(part('year'), part('month'), part('day')) * 86_400 + part('hour') * 3600 + part('minute') * 60 + part('second')
  return Math.round((wall - Math.floor(utcMillis / 1000)) / 60)
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone: making one is far slower than using it, and an import asks per value. */
function zoneFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric'
    })
    formats.set(zone, format)
  }
  return format
}

/**
 * Seconds since 1970 (UTC) of a wall-clock time in `zone`. The offset is looked up at the
 * instant the wall time would be in UTC, then once more at the corrected instant, which
 * settles on the zone's offset either side of a change.
 */
export function wallSecondsToUtc(localSeconds: bigint, zone: string): bigint {
  const first = zoneOffsetMinutes(zone, Number(localSeconds) * 1000)
  const second = zoneOffsetMinutes(zone, (Number(localSeconds) - first * 60) * 1000)
  return localSeconds - BigInt(second * 60)
}

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/**
 * A timestamp text as a count of `unit` since 1970-01-01T00:00:00Z. A text with an offset is
 * that instant; one without is read in `zone` (the column's), or as written (UTC wall
 * clock) for a zone-less column.
 */
export function timestampCount(text: TimestampText, unit: TimeUnitName, zone: string | null): bigint {
  let seconds = text.localSeconds
  if (text.offsetMinutes !== null) seconds -= BigInt(text.offsetMinutes * 60)
  else if (zone !== null) seconds = wallSecondsToUtc(seconds, zone)
  const count = seconds * PER_SECOND[unit] + fractionIn(text.fraction, unit)
  if (count < INT64_MIN || count > INT64_MAX)
    throw new TimeTextError(`it is outside the range a timestamp in ${unit} holds (about ±292 years around 1970 for ns)`)
  return count
}

/**
 * A timestamp already held as a count of a unit since 1970 (UTC), as Arrow and Parquet files
 * store it: rows read from those keep it whole instead of a millisecond Date.
 */
export class TimeCount {
  constructor(
    readonly count: bigint,
    readonly unit: TimeUnitName
  ) {}

  /** The count in `unit`; a coarser unit must not cut a digit. */
  in(unit: TimeUnitName): bigint {
    const from = PER_SECOND[this.unit]
    const to = PER_SECOND[unit]
    if (to >= from) return this.count * (to / from)
    if (this.count % (from / to) !== 0n) throw new TimeTextError(`it holds a fraction finer than the unit ${unit}; choose the unit ${this.unit}`)
    return this.count / (from / to)
  }

  /** ISO 8601 in UTC with every digit of the unit, for previews and messages. */
  toJSON(): string {
    const per = PER_SECOND[this.unit]
    let seconds = this.count / per
    let fraction = this.count % per
    if (fraction < 0n) {
      seconds -= 1n
      fraction += per
    }
    const whole = new Date(Number(seconds) * 1000).toISOString().slice(0, 19)
    return UNIT_DIGITS[this.unit] === 0 ? `${whole}Z` : `${whole}.${String(fraction).padStart(UNIT_DIGITS[this.unit], '0')}Z`
  }
}
