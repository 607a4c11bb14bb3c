import { describe, expect, it } from 'vitest'
import {
  endpointOrigin,
  headerEntries,
  headerNameOf,
  headerProperty,
  isSecretHeader,
  looksLikeMask,
  maskHeaders,
  maskSecret,
  plainProperties,
  queryString,
  scrubSecrets,
  secretValues,
  uriOrigin
} from './connection-policy'

describe('header properties', () => {
  const properties = { uri: 'http://h', 'headers.x-api-key': 'k', delimiter: '.', 'headers.Accept': 'json', 'headers.': 'empty' }

  it('names a header by its headers.* property and back', () => {
    expect(headerProperty('x-api-key')).toBe('headers.x-api-key')
    expect(headerNameOf('headers.X-Token')).toBe('X-Token')
    expect(headerNameOf('uri')).toBeNull()
    expect(headerNameOf('Headers.x')).toBeNull()
  })

  it('splits a property map into header rows, in order, and the other properties', () => {
    expect(headerEntries(properties)).toEqual([
      ['x-api-key', 'k'],
      ['Accept', 'json'],
      ['', 'empty']
    ])
    expect(plainProperties(properties)).toEqual({ uri: 'http://h', delimiter: '.' })
  })
})

describe('secrets', () => {
  it('treats Authorization and x-api-key as secret in any case, plus marked headers', () => {
    expect(isSecretHeader('AUTHORIZATION')).toBe(true)
    expect(isSecretHeader('X-Api-Key')).toBe(true)
    expect(isSecretHeader('x-service-database')).toBe(false)
    expect(isSecretHeader('X-Tenant-Token', ['x-tenant-token'])).toBe(true)
  })

  it('masks with the last 4 characters, or hides a short value entirely', () => {
    expect(maskSecret('sk-live-3f9a')).toBe('••••3f9a')
    expect(maskSecret('12345')).toBe('••••')
    expect(maskSecret('12345678901')).toBe('••••')
    expect(maskSecret('123456789012')).toBe('••••9012')
    expect(maskSecret('abcd')).toBe('••••')
    expect(maskSecret('')).toBe('••••')
    expect(looksLikeMask('••••3f9a')).toBe(true)
    expect(looksLikeMask('••••')).toBe(true)
    expect(looksLikeMask('sk-live-3f9a')).toBe(false)
    expect(looksLikeMask('••••3f9a-and-more')).toBe(false)
  })

  it('masks Authorization, x-api-key and marked headers in any case, leaving the others', () => {
    const headers = { Authorization: 'Bearer abcdefghijkl1234', 'X-API-KEY': 'short', 'x-token': 'zzzzzzzzzzzz9876', Accept: 'json' }
    expect(maskHeaders(headers, ['X-Token'])).toEqual({
      Authorization: '••••1234',
      'X-API-KEY': '••••',
      'x-token': '••••9876',
      Accept: 'json'
    })
    expect(maskHeaders(headers)['x-token']).toBe('zzzzzzzzzzzz9876')
  })

  it('scrubs secret values from text, bearer tokens with and without their scheme, longest first', () => {
    const headers = { authorization: 'Bearer tok_abcdef123456789', 'x-api-key': 'sk-live-abc', 'x-db': 'sales', 'x-mine': 'abc' }
    const secrets = secretValues(headers, ['x-mine'])
    // Three-character values are too short to scrub without mangling ordinary text.
    expect(secrets).toEqual(['Bearer tok_abcdef123456789', 'tok_abcdef123456789', 'sk-live-abc'])
    const echoed = 'token tok_abcdef123456789 and key sk-live-abc for sales'
    expect(scrubSecrets(echoed, secrets)).toBe('token ••••6789 and key •••• for sales')
    expect(scrubSecrets('nothing secret', [])).toBe('nothing secret')
  })
})

describe('query strings', () => {
  it('percent-encodes keys and values and leaves out undefined, null and empty values', () => {
    expect(queryString({ delimiter: '$', page_token: 'a b&c=d', limit: 5, flag: true, gone: undefined, none: null, empty: '' })).toBe(
      '?delimiter=%24&page_token=a%20b%26c%3Dd&limit=5&flag=true'
    )
    expect(queryString({ ключ: 'ü/?' })).toBe('?%D0%BA%D0%BB%D1%8E%D1%87=%C3%BC%2F%3F')
  })

  it('is empty when nothing is left', () => {
    expect(queryString(undefined)).toBe('')
    expect(queryString({})).toBe('')
    expect(queryString({ a: undefined, b: '' })).toBe('')
  })
})

describe('origins', () => {
  it('gives the scheme, host and port of an http(s) URI, without default ports or paths', () => {
    expect(uriOrigin('https://Catalog.Example.com:443/base/?x#y')).toBe('https://catalog.example.com')
    expect(uriOrigin(' http://127.0.0.1:2333/v1 ')).toBe('http://127.0.0.1:2333')
    expect(uriOrigin('http://[::1]:80')).toBe('http://[::1]')
  })

  it('has no origin for other schemes or text that is no URL', () => {
    expect(uriOrigin('file:///etc/passwd')).toBeNull()
    expect(uriOrigin('s3://bucket/x')).toBeNull()
    expect(uriOrigin('catalog.example.com')).toBeNull()
    expect(uriOrigin('')).toBeNull()
  })

  it('binds a rest profile to its uri origin, a dir profile to none', () => {
    expect(endpointOrigin({ connectType: 'rest', properties: { uri: 'https://h:8443/x' } })).toBe('https://h:8443')
    expect(endpointOrigin({ connectType: 'rest', properties: {} })).toBeNull()
    expect(endpointOrigin({ connectType: 'dir', properties: { root: '/tmp', uri: 'https://h' } })).toBeNull()
  })
})
