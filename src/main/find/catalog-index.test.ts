import { describe, expect, it } from 'vitest'
import { CatalogIndex, column, type IndexedColumn } from './catalog-index'
import { parseQuery, queryIndex } from './index-query'

const hitsOf = (index: CatalogIndex, query: string, limit = 500): string[] =>
  queryIndex(index, parseQuery(query), limit).hits.map((hit) => `${hit.kind} ${[...hit.namespace, hit.name].join('.')}${hit.column ? `:${hit.column}` : ''}`)

/** The same names and types put into a new index at once. */
function rebuilt(index: CatalogIndex): CatalogIndex {
  const fresh = new CatalogIndex()
  for (const namespace of index.namespaces.values()) fresh.addNamespace(namespace.path)
  for (const table of index.tables.values()) fresh.addTable(table.namespace, table.name, table.columns)
  return fresh
}

describe('CatalogIndex kept current as tables change', () => {
  it('orders equal column hits by namespace path and table name however the tables arrived', () => {
    const index = new CatalogIndex()
    const id = [column('id', 'int64')]
    for (const name of ['a', 'b', 'c']) index.addTable(['ns'], name, id)
    // Each table goes just after `b`, before the one added last: the ranks between run out and are made again.
    for (let i = 99; i >= 0; i--) index.addTable(['ns'], `b${String(i).padStart(2, '0')}`, id)
    index.addTable([], 'm', id)
    const names = ['a', 'b', ...Array.from({ length: 100 }, (_, i) => `b${String(i).padStart(2, '0')}`), 'c'].map((name) => `column ns.${name}:id`)
    expect(hitsOf(index, 'id')).toEqual(['column m:id', ...names])
  })

  it('says more matched when those left out lose on rank alone', () => {
    const index = new CatalogIndex()
    for (const name of ['a', 'b', 'c']) index.addTable(['ns'], name, [column('id', 'int64')])
    expect(queryIndex(index, parseQuery('id'), 2)).toMatchObject({ truncated: true, hits: [{ name: 'a' }, { name: 'b' }] })
  })

  it('finds by type and dimension only what the tables hold now', () => {
    const index = new CatalogIndex()
    index.addTable(['ml'], 'items', [column('embedding', 'vector<float32>[768]', 768), column('id', 'int64')])
    index.addTable(['ml'], 'users', [column('embedding', 'vector<float32>[768]', 768)])
    expect(hitsOf(index, 'type:vector dim:768')).toEqual(['column ml.items:embedding', 'column ml.users:embedding'])
    index.setColumns(['ml'], 'items', [{ name: 'vec', type: 'vector<float32>[384]', nullable: true, dimension: 384 }])
    expect(hitsOf(index, 'dim:768')).toEqual(['column ml.users:embedding'])
    expect(hitsOf(index, 'type:vector')).toEqual(['column ml.items:vec', 'column ml.users:embedding'])
    expect(hitsOf(index, 'type:int64')).toEqual([])
    index.renameTable(['ml'], 'users', 'people')
    expect(hitsOf(index, 'emb dim:768')).toEqual(['column ml.people:embedding'])
    index.removeNamespace(['ml'])
    expect(hitsOf(index, 'type:vector')).toEqual([])
    expect(hitsOf(index, 'embedding')).toEqual([])
  })

  it('answers every query as an index built at once would, through many changes', () => {
    let seed = 7
    const random = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    const pool: IndexedColumn[] = [
      column('id', 'int64'),
      column('ID', 'utf8'),
      column('embedding', 'vector<float32>[768]', 768),
      column('vec', 'vector<float32>[384]', 384),
      column('customer_id', 'int64'),
      column('created_at', 'timestamp[us, UTC]'),
      column('name', 'utf8')
    ]
    const index = new CatalogIndex()
    const queries = ['id', 'i', 'cust', 'custid', 'type:vector', 'dim:768', 'e type:vector', 'type:int64', 't', 'kind:table t']
    for (let step = 0; step < 400; step++) {
      const namespace = [`n${random(3)}`, `m${random(3)}`].slice(0, 1 + random(2))
      const name = `t${random(40)}`
      const columns = pool.filter(() => random(3) === 0)
      const op = random(10)
      if (op < 5) index.addTable(namespace, name, random(4) === 0 ? null : columns)
      else if (op < 7)
        index.setColumns(
          namespace,
          name,
          columns.map((c) => ({ name: c.name, type: c.type, nullable: true, dimension: c.dimension }))
        )
      else if (op < 8) index.removeTable(namespace, name)
      else if (op < 9) index.renameTable(namespace, name, `t${random(40)}`)
      else if (random(4) === 0) index.removeNamespace(namespace)
      const fresh = rebuilt(index)
      for (const query of queries) {
        expect(queryIndex(index, parseQuery(query), 25), `${query} after step ${step}`).toEqual(queryIndex(fresh, parseQuery(query), 25))
      }
    }
    expect(index.tables.size).toBeGreaterThan(10)
  })
})
