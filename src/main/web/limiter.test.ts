import { describe, expect, it } from 'vitest'
import { Limiter } from './limiter'

describe('Limiter', () => {
  it('lets `slots` holders in at once and the next waiter in, in order, as each leaves', async () => {
    const limiter = new Limiter(2)
    const order: string[] = []
    const a = await limiter.acquire()
    const b = await limiter.acquire()
    const c = limiter.acquire().then((release) => (order.push('c'), release))
    const d = limiter.acquire().then((release) => (order.push('d'), release))
    await Promise.resolve()
    expect(order).toEqual([])
    a()
    a() // a second release of the same slot gives nothing back
    const releaseC = await c
    expect(order).toEqual(['c'])
    b()
    ;(await d)()
    releaseC()
    expect(order).toEqual(['c', 'd'])
    // All slots are free again: two holders get in at once.
    await Promise.all([limiter.acquire(), limiter.acquire()])
  })

  it('refuses a limiter without a slot', () => {
    expect(() => new Limiter(0)).toThrow(/at least one slot/)
  })
})
