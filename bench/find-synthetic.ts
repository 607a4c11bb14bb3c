/**
 * The full-size index without a catalog behind it: the names and types `bench:find`'s
 * catalog would hold at 1,000 leaf namespaces x 10 tables x 20 columns, put straight into
 * a CatalogIndex, to measure its memory and query times at the issue's size when
 * building that catalog on disk would take too long.
 */
import { CatalogIndex, column } from '../src/main/find/catalog-index'
import { parseQuery, queryIndex } from '../src/main/find/index-query'
import { leafPaths, tableName } from './find-catalog'

/** Builds the index; returns it with the heap it took (with --expose-gc). */
export function syntheticIndex(fanout: number, tables: number, columns: number): { index: CatalogIndex; heapBytes: number | null } {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const before = process.memoryUsage().heapUsed
  const index = new CatalogIndex()
  for (const [leaf, path] of leafPaths(fanout).entries()) {
    for (let j = 0; j < tables; j++) {
      const cols = [column('id', 'int64'), column('embedding', 'vector<float32>[768]', 768)]
      for (let i = cols.length; i < columns; i++) cols.push(column(`attr_${i}`, 'utf8'))
      index.addTable(path, tableName(leaf, j), cols)
    }
  }
  gc?.()
  return { index, heapBytes: gc ? process.memoryUsage().heapUsed - before : null }
}

/** Median and max milliseconds of `rounds` runs of each query. */
export function timeQueries(index: CatalogIndex, queries: readonly string[], rounds = 15): { query: string; median: number; max: number; hits: number }[] {
  return queries.map((query) => {
    const times: number[] = []
    let hits = 0
    for (let i = 0; i < rounds; i++) {
      const start = performance.now()
      hits = queryIndex(index, parseQuery(query), 500).hits.length
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    return { query, median: times[Math.floor(rounds / 2)] ?? 0, max: times[rounds - 1] ?? 0, hits }
  })
}
