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

  it('says how to write a time literal when text is compared with a time column', () => {
    const engine = (text: string, type: string): string =>
      `Could not count the rows of table "t": Invalid input, Error resolving filter expression ts > '${text}': Invalid user input: Received literal Utf8("${text}") and could not convert to literal of type '${type}', /usr/local/cargo/registry/src/lance-datafusion-12.0.0/src/logical_expr.rs:24:88`
    expect(filterProblem(engine('2024-03-01 12:34:56.123455', 'Timestamp(Microsecond, None)'))).toBe(
      "'2024-03-01 12:34:56.123455' is text, and a timestamp column compares only with a timestamp: write timestamp '2024-03-01 12:34:56.123455'."
    )
    expect(filterProblem(engine('2024-03-01T12:34:56Z', 'Timestamp(Microsecond, Some("UTC"))'))).toBe(
      "'2024-03-01T12:34:56Z' is text, and a timestamp column compares only with a timestamp: write timestamp '2024-03-01 12:34:56Z'."
    )
    expect(filterProblem(engine('2024-03-01', 'Date32'))).toBe("'2024-03-01' is text, and a date column compares only with a date: write date '2024-03-01'.")
  })
})
