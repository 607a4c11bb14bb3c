import { describe, expect, it } from 'vitest'
import { readListingFast } from './listing-page'

describe('fast listing reader', () => {
  it.each([
    ['{"namespaces":["a","b"],"page_token":"t"}', { items: ['a', 'b'], pageToken: 't' }],
    [' { "page_token" : null ,\n "namespaces" : [ "x" , "ü" ] } ', { items: ['x', 'ü'], pageToken: null }],
    ['{"namespaces":[]}', { items: [], pageToken: undefined }]
  ])('reads %s like JSON.parse would', (text, expected) => {
    expect(readListingFast(text, 'namespaces')).toEqual(expected)
    const parsed = JSON.parse(text) as { namespaces: string[]; page_token?: string | null }
    expect(parsed.namespaces).toEqual(expected.items)
  })

  it.each([
    '{"namespaces":["a\\"b"]}', // escapes go to JSON.parse
    '{"namespaces":["a"],"context":{}}', // unknown keys too
    '{"namespaces":["a",1]}',
    '{"namespaces":["a"]} trailing',
    '{"tables":["a"]}',
    '{"namespaces":["a"],"page_token":5}',
    '["a"]',
    '{"namespaces":["a"',
    '{"namespaces":["a\nb"]}', // a raw line break in a string: JSON.parse refuses it (found by the property test)
    '{\n"namespaces":["a\tb"]}',
    '{"namespaces":["a"],"page_token":"t\r"}',
    '{"namespaces":["a\u0001"]}'
  ])('leaves %s to JSON.parse', (text) => {
    expect(readListingFast(text, 'namespaces')).toBeUndefined()
  })
})
