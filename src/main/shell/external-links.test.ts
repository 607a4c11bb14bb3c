import { describe, expect, it } from 'vitest'
import { DOCS_ORIGINS, catalogOrigins, externalLinkVerdict, linkConfirmation } from './external-links'

describe('external links', () => {
  const allowed = [...DOCS_ORIGINS, ...catalogOrigins(['https://catalog.example.com:8443/api', 'http://127.0.0.1:9000', 's3://bucket/x', 'nonsense'])]

  it('allows the docs sites and the configured catalog origins only', () => {
    expect(externalLinkVerdict('https://lancedb.com/docs/tables', allowed)).toEqual({ allowed: true })
    expect(externalLinkVerdict('https://catalog.example.com:8443/other/page', allowed)).toEqual({ allowed: true })
    expect(externalLinkVerdict('http://127.0.0.1:9000/v1/namespace/x/list', allowed)).toEqual({ allowed: true })
    expect(externalLinkVerdict('https://catalog.example.com/api', allowed)).toMatchObject({ allowed: false })
    expect(externalLinkVerdict('http://lancedb.com/', allowed)).toMatchObject({ allowed: false })
    expect(externalLinkVerdict('https://lancedb.com.evil.io/', allowed)).toMatchObject({ allowed: false })
    expect(externalLinkVerdict('https://evil.io/', allowed)).toEqual({
      allowed: false,
      reason: 'https://evil.io is not a documentation site or a configured catalog'
    })
  })

  it('refuses other schemes and URLs with credentials', () => {
    expect(externalLinkVerdict('file:///etc/passwd', allowed)).toEqual({ allowed: false, reason: 'file: links never open' })
    expect(externalLinkVerdict('javascript:alert(1)', allowed)).toMatchObject({ allowed: false })
    expect(externalLinkVerdict('https://user:pw@lancedb.com/', allowed)).toEqual({ allowed: false, reason: 'links with credentials in them never open' })
    expect(externalLinkVerdict('not a url', allowed)).toMatchObject({ allowed: false })
  })

  it('takes only http(s) catalog URIs, once each', () => {
    expect(catalogOrigins(['https://a.example/x', 'https://a.example/y', 'gs://b/c'])).toEqual(['https://a.example'])
  })

  it('asks before opening, showing the full URL, with Cancel as the default', () => {
    const url = 'https://lancedb.com/docs/search?q=vector#section'
    const options = linkConfirmation(url)
    expect(options.detail).toBe(url)
    expect(options.buttons[options.cancelId]).toBe('Cancel')
    expect(options.defaultId).toBe(options.cancelId)
  })
})
