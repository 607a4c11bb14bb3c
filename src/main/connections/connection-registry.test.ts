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
