import { describe, expect, it } from 'vitest'
import { averageRowBytes, formatBytes } from './format-bytes'

describe('byte sizes', () => {
  it('reads as bytes, KiB, MiB…', () => {
    expect([formatBytes(0), formatBytes(1023), formatBytes(1536), formatBytes(91_394), formatBytes(5 * 1024 ** 3)]).toEqual([
      '0 bytes',
      '1,023 bytes',
      '1.5 KiB',
      '89.3 KiB',
      '5.0 GiB'
    ])
  })

  it('averages bytes over rows only when both are known and there are rows', () => {
    expect([averageRowBytes('91394', '500'), averageRowBytes('100', '0'), averageRowBytes(null, '5'), averageRowBytes('100', undefined)]).toEqual([
      182.788,
      null,
      null,
      null
    ])
  })
})
