import { describe, expect, it } from 'vitest'
import type { NamespacePath } from '@shared/namespace-path'
import { namespaceKey } from '../../lib/node-key'
import { flattenTree, type ListingSnapshot, type SegmentCache } from './flatten'

const done = (namespaces: string[], tables: string[] = []): ListingSnapshot => ({ namespaces, tables, complete: true, loading: false, error: null })
const partial = (namespaces: string[]): ListingSnapshot => ({ namespaces, tables: [], complete: false, loading: false, error: null })

/** Listings by path, its components joined by "/" (the root is ""). */
function tree(listings: Record<string, ListingSnapshot>, expanded: NamespacePath[] = [], filter = '', cache?: SegmentCache) {
  return flattenTree({
    listing: (path) => listings[path.join('/')],
    expanded: new Set(expanded.map(namespaceKey)),
    filter,
    cache
  })
}

const labels = (rows: ReturnType<typeof tree>['rows']): string[] =>
  rows.map((row) => (row.kind === 'namespace' || row.kind === 'table' ? `${'  '.repeat(row.level - 1)}${row.kind}:${row.name}` : row.kind))

describe('flattenTree', () => {
  it('lists namespaces before tables, children of expanded nodes under them', () => {
    const flat = tree({ '': done(['a', 'b'], ['t']), a: done(['x'], ['u']) }, [['a']])
    expect(labels(flat.rows)).toEqual(['namespace:a', '  namespace:x', '  table:u', 'namespace:b', 'table:t'])
    expect(flat.setsizes.get(namespaceKey([]))).toBe(3)
    expect(flat.setsizes.get(namespaceKey(['a']))).toBe(2)
  })

  it('shows a loading row for an expanded node without data, and an empty row for an empty one', () => {
    expect(labels(tree({ '': done(['a', 'b']), b: done([]) }, [['a'], ['b']]).rows)).toEqual(['namespace:a', 'loading', 'namespace:b', 'empty'])
  })

  it('marks an incomplete listing with a "more" row and an unknown set size', () => {
    const flat = tree({ '': partial(['a', 'b']) })
    expect(labels(flat.rows)).toEqual(['namespace:a', 'namespace:b', 'more'])
    expect(flat.setsizes.get(namespaceKey([]))).toBe(-1)
  })

  it('hides tables until the namespaces are exhausted', () => {
    expect(labels(tree({ '': { namespaces: ['a'], tables: [], complete: false, loading: true, error: null } }).rows)).toEqual(['namespace:a', 'loading'])
  })

  it('puts an error row after what loaded', () => {
    const flat = tree({ '': { namespaces: ['a'], tables: [], complete: false, loading: false, error: new Error('boom') } })
    expect(labels(flat.rows)).toEqual(['namespace:a', 'error'])
  })

  it('filters names, keeping a namespace whose descendant matches', () => {
    const listings = { '': done(['sales', 'hr'], ['orders', 'people']), sales: done([], ['order_lines', 'refunds']) }
    expect(labels(tree(listings, [['sales']], 'order').rows)).toEqual(['namespace:sales', '  table:order_lines', 'table:orders'])
  })

  it('extends a cached segment when a page adds names, reusing the rows it had', () => {
    const cache: SegmentCache = new Map()
    const first = tree({ '': partial(['a', 'b']) }, [], '', cache)
    const second = tree({ '': partial(['a', 'b', 'c']) }, [], '', cache)
    expect(labels(second.rows)).toEqual(['namespace:a', 'namespace:b', 'namespace:c', 'more'])
    expect(second.rows[0]).toBe(first.rows[0])
    const third = tree({ '': done(['a', 'b', 'c'], ['t']) }, [], '', cache)
    expect(labels(third.rows)).toEqual(['namespace:a', 'namespace:b', 'namespace:c', 'table:t'])
    expect(third.setsizes.get(namespaceKey([]))).toBe(4)
  })

  it('gives rows stable keys that name their paths (the form saved UI state holds)', () => {
    const flat = tree({ '': done(['a'], ['t']), a: done(['b']) }, [['a']])
    expect(flat.rows.map((row) => row.key)).toEqual(['n:["a"]', 'n:["a","b"]', 't:["t"]'])
  })
})
