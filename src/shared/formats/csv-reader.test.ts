import { describe, expect, it } from 'vitest'
import { CsvError, CsvReader, guessDelimiter, headerNames } from './csv-reader'

const all = (text: string) => new CsvReader(text).read(Infinity)

describe('CsvReader', () => {
  it('reads quoted fields holding delimiters, doubled quotes and line breaks, with the line each record starts on', () => {
    const text = 'id,note\n1,"a, b"\n2,"say ""hi"""\n3,"two\nlines"\n4,end\n'
    expect(all(text)).toEqual([
      { line: 1, fields: ['id', 'note'] },
      { line: 2, fields: ['1', 'a, b'] },
      { line: 3, fields: ['2', 'say "hi"'] },
      { line: 4, fields: ['3', 'two\nlines'] },
      { line: 6, fields: ['4', 'end'] }
    ])
  })

  it('reads an unquoted empty field as null and a quoted empty one as an empty string', () => {
    expect(all('a,b,c\n,"",x')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: [null, '', 'x'] }
    ])
  })

  it('handles CRLF line ends, a byte-order mark and blank lines', () => {
    expect(all('\uFEFFa,b\r\n1,2\r\n\r\n3,4')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 4, fields: ['3', '4'] }
    ])
  })

  it('points an unclosed quote at the line where the field starts', () => {
    expect(() => all('a,b\n1,2\n3,"open\nstill open')).toThrow(new CsvError(3, 'a quoted field is never closed (a " is missing).'))
  })

  it('refuses text after a closing quote, naming the line', () => {
    expect(() => all('a\n"x"y')).toThrow(/^Line 2: unexpected "y" after a closing quote/)
  })

  it('reads in chunks and reports progress', () => {
    const reader = new CsvReader('h\n1\n2\n3\n4\n')
    expect(reader.read(2).map((r) => r.fields[0])).toEqual(['h', '1'])
    expect(reader.progress).toBeGreaterThan(0)
    expect(reader.progress).toBeLessThan(1)
    expect(reader.read(10).map((r) => r.fields[0])).toEqual(['2', '3', '4'])
    expect(reader.done).toBe(true)
    expect(reader.read(10)).toEqual([])
  })

  it('guesses tab and semicolon delimiters from the header line', () => {
    expect(guessDelimiter('a\tb\n1\t2')).toBe('\t')
    expect(guessDelimiter('a;b')).toBe(';')
    expect(guessDelimiter('a,b;c')).toBe(',')
    expect(all('a\tb\n1\t2')[1]?.fields).toEqual(['1', '2'])
  })

  it('names blank header cells after their position', () => {
    expect(headerNames({ line: 1, fields: ['id', null, ' '] })).toEqual(['id', 'column_2', 'column_3'])
  })
})
