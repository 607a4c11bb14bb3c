import { describe, expect, it } from 'vitest'
import { bounded, FsTimeoutError } from './bounded-fs'

describe('bounded', () => {
  it('passes a result through and turns a call that never answers into a clear error', async () => {
    expect(await bounded(Promise.resolve(3), 'count')).toBe(3)
    const never = new Promise<never>(() => undefined)
    const error = await bounded(never, 'list the folder', 20).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FsTimeoutError)
    expect((error as FsTimeoutError).code).toBe('ETIMEDOUT')
    expect((error as Error).message).toMatch(/did not answer within .* while trying to list the folder/)
  })
})
