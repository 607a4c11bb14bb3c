import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TableRef } from '@shared/catalog-types'
import { samePath, toIdentifier } from '@shared/namespace-path'
import {
  ChildKeys,
  decodeKey,
  displayIdentifier,
  namespaceKey,
  namespaceKeyFromVersion1,
  namespacePathOf,
  nodeKey,
  parseNodeKey,
  pathAsJson,
  sameNode,
  sameTable,
  tableKey,
  type NodeRef
} from './node-key'

/** Characters that break naive encodings: delimiters, JSON syntax, the key prefixes, lone surrogates. */
const awkward = fc.constantFrom('$', '.', '/', ':', 'n:', 't:', '"', '\\', ',', '[', ']', ' ', '\u0000', '\n', '\ud800', '\udfff', 'é', '😀')
/** Any name a server might list: arbitrary unicode, awkward characters, or empty. */
const component = fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ unit: awkward, maxLength: 6 }), fc.constantFrom('a', 'b'))
const path = fc.array(component, { maxLength: 5 })
const table = fc.record({ namespace: path, name: component })
const ref: fc.Arbitrary<NodeRef> = fc.oneof(
  path.map((p): NodeRef => ({ kind: 'namespace', path: p })),
  table.map((t): NodeRef => ({ kind: 'table', table: t }))
)
/** Pairs of paths that are often equal or differ in one place, not only unrelated ones. */
const pathPair = fc.oneof(
  fc.tuple(path, path),
  path.map((p): [string[], string[]] => [p, [...p]]),
  fc.tuple(path, fc.nat(), component).map(([p, at, name]): [string[], string[]] => {
    const q = [...p]
    if (q.length > 0) q[at % q.length] = name
    return [p, q]
  })
)

describe('node keys (properties)', () => {
  it('decode what they encode, for any names, the root included', () => {
    fc.assert(
      fc.property(ref, (r) => {
        expect(decodeKey(nodeKey(r))).toEqual(r)
      })
    )
  })

  it('decode only canonical keys, which encode back to the same text', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      ref.map(nodeKey),
      ref.map((r) => nodeKey(r).replace(',', ', '))
    )
    fc.assert(
      fc.property(text, (t) => {
        const decoded = decodeKey(t)
        if (decoded) expect(nodeKey(decoded)).toBe(t)
      })
    )
  })

  it('are equal exactly when the paths are (samePath), and a table never equals a namespace', () => {
    fc.assert(
      fc.property(pathPair, component, ([a, b], name) => {
        expect(namespaceKey(a) === namespaceKey(b)).toBe(samePath(a, b))
        expect(tableKey({ namespace: a, name }) === tableKey({ namespace: b, name })).toBe(samePath(a, b))
        expect(namespaceKey([...a, name])).not.toBe(tableKey({ namespace: a, name }))
        expect(namespaceKey(a)).not.toBe(tableKey({ namespace: b, name }))
      })
    )
  })

  it('agree with sameNode and sameTable', () => {
    fc.assert(
      fc.property(ref, ref, (a, b) => {
        expect(nodeKey(a) === nodeKey(b)).toBe(sameNode(a, b))
        expect(sameNode(a, a)).toBe(true)
        if (a.kind === 'table' && b.kind === 'table') expect(sameTable(a.table, b.table)).toBe(nodeKey(a) === nodeKey(b))
      })
    )
  })

  it('of children, built from the parent key, match the keys built from the full path', () => {
    fc.assert(
      fc.property(path, component, (parent, name) => {
        const keys = new ChildKeys(namespaceKey(parent))
        expect(keys.namespace(name)).toBe(namespaceKey([...parent, name]))
        expect(keys.table(name)).toBe(tableKey({ namespace: parent, name }))
      })
    )
  })
})

describe('node keys', () => {
  it('keep the form saved UI state holds', () => {
    // Saved files hold these strings: changing the form needs a migration (ui-state-migration.ts).
    expect(namespaceKey([])).toBe('n:[]')
    expect(namespaceKey(['a', 'b'])).toBe('n:["a","b"]')
    expect(tableKey({ namespace: ['a'], name: 't' })).toBe('t:["a","t"]')
  })

  it('refuse text that is not a key', () => {
    for (const text of ['', 'n:', 'x:["a"]', 'n:{"a":1}', 'n:[1]', 'n:["a"', 't:[]', 'n: ["a"]', '["a"]']) {
      expect(decodeKey(text)).toBeNull()
      expect(parseNodeKey(text)).toBeNull()
    }
    expect(namespacePathOf(tableKey({ namespace: ['a'], name: 't' }))).toBeNull()
  })

  it('read expanded nodes as version 1 of the UI state saved them', () => {
    expect(namespaceKeyFromVersion1('["sales","eu"]')).toBe(namespaceKey(['sales', 'eu']))
    expect(namespaceKeyFromVersion1('[]')).toBe(namespaceKey([]))
    expect(namespaceKeyFromVersion1('sales')).toBeNull()
    expect(namespaceKeyFromVersion1('n:["sales"]')).toBeNull()
  })

  it('compare tables by namespace and name, null only with null', () => {
    const t: TableRef = { namespace: ['a', 'b'], name: 't' }
    expect(sameTable(t, { namespace: ['a', 'b'], name: 't' })).toBe(true)
    expect(sameTable(t, { namespace: ['a'], name: 't' })).toBe(false)
    expect(sameTable(t, { namespace: ['a', 'b'], name: 'u' })).toBe(false)
    expect(sameTable(t, null)).toBe(false)
    expect(sameTable(null, null)).toBe(true)
  })
})

describe('displayIdentifier', () => {
  it('joins with the connection delimiter and shows the root as the delimiter alone', () => {
    expect(displayIdentifier(['analytics', 'web'], '$')).toBe('analytics$web')
    expect(displayIdentifier(['analytics', 'web'], '::')).toBe('analytics::web')
    expect(displayIdentifier([], '.')).toBe('.')
  })

  it('matches toIdentifier wherever that accepts the path and no name needs quotes, and never throws on names it refuses', () => {
    const delimiter = fc.constantFrom('$', '.', '/', '::')
    fc.assert(
      fc.property(path, delimiter, (p, d) => {
        const shown = displayIdentifier(p, d)
        let strict: string | null = null
        try {
          strict = toIdentifier(p, d)
        } catch {
          // A name the component rule refuses, or one holding the delimiter: shown as it is.
        }
        // Names holding quotes or edge spaces are quoted for display; toIdentifier keeps them bare.
        const plain = p.every((name) => !name.includes('"') && name.trim() === name)
        if (strict !== null && plain) expect(shown).toBe(strict)
      })
    )
  })

  it('gives "Copy path" as a JSON array', () => {
    expect(pathAsJson(['a', 'b$c'])).toBe('["a","b$c"]')
  })
})
