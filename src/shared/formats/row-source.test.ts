import { describe, expect, it } from 'vitest'
import { detectFileFormat, detectTextFormat, textReader } from './row-source'

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('format detection', () => {
  it('tells text formats apart by their first character', () => {
    expect(detectTextFormat('  [{"a": 1}]')).toBe('json')
    expect(detectTextFormat('{"a": 1}\n{"a": 2}')).toBe('ndjson')
    expect(detectTextFormat('a,b\n1,2')).toBe('csv')
  })

  it('goes by the file extension, then by the Arrow magic bytes', () => {
    expect(detectFileFormat('rows.jsonl', bytes('{'))).toBe('ndjson')
    expect(detectFileFormat('table.arrows', bytes('x'))).toBe('arrow')
    expect(detectFileFormat('blob', bytes('ARROW1\0\0'))).toBe('arrow')
    expect(detectFileFormat('blob', new Uint8Array([0xff, 0xff, 0xff, 0xff, 8, 0]))).toBe('arrow')
    expect(detectFileFormat('blob', bytes('id,name\n'))).toBe('csv')
  })
})

describe('CSV rows', () => {
  it('keys values by the header and points a short or long record at its line', () => {
    const reader = textReader('csv', 'id,name\n1,a\n2\n')
    expect(reader.read(1)).toEqual([{ line: 2, values: { id: '1', name: 'a' } }])
    expect(() => reader.read(1)).toThrow('Line 3 has 1 fields; the header has 2.')
  })

  it('refuses a header that names a column twice', () => {
    expect(() => textReader('csv', 'id,id\n1,2')).toThrow('The header names the column "id" twice.')
  })
})
