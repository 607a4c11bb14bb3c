/**
 * Text for Arrow's time-like values: timestamps (in their column's zone), dates, times of
 * day, durations and intervals. Each keeps every digit its unit stores and never throws:
 * a value outside what a JavaScript Date can hold is shown as the stored number instead.
 * Shared: the grid shows cells with it, and exports write timestamps, dates and times of
 * day with it, so a file holds what the grid shows.
 */
import { IntervalUnit, TimeUnit } from 'apache-arrow'

const PER_SECOND: Readonly<Record<number, bigint>> = {
  [TimeUnit.SECOND]: 1n,
  [TimeUnit.MILLISECOND]: 1_000n,
  [TimeUnit.MICROSECOND]: 1_000_000n,
  [TimeUnit.NANOSECOND]: 1_000_000_000n
}

const UNIT_SUFFIX: Readonly<Record<number, string>> = {
  [TimeUnit.SECOND]: 's',
  [TimeUnit.MILLISECOND]: 'ms',
  [TimeUnit.MICROSECOND]: 'us',
  [TimeUnit.NANOSECOND]: 'ns'
}

/** Largest absolute millisecond count a Date accepts (ECMAScript's ±8.64e15). */
const MAX_DATE_MS = 8_640_000_000_000_000

/** Whole seconds and the fraction digits of a stored count of `unit`s (floor division). */
function split(raw: bigint, unit: TimeUnit): { seconds: bigint; fraction: string } {
  const perSecond = PER_SECOND[unit] ?? 1n
  let seconds = raw / perSecond
  let rest = raw % perSecond
  if (rest < 0n) {
    seconds -= 1n
    rest += perSecond
  }
  const digits = perSecond.toString().length - 1
  return { seconds, fraction: digits > 0 ? `.${rest.toString().padStart(digits, '0')}` : '' }
}

/**
 * A stored timestamp as ISO 8601, keeping every digit its unit holds. Without a zone it is
 * a wall-clock time (no suffix); with one it is shown in that zone with its offset
 * (`+01:00`, or `Z` for UTC). A zone the runtime does not know is shown in UTC and named.
 */
export function timestampIso(raw: bigint, unit: TimeUnit, timezone: string | null | undefined): string {
  const shown = timestampOrUtc(raw, unit, timezone)
  if (shown === null) return `${raw.toString()} ${UNIT_SUFFIX[unit] ?? ''} since 1970 (out of range)`
  return shown.inUtc ? `${shown.text} (UTC; unknown zone ${timezone ?? ''})` : shown.text
}

/**
 * The rule the grid and exports share for a timestamp that cannot be written in its zone:
 * `timestampText` in the column's zone, else in UTC when the runtime does not know the
 * zone (`inUtc` says so), else null when no JavaScript Date can hold the value.
 */
export function timestampOrUtc(raw: bigint, unit: TimeUnit, timezone: string | null | undefined): { text: string; inUtc: boolean } | null {
  const text = timestampText(raw, unit, timezone)
  if (text !== null) return { text, inUtc: false }
  const utc = timestampText(raw, unit, 'UTC')
  return utc === null ? null : { text: utc, inUtc: true }
}

/**
 * The one ISO 8601 form of a stored timestamp, which the grid shows and exports write, so a
 * file read back gets the same type: no suffix without a zone, the zone's offset with one
 * (`Z` for UTC). Null when a JavaScript Date cannot hold the value or the zone is unknown.
 */
export function timestampText(raw: bigint, unit: TimeUnit, timezone: string | null | undefined): string | null {
  const { seconds, fraction } = split(raw, unit)
  const ms = Number(seconds) * 1000
  if (!(Math.abs(ms) <= MAX_DATE_MS)) return null
  if (!timezone) return `${new Date(ms).toISOString().slice(0, 19)}${fraction}`
  const zoned = inZone(ms, timezone)
  return zoned === null ? null : `${zoned.local}${fraction}${zoned.offset}`
}

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>()

/** The wall-clock time and UTC offset of `ms` in `timezone`, or null for an unknown zone. */
function inZone(ms: number, timezone: string): { local: string; offset: string } | null {
  // Arrow also allows a fixed offset as the zone ("+05:30"); not every Intl knows those.
  const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec(timezone)
  if (fixed) {
    const minutes = (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3]))
    const shifted = ms + minutes * 60_000
    if (!(Math.abs(shifted) <= MAX_DATE_MS)) return null
    return { local: new Date(shifted).toISOString().slice(0, 19), offset: minutes === 0 ? 'Z' : `${fixed[1]}${fixed[2]}:${fixed[3]}` }
  }
  let format = zoneFormats.get(timezone)
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'longOffset'
      })
    } catch {
      format = null
    }
    zoneFormats.set(timezone, format)
  }
  if (format === null) return null
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]))
  // "GMT" alone is a zero offset; otherwise "GMT+01:00". UTC itself keeps ISO's `Z`.
  const name = parts['timeZoneName'] ?? 'GMT'
  const offset = name === 'GMT' || name === 'GMT+00:00' ? (/^(utc|etc\/utc|gmt|z)$/i.test(timezone) ? 'Z' : '+00:00') : name.replace(/^GMT/, '')
  const year = (parts['year'] ?? '').padStart(4, '0')
  return { local: `${year}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}:${parts['second']}`, offset }
}

