import { describe, expect, it } from 'vitest'
import { ConnectionRegistry } from './connection-registry'
import { dirSpec, restSpec } from './connection-spec'

describe('ConnectionRegistry summaries', () => {
  it('name the identifier delimiter: a rest connection its "delimiter" property, else "$"', () => {
    const registry = new ConnectionRegistry()
    const dir = registry.add(dirSpec('/tmp/catalog'))
    const rest = registry.add(restSpec('http://127.0.0.1:1', []))
    const dotted = registry.add({ ...restSpec('http://127.0.0.1:2', []), properties: { uri: 'http://127.0.0.1:2', delimiter: '.' } })
    expect([dir.delimiter, rest.delimiter, dotted.delimiter]).toEqual(['$', '$', '.'])
    expect(registry.list().map((summary) => summary.delimiter)).toEqual(['$', '$', '.'])
  })
})

describe('ConnectionRegistry cache scopes', () => {
  it('keep a connection opened again unchanged, and part one opened with other properties from the one it replaced', () => {
    const registry = new ConnectionRegistry()
    const spec = restSpec('http://127.0.0.1:1', [])
    const { id } = registry.add(spec, 'profile-1')
    const first = registry.cacheScope(id)
    registry.upsert(id, spec)
    expect(registry.cacheScope(id)).toBe(first)
    // Same address and id, another tenant's header: answers kept for the first must not serve it.
    registry.upsert(id, { ...spec, properties: { ...spec.properties, 'headers.x-tenant': 'other' } })
    expect(registry.cacheScope(id)).not.toBe(first)
  })

  it('refuse an id that is not open', () => {
    expect(() => new ConnectionRegistry().cacheScope('gone')).toThrow(/no longer open/)
  })
})
