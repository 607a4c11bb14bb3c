import { describe, expect, it } from 'vitest'
import { sparklinePoints, vectorStats } from './vector-stats'

describe('vectorStats', () => {
  it('gives the dimension, norm, min and max of a vector', () => {
    expect(vectorStats([3, -4, 0])).toEqual({ dimension: 3, norm: 5, min: -4, max: 3, nanCount: 0 })
  })

  it('counts NaN apart and leaves NaN and infinities out of the other figures', () => {
    expect(vectorStats([NaN, 1, Infinity, NaN, -2])).toEqual({ dimension: 5, norm: Math.sqrt(5), min: -2, max: 1, nanCount: 2 })
  })

  it('has no min or max without a finite number', () => {
    expect(vectorStats([])).toEqual({ dimension: 0, norm: 0, min: null, max: null, nanCount: 0 })
    expect(vectorStats([NaN])).toMatchObject({ min: null, max: null, nanCount: 1 })
  })
})

describe('sparklinePoints', () => {
  it('spreads the values over the width and puts the largest at the top', () => {
    expect(sparklinePoints([0, 1, 0.5], 100, 10)).toBe('0,10 50,0 100,5')
  })

  it('draws a flat vector across the middle and skips numbers that are not finite', () => {
    expect(sparklinePoints([2, NaN, 2], 10, 10)).toBe('0,5 10,5')
  })
})
