import { describe, expect, it } from 'vitest'
import { assertValidPath, componentProblem, fromIdentifier, pathProblem, samePath, toIdentifier } from './namespace-path'

describe('namespace components', () => {
  it.each(['a', 'page_views', 'v1.2', 'x-y', 'ABC123', '.', '_'])('accepts %j', (name) => {
    expect(componentProblem(name)).toBeNull()
  })

  it('rejects an empty component and says why', () => {
    expect(componentProblem('')).toMatch(/cannot be empty/)
  })

  it.each([
    ['a b', 'a space'],
    ['a/b', '"/"'],
    ['a$b', '"$"'],
    ['naïve', '"ï"'],
    ['tab\there', 'control character U+0009']
  ])('rejects %j naming the bad character %s and the rule', (name, what) => {
    const problem = componentProblem(name)
    expect(problem).toContain(`"${name}"`)
    expect(problem).toContain(what)
    expect(problem).toContain('letters, digits')
  })

  it('names the first bad component of a path', () => {
    expect(pathProblem(['ok', 'bad name', 'also bad!'])).toContain('"bad name"')
    expect(pathProblem(['ok', 'fine'])).toBeNull()
    expect(() => assertValidPath(['x', ''])).toThrow(RangeError)
  })
})

describe('identifiers', () => {
  it('joins and splits with the default delimiter', () => {
    expect(toIdentifier(['analytics', 'web', 'page_views'])).toBe('analytics$web$page_views')
    expect(fromIdentifier('analytics$web$page_views')).toEqual(['analytics', 'web', 'page_views'])
  })

  it('encodes the root as the delimiter alone, and back', () => {
    expect(toIdentifier([])).toBe('$')
    expect(fromIdentifier('$')).toEqual([])
    expect(toIdentifier([], '.')).toBe('.')
    expect(fromIdentifier('.', '.')).toEqual([])
  })

  it.each([[['a']], [['a', 'b']], [['x.y', 'z-1', '_']]])('round-trips %j with "$" and "::"', (path) => {
    expect(fromIdentifier(toIdentifier(path))).toEqual(path)
    expect(fromIdentifier(toIdentifier(path, '::'), '::')).toEqual(path)
  })

  it('refuses a component that contains the chosen delimiter', () => {
    expect(() => toIdentifier(['v1.2'], '.')).toThrow(/contains the delimiter "\."/)
    expect(() => toIdentifier(['a-b', 'c'], '-')).toThrow(/"a-b" contains the delimiter/)
  })

  it('refuses invalid components in either direction', () => {
    expect(() => toIdentifier(['ok', 'not ok'])).toThrow(/"not ok" is not a valid name/)
    expect(() => fromIdentifier('a$$b')).toThrow(/cannot be empty/)
    expect(() => fromIdentifier('')).toThrow(/cannot be empty/)
  })

  it('refuses an empty delimiter', () => {
    expect(() => toIdentifier(['a'], '')).toThrow(/delimiter cannot be empty/)
  })

  it('compares paths by components', () => {
    expect(samePath(['a', 'b'], ['a', 'b'])).toBe(true)
    expect(samePath(['a', 'b'], ['a'])).toBe(false)
    expect(samePath([], [])).toBe(true)
  })
})
