/**
 * A version number in a request is checked without throwing: text that is not digits (a
 * hostile `latest`, `1e3`, an empty string) and a number past 2^64-1 are refused with a
 * message, and a version past 2^53 passes with every digit.
 */
import { describe, expect, it } from 'vitest'
import { versionNumber } from './versions'

describe('versionNumber', () => {
  it.each(['latest', '1e3', '', '-1', '0', '18446744073709551616'])('refuses %j with a message instead of throwing', (value) => {
    const result = versionNumber.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/^A version is /)
  })

  it('takes versions up to 2^64-1 exactly', () => {
    expect(versionNumber.safeParse('18446744073709551615')).toEqual({ success: true, data: '18446744073709551615' })
    expect(versionNumber.safeParse('9007199254740993').data).toBe('9007199254740993')
  })
})
