import { describe, expect, it } from 'vitest'
import type { ProfileDraft } from './profile-types'
import { maskSecret } from './connection-policy'
import { headerValueProblem, isValidHeaderName, validateProfileDraft } from './profile-validation'
import { PROFILE_LIMITS } from './profile-limits'

const rest = (over: Partial<ProfileDraft> = {}): ProfileDraft => ({
  name: 'Remote',
  connectType: 'rest',
  properties: { uri: 'https://catalog.example.com' },
  headers: [],
  ...over
})
const dir = (root: string): ProfileDraft => ({ name: 'Local', connectType: 'dir', properties: { root }, headers: [] })

describe('header names', () => {
  it.each(['x-api-key', 'Authorization', "a!#$%&'*+-.^_`|~9"])('accepts the token %j', (name) => {
    expect(isValidHeaderName(name)).toBe(true)
  })

  it.each(['', 'x api key', 'x:key', 'x(key)', 'naïve', 'a\tb', 'a/b', 'a"b'])('rejects %j', (name) => {
    expect(isValidHeaderName(name)).toBe(false)
  })

  it('names the bad character in the field error', () => {
    const errors = validateProfileDraft(rest({ headers: [{ name: 'x api', value: 'v' }] }), [])
    expect(errors['header:0:name']).toMatch(/"x api" is not a valid header name: a space/)
  })
})

describe('header values', () => {
  it.each([['a\rb'], ['a\nb'], ['a\r\nX-Injected: 1']])('rejects line breaks in %j', (value) => {
    expect(headerValueProblem(value)).toMatch(/line break/)
    const errors = validateProfileDraft(rest({ headers: [{ name: 'x-trace', value }] }), [])
    expect(errors['header:0:value']).toMatch(/line break/)
  })

  it('rejects NUL and accepts ordinary text', () => {
    expect(headerValueProblem('a\0b')).toMatch(/NUL/)
    expect(headerValueProblem('Bearer abc.def-123 ~!')).toBeNull()
  })

  it('does not check a secret left undefined (it keeps the stored value)', () => {
    expect(validateProfileDraft(rest({ headers: [{ name: 'x-api-key', secret: true }] }), [])).toEqual({})
  })
})

describe('duplicate headers', () => {
  it('flags the later row, ignoring case, and names the first', () => {
    const errors = validateProfileDraft(
      rest({
        headers: [
          { name: 'X-Api-Key', value: 'a' },
          { name: 'x-trace', value: 't' },
          { name: 'x-API-key', value: 'b' }
        ]
      }),
      []
    )
    expect(Object.keys(errors)).toEqual(['header:2:name'])
    expect(errors['header:2:name']).toMatch(/already set in row 1/)
  })
})

describe('root', () => {
  it.each(['/data/catalog', 'C:\\data\\catalog', 'D:/data', '\\\\server\\share\\cat'])('accepts the absolute path %j', (root) => {
    expect(validateProfileDraft(dir(root), [])).toEqual({})
  })

  it.each([
    ['data/catalog', /relative path/],
    ['./catalog', /relative path/],
    ['~/catalog', /"~" is not expanded/],
    ['', /Choose the catalog folder/],
    ['   ', /Choose the catalog folder/]
  ])('rejects %j', (root, message) => {
    expect(validateProfileDraft(dir(root), [])['root']).toMatch(message)
  })

  it('refuses headers on a dir profile', () => {
    const errors = validateProfileDraft({ ...dir('/data'), headers: [{ name: 'x-api-key', value: 'k' }] }, [])
    expect(errors['header:0:name']).toMatch(/REST connections only/)
  })
})

