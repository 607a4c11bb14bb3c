import { describe, expect, it } from 'vitest'
import { filterProblem } from './filter-problem'

describe('filterProblem', () => {
  it('keeps the parser reason and drops the internal step and the built query', () => {
    const message =
      'Could not count the rows of table "analytics$page_views": Invalid input, Error parsing statement: SELECT 1 FROM t WHERE score >>> 3 (sql parser error: Expected: an expression, found: >)'
    expect(filterProblem(message)).toBe('Expected an expression, found: >.')
  })

  it('ends in one mark, never "?."', () => {
    expect(filterProblem('Could not read the rows of table "t": No field named "scroe". Did you mean "score"?')).toBe(
      'No field named "scroe". Did you mean "score"?'
    )
  })

  it('keeps only the first line', () => {
    expect(filterProblem('column x not found\nstack line')).toBe('Column x not found.')
  })
})
