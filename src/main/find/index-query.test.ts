import { describe, expect, it } from 'vitest'
import { CatalogIndex, column } from './catalog-index'
import { matchName, parseQuery, queryIndex } from './index-query'

function sample(): CatalogIndex {
  const index = new CatalogIndex()
  index.addTable(['sales', 'emea'], 'orders', [
    column('customer_id', 'int64'),
    column('embedding', 'vector<float32>[768]', 768),
    column('small', 'vector<float32>[8]', 8)
  ])
  index.addTable([], 'customers', null)
  index.addNamespace(['sales_archive'])
  return index
}

describe('parseQuery', () => {
  it('reads kind, type and dim filters and keeps the rest as text', () => {
    expect(parseQuery('  Orders kind:table ')).toMatchObject({ text: 'orders', kinds: new Set(['table']), type: null, dimension: null, problem: null })
    const typed = parseQuery('emb type:Vector dim:768')
    expect(typed).toMatchObject({ text: 'emb', type: 'vector', dimension: 768, kinds: new Set(['column']) })
    expect(parseQuery('kind:bogus dim:0').problem).toBe(
      '"kind:bogus" is not a kind; use kind:table, kind:namespace or kind:column. "dim:0" needs a whole number, for example dim:768.'
    )
  })
})

describe('matchName', () => {
  it('ranks exact, prefix, inner and subsequence matches, and refuses scattered letters', () => {
    expect(matchName('orders', 'orders')).toEqual({ score: 0, ranges: [[0, 6]] })
    expect(matchName('orders', 'ord')).toEqual({ score: 1, ranges: [[0, 3]] })
    expect(matchName('customer_id', 'mer')).toEqual({ score: 2, ranges: [[5, 8]] })
    expect(matchName('customer_id', 'custid')).toEqual({
      score: 3,
      ranges: [
        [0, 4],
        [9, 11]
      ]
    })
    expect(matchName('abcdefghij', 'acegi')).toBeNull()
  })
})

describe('queryIndex', () => {
  it('finds namespaces, tables and columns, best first, with filters', () => {
    const index = sample()
    expect(queryIndex(index, parseQuery('sales'), 10).hits.map((hit) => [hit.kind, hit.name])).toEqual([
      ['namespace', 'sales'],
      ['namespace', 'sales_archive']
    ])
    expect(queryIndex(index, parseQuery('customer'), 10).hits.map((hit) => `${hit.kind}:${hit.column ?? hit.name}`)).toEqual([
      'table:customers',
      'column:customer_id'
    ])
    expect(queryIndex(index, parseQuery('type:vector dim:768'), 10).hits).toEqual([
      { kind: 'column', namespace: ['sales', 'emea'], name: 'orders', table: 'orders', column: 'embedding', type: 'vector<float32>[768]', ranges: [] }
    ])
    const capped = queryIndex(index, parseQuery('type:vector'), 1)
    expect(capped).toMatchObject({ truncated: true, hits: [{ column: 'small' }] })
  })
})

describe('queryIndex on an index that changes', () => {
  it('sees columns described, tables renamed and dropped after an earlier query', () => {
    const index = new CatalogIndex()
    index.addTable(['b'], 'zeta', [column('customer_id', 'int64')])
    index.addTable(['a'], 'alpha', null)
    const columns = (): string[] => queryIndex(index, parseQuery('customer_id'), 10).hits.map((hit) => `${hit.namespace.join('.')}.${hit.name}`)
    expect(columns()).toEqual(['b.zeta'])
    index.setColumns(['a'], 'alpha', [{ name: 'customer_id', type: 'int64', nullable: true }])
    // Ties in score and length go by namespace path, then table name.
    expect(columns()).toEqual(['a.alpha', 'b.zeta'])
    index.renameTable(['b'], 'zeta', 'eta')
    expect(columns()).toEqual(['a.alpha', 'b.eta'])
    index.removeTable(['a'], 'alpha')
    expect(columns()).toEqual(['b.eta'])
    index.addTable(['a'], 'beta', [column('customer_id', 'int64')])
    expect(columns()).toEqual(['a.beta', 'b.eta'])
  })
})