const DAY_MS = 86_400_000

/** The day (days since 1970-01-01) a count of milliseconds since 1970 falls on, in UTC. */
export function epochDay(ms: number): number {
  return Math.floor(ms / DAY_MS)
}

/**
 * A date as its day, `YYYY-MM-DD`: a date is a whole day by Arrow's rules, so a date64 off
 * midnight is written as the day it falls on, which reads back as a date.
 */
export function dayText(ms: number): string {
  return dateText(epochDay(ms) * DAY_MS)
}

/** A date (`date32`, or `date64` in milliseconds) as `YYYY-MM-DD`; a date64 off midnight keeps its time. */
export function dateText(ms: number): string {
  if (!(Math.abs(ms) <= MAX_DATE_MS)) return `${ms} ms since 1970 (out of range)`
  const iso = new Date(ms).toISOString()
  return ms % DAY_MS === 0 ? iso.slice(0, 10) : iso.slice(0, -1)
}

/** A time of day stored as a count of `unit`s since midnight, as `HH:MM:SS[.fraction]`. */
export function timeOfDayText(raw: bigint, unit: TimeUnit): string {
  const { seconds, fraction } = split(raw, unit)
  if (seconds < 0n || seconds >= 86_400n) return `${raw.toString()} ${UNIT_SUFFIX[unit] ?? ''} (not a time of day)`
  const s = Number(seconds)
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${fraction}`
}

/** A duration stored as a count of `unit`s, as `[-][Nd ]HH:MM:SS[.fraction]`. */
export function durationText(raw: bigint, unit: TimeUnit): string {
  const negative = raw < 0n
  const { seconds, fraction } = split(negative ? -raw : raw, unit)
  const days = seconds / 86_400n
  const s = Number(seconds % 86_400n)
  const clock = `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${fraction}`
  return `${negative ? '-' : ''}${days > 0n ? `${days}d ` : ''}${clock}`
}

/**
 * An interval as Arrow JS returns it: `[years, months]` for year-month, `[days, ms]` for
 * day-time, and for month-day-nano the four 32-bit words it is stored in (months, days, and
 * the nanoseconds as low and high word). Null for a unit this function does not know.
 */
export function intervalText(unit: IntervalUnit, value: ArrayLike<number>): string | null {
  const [a = 0, b = 0, low = 0, high = 0] = Array.from(value)
  if (unit === IntervalUnit.YEAR_MONTH) return `${plural(a, 'year')} ${plural(b, 'month')}`
  if (unit === IntervalUnit.DAY_TIME) return `${plural(a, 'day')} ${b} ms`
  if (unit === IntervalUnit.MONTH_DAY_NANO) {
    // The 64-bit nanosecond count: exact as a bigint, whatever its size.
    const nanos = (BigInt(high) << 32n) + BigInt(low >>> 0)
    return `${plural(a, 'month')} ${plural(b, 'day')} ${nanos} ns`
  }
  return null
}

function plural(n: number, word: string): string {
  return `${n} ${word}${Math.abs(n) === 1 ? '' : 's'}`
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** Seconds and fraction digits of the units by their names (`s`, `ms`, `us`, `ns`), as profiles name them. */
const PER_SECOND_BY_NAME: Readonly<Record<string, bigint>> = { s: 1n, ms: 1_000n, us: 1_000_000n, ns: 1_000_000_000n }
const FRACTION_DIGITS_BY_NAME: Readonly<Record<string, number>> = { s: 0, ms: 3, us: 6, ns: 9 }

/**
 * A timestamp (a whole count of `unit` since the epoch, UTC, as decimal text or bigint) as
 * ISO 8601 text without its zone, every digit kept (what a profile writes in filters and
 * shows for a time column's figures): `2024-05-01T12:00:00.123456`. A date
 * of unit `day` as `2024-05-01`. Text that is not a whole number comes back as it is.
 */
export function temporalText(value: string | bigint, unit: string): string {
  if (typeof value === 'string' && !/^-?[0-9]+$/.test(value)) return value
  const raw = BigInt(value)
  if (unit === 'day') return temporalText(raw * 86_400n, 's').slice(0, 10)
  const per = PER_SECOND_BY_NAME[unit] ?? 1n
  let seconds = raw / per
  let fraction = raw % per
  if (fraction < 0n) {
    fraction += per
    seconds -= 1n
  }
  const date = new Date(Number(seconds) * 1000)
  if (Number.isNaN(date.getTime())) return raw.toString()
  const whole = date.toISOString().slice(0, 19)
  const digits = FRACTION_DIGITS_BY_NAME[unit] ?? 0
  return digits === 0 || fraction === 0n ? whole : `${whole}.${fraction.toString().padStart(digits, '0')}`
}
