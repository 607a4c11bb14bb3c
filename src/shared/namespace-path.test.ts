import { describe, expect, it } from 'vitest'
import { assertValidPath, componentProblem, fromIdentifier, MAX_NAME_LENGTH, pathProblem, samePath, toIdentifier } from './namespace-path'

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

  it('accepts a name of MAX_NAME_LENGTH characters and refuses a longer one, saying the limit', () => {
    expect(MAX_NAME_LENGTH).toBe(249)
    expect(componentProblem('a'.repeat(MAX_NAME_LENGTH))).toBeNull()
    const problem = componentProblem('a'.repeat(MAX_NAME_LENGTH + 1))
    expect(problem).toContain(`at most ${MAX_NAME_LENGTH} characters`)
    expect(problem).toContain(`has ${MAX_NAME_LENGTH + 1}`)
    // A huge name gets a short message, not the name echoed back.
    expect((componentProblem('b'.repeat(2_000_000)) ?? '').length).toBeLessThan(200)
    expect(() => fromIdentifier(`ok$${'c'.repeat(300)}`)).toThrow(/at most 249/)
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
