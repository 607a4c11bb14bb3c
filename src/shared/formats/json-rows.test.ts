import { describe, expect, it } from 'vitest'
import { JsonArrayReader, NdjsonReader, elementLines } from './json-rows'
import { SourceError } from './source-types'

describe('elementLines', () => {
  it('finds the line each top-level element starts on, ignoring brackets inside strings and nested values', () => {
    const text = '[\n  {"a": "[,{"},\n  {"b": [1,\n 2]}, {"c": 3},\n\n  4\n]'
    expect(elementLines(text)).toEqual([2, 3, 4, 6])
  })

  it('handles escaped quotes and an empty array', () => {
    expect(elementLines('[{"a":"x\\"]"},\n{"b":1}]')).toEqual([1, 2])
    expect(elementLines('[ ]')).toEqual([])
  })
})

describe('JsonArrayReader', () => {
  it('hands out objects with their lines and collects the column names', () => {
    const reader = new JsonArrayReader('[\n{"id": 1, "name": "a"},\n{"id": 2, "extra": true}\n]')
    expect(reader.read(1)).toEqual([{ line: 2, values: { id: 1, name: 'a' } }])
    expect(reader.read(5)).toEqual([{ line: 3, values: { id: 2, extra: true } }])
    expect(reader.columns).toEqual(['id', 'name', 'extra'])
    expect(reader.progress).toBe(1)
  })

  it('points a non-object element at its line', () => {
    const reader = new JsonArrayReader('[\n{"id": 1},\n7\n]')
    expect(() => reader.read(10)).toThrow(/^Line 3: each row must be a JSON object/)
  })

  it('reports a syntax error with a line', () => {
    let caught: unknown
    try {
      new JsonArrayReader('[\n{"id": 1},\n{"id": }\n]')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(SourceError)
    expect((caught as SourceError).line).toBe(3)
  })

  it('refuses JSON that is not an array', () => {
    expect(() => new JsonArrayReader('{"id": 1}')).toThrow(/not an array/)
  })
})

describe('NdjsonReader', () => {
  it('reads one object per line, skipping blank lines, and points a bad line at its number', () => {
    const reader = new NdjsonReader('{"id": 1}\n\n{"id": 2}\n{"id": \n')
    expect(reader.read(2)).toEqual([
      { line: 1, values: { id: 1 } },
      { line: 3, values: { id: 2 } }
    ])
    expect(() => reader.read(2)).toThrow(/^Line 4 is not valid JSON/)
  })
})
