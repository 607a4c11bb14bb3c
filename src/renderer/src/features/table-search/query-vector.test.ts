import { describe, expect, it } from 'vitest'
import { parseQueryVector } from './query-vector'

describe('parseQueryVector', () => {
  it('takes a JSON array of exactly the dimension numbers', () => {
    expect(parseQueryVector(' [1, -2.5, 3e-2] ', 'v', 3)).toEqual({ ok: true, vector: [1, -2.5, 0.03] })
  })

  it.each([
    ['', 3, 'Paste the query vector: a JSON array of 3 numbers'],
    ['[1, 2', 3, 'The query vector is not valid JSON'],
    ['{"a": 1}', 3, 'must be a JSON array, not an object'],
    ['[1, "x", 3]', 3, 'Value 2 of the query vector is the text "x", not a number'],
    ['[1, null, 3]', 3, 'Value 2 of the query vector is null, not a number'],
    ['[[1], 2, 3]', 3, 'Value 1 of the query vector is a list, not a number'],
    ['[1, 2]', 3, 'The query vector has 2 values, but column "v" holds vectors of 3. Paste exactly 3 numbers.']
  ])('explains what is wrong with %j', (text, dimension, message) => {
    const parsed = parseQueryVector(text, 'v', dimension)
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.error).toContain(message)
  })
})
