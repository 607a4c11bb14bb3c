import { describe, expect, it } from 'vitest'
import { KeyedLock } from './keyed-lock'

describe('KeyedLock', () => {
  it('runs work under one key one at a time, other keys alongside, and forgets idle keys', async () => {
    const lock = new KeyedLock()
    const log: string[] = []
    const step = (key: string, name: string, fail = false) =>
      lock.run(key, async () => {
        log.push(`${name}+`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        log.push(`${name}-`)
        if (fail) throw new Error(name)
        return name
      })
    const results = await Promise.allSettled([step('a', 'a1', true), step('a', 'a2'), step('b', 'b1')])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled'])
    // a2 starts only after a1 ended (even though a1 failed); b1 does not wait for a1.
    expect(log.indexOf('a2+')).toBeGreaterThan(log.indexOf('a1-'))
    expect(log.indexOf('b1+')).toBeLessThan(log.indexOf('a1-'))
    expect(lock.size).toBe(0)
  })
})