describe('uri', () => {
  it.each(['http://localhost:8080', 'https://catalog.example.com/base', 'HTTPS://EXAMPLE.COM', 'http://127.0.0.1:1'])('accepts %j', (uri) => {
    expect(validateProfileDraft(rest({ properties: { uri } }), [])).toEqual({})
  })

  it.each([
    ['ftp://files.example.com', /"ftp:\/\/" is not supported/],
    ['file:///tmp/x', /"file:\/\/" is not supported/],
    ['http://', /needs a host/],
    ['https:///path-only', /needs a host/],
    ['http://exa mple.com', /not a valid URL/],
    ['http:/example.com', /must start with http:\/\//],
    ['catalog.example.com', /must start with http:\/\//],
    ['', /Enter the endpoint URL/]
  ])('rejects %j', (uri, message) => {
    expect(validateProfileDraft(rest({ properties: { uri } }), [])['uri']).toMatch(message)
  })
})

describe('name', () => {
  it('requires a non-blank name', () => {
    expect(validateProfileDraft(rest({ name: '' }), [])['name']).toMatch(/Give the profile a name/)
    expect(validateProfileDraft(rest({ name: '  \t ' }), [])['name']).toMatch(/Give the profile a name/)
  })

  it('requires a name unique among the other profiles, ignoring case and outer spaces', () => {
    expect(validateProfileDraft(rest({ name: ' remote ' }), ['Local', 'REMOTE'])['name']).toMatch(/already exists/)
    expect(validateProfileDraft(rest({ name: 'Remote 2' }), ['Local', 'Remote'])).toEqual({})
  })
})

describe('size limits', () => {
  it('refuses a name, header name, header value or header count over the limit, and accepts one at it', () => {
    const at = rest({
      name: 'n'.repeat(PROFILE_LIMITS.name),
      headers: [{ name: 'h'.repeat(PROFILE_LIMITS.headerName), value: 'v'.repeat(PROFILE_LIMITS.headerValue) }]
    })
    expect(validateProfileDraft(at, [])).toEqual({})
    const over = rest({
      name: 'n'.repeat(2_000_000),
      headers: [{ name: 'h'.repeat(PROFILE_LIMITS.headerName + 1), value: 'v'.repeat(PROFILE_LIMITS.headerValue + 1) }]
    })
    expect(validateProfileDraft(over, [])).toEqual({
      name: 'A profile name can be at most 200 characters.',
      'header:0:name': 'A header name can be at most 256 characters.',
      'header:0:value': 'A header value can be at most 8192 characters.'
    })
    const many = rest({ headers: Array.from({ length: PROFILE_LIMITS.headers + 1 }, (_, i) => ({ name: `x-h${i}`, value: '1' })) })
    expect(validateProfileDraft(many, [])['headers']).toBe('A profile can have at most 100 headers.')
  })
})

describe('presets and properties', () => {
  it('requires the API key header on an Enterprise profile', () => {
    expect(validateProfileDraft(rest({ preset: 'enterprise' }), [])['headers']).toMatch(/x-api-key/)
    expect(validateProfileDraft(rest({ preset: 'enterprise', headers: [{ name: 'X-API-KEY' }] }), [])).toEqual({})
  })

  it('requires "Bearer <token>" on a bearer profile, but lets a mask through as "unchanged"', () => {
    const withValue = (value: string) => rest({ preset: 'bearer', headers: [{ name: 'Authorization', value }] })
    expect(validateProfileDraft(withValue('abc123'), [])['header:0:value']).toMatch(/Bearer <token>/)
    expect(validateProfileDraft(withValue('Bearer abc123'), [])).toEqual({})
    expect(validateProfileDraft(withValue(maskSecret('Bearer abc123')), [])).toEqual({})
    expect(validateProfileDraft(rest({ preset: 'bearer' }), [])['headers']).toMatch(/Authorization/)
  })

  it('refuses headers.* smuggled in as plain properties', () => {
    const errors = validateProfileDraft(rest({ properties: { uri: 'http://h', 'headers.x-api-key': 'k' } }), [])
    expect(errors['property:headers.x-api-key']).toMatch(/header list/)
  })
})
