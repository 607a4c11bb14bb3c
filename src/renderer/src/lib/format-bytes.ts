import { approximate, type ExactInt } from '@shared/exact-int'

/** `1,234 bytes`, `12.3 KiB`, `4.5 MiB`… */
export function formatBytes(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  if (bytes < 1024) return `${Math.round(bytes).toLocaleString('en-US')} bytes`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}

/** Bytes per row of a table, or null when either figure is unknown or there are no rows. */
export function averageRowBytes(totalBytes: ExactInt | null | undefined, rows: ExactInt | null | undefined): number | null {
  if (totalBytes == null || rows == null || rows === '0') return null
  return approximate(totalBytes) / approximate(rows)
}
