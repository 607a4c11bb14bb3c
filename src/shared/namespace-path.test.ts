import { describe, expect, it } from 'vitest'
import {
  assertValidPath,
  componentProblem,
  delimiterFor,
  displayIdentifier,
  followsNamingRule,
  fromIdentifier,
  listedNameProblem,
  MAX_LISTED_NAME_LENGTH,
  MAX_NAME_LENGTH,
  parseDisplayIdentifier,
  pathProblem,
  samePath,
  toIdentifier
} from './namespace-path'

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
    expect(problem).toContain('the letters a-z and A-Z (no accents), digits')
  })

  it('accepts a name of MAX_NAME_LENGTH characters and refuses a longer one, saying the limit', () => {
    expect(MAX_NAME_LENGTH).toBe(249)
    expect(componentProblem('a'.repeat(MAX_NAME_LENGTH))).toBeNull()
    const problem = componentProblem('a'.repeat(MAX_NAME_LENGTH + 1))
    expect(problem).toContain(`at most ${MAX_NAME_LENGTH} characters`)
    expect(problem).toContain(`has ${MAX_NAME_LENGTH + 1}`)
    // A huge name gets a short message, not the name echoed back.
    expect((componentProblem('b'.repeat(2_000_000)) ?? '').length).toBeLessThan(200)
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

  it('takes listed names as they are, but never an empty one', () => {
    expect(toIdentifier(['my ns', 'Q3 sales'])).toBe('my ns$Q3 sales')
    expect(fromIdentifier('café$a.b.c')).toEqual(['café', 'a.b.c'])
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

describe('names as listed', () => {
  it('accepts any non-empty name up to the listed limit and marks those outside the rule', () => {
    for (const name of ['my table', 'Q3 sales', 'café', '数据', 'a$b', ' lead', '"q"']) {
      expect(listedNameProblem(name)).toBeNull()
      expect(followsNamingRule(name)).toBe(false)
    }
    expect(followsNamingRule('a.b.c')).toBe(true)
    expect(listedNameProblem('')).toMatch(/cannot be empty/)
    expect(listedNameProblem('x'.repeat(MAX_LISTED_NAME_LENGTH + 1))).toContain(`at most ${MAX_LISTED_NAME_LENGTH}`)
  })

  it('picks a spare delimiter only when a name holds the preferred one', () => {
    expect(delimiterFor(['a', 'b c'])).toBe('$')
    const spare = delimiterFor(['price$usd', 'x|y'])
    expect(spare).toBe('~')
    expect(fromIdentifier(toIdentifier(['price$usd', 'x|y'], spare), spare)).toEqual(['price$usd', 'x|y'])
  })

  it('quotes names that would read ambiguously, and reads them back', () => {
    const cases: string[][] = [[], ['a', 'b'], ['my ns', 'Q3 sales'], ['a$b', 'c'], ['say "hi"'], [' pad ', 'x'], ['$']]
    for (const path of cases) {
      const text = displayIdentifier(path)
      expect(parseDisplayIdentifier(text)).toEqual({ path, problem: null })
    }
    expect(displayIdentifier(['a$b', 'c'])).toBe('"a$b"$c')
    expect(displayIdentifier(['say "hi"'])).toBe('"say ""hi"""')
    expect(displayIdentifier(['my ns', 'Q3 sales'])).toBe('my ns$Q3 sales')
  })

  it('says what is wrong with a badly quoted or empty name', () => {
    expect(parseDisplayIdentifier('"open$x').problem).toMatch(/no closing quote/)
    expect(parseDisplayIdentifier('"a"b').problem).toMatch(/after a quoted name/)
    expect(parseDisplayIdentifier('a$').problem).toMatch(/cannot be empty/)
    expect(parseDisplayIdentifier('a$$b').problem).toMatch(/cannot be empty/)
  })
})
