/**
 * Queries over a connection's index: words match names (exact, then prefix, then
 * anywhere, then as a subsequence for typos of omission), and filters narrow the kind
 * (`kind:table`, `kind:namespace`, `kind:column`) and a column's type (`type:vector`,
 * `dim:768`). A type or dimension filter means columns.
 */
import type { FindHit, FindKind } from '../../shared/contract/find'
import type { CatalogIndex } from './catalog-index'

/** A query read into its text and filters. */
export interface ParsedQuery {
  readonly text: string
  readonly kinds: ReadonlySet<FindKind> | null
  readonly type: string | null
  readonly dimension: number | null
  readonly problem: string | null
}

const KIND_WORDS: Readonly<Record<string, FindKind>> = {
  table: 'table',
  tables: 'table',
  t: 'table',
  namespace: 'namespace',
  namespaces: 'namespace',
  ns: 'namespace',
  n: 'namespace',
  column: 'column',
  columns: 'column',
  col: 'column',
  c: 'column'
}

/** Reads `kind:`, `type:` and `dim:` out of a query; the other words are the text. */
export function parseQuery(query: string): ParsedQuery {
  const words: string[] = []
  let kinds: Set<FindKind> | null = null
  let type: string | null = null
  let dimension: number | null = null
  const problems: string[] = []
  for (const word of query.trim().split(/\s+/)) {
    if (word === '') continue
    const match = /^(kind|type|dim):(.*)$/i.exec(word)
    if (!match) {
      words.push(word)
      continue
    }
    const key = (match[1] ?? '').toLowerCase()
    const value = (match[2] ?? '').toLowerCase()
    if (key === 'kind') {
      const kind = KIND_WORDS[value]
      if (kind) (kinds ??= new Set()).add(kind)
      else problems.push(`"kind:${value}" is not a kind; use kind:table, kind:namespace or kind:column.`)
    } else if (key === 'type') {
      if (value) type = value
      else problems.push('"type:" needs a type, for example type:vector or type:timestamp.')
    } else {
      const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN
      if (Number.isInteger(n) && n > 0) dimension = n
      else problems.push(`"dim:${value}" needs a whole number, for example dim:768.`)
    }
  }
  if (type !== null || dimension !== null) kinds = new Set<FindKind>(['column'])
  return { text: words.join(' ').toLowerCase(), kinds, type, dimension, problem: problems.length > 0 ? problems.join(' ') : null }
}

/**
 * How well a name matched, lower is better, with the matched stretches; null for no
 * match. `pass` `exact` tries whole-text matches only, `fuzzy` subsequences only.
 */
export function matchName(lowerName: string, text: string, pass: 'exact' | 'fuzzy' | 'both' = 'both'): { score: number; ranges: [number, number][] } | null {
  if (text === '') return pass === 'fuzzy' ? null : { score: 4, ranges: [] }
  const at = lowerName.indexOf(text)
  if (pass !== 'fuzzy') {
    if (lowerName === text) return { score: 0, ranges: [[0, text.length]] }
    if (at === 0) return { score: 1, ranges: [[0, text.length]] }
    if (at > 0) return { score: 2, ranges: [[at, at + text.length]] }
    if (pass === 'exact') return null
  } else if (at >= 0 || text.length > lowerName.length) {
    return null
  }
  // A subsequence: every character of the text in order, as few stretches as the greedy walk finds.
  const ranges: [number, number][] = []
  let from = 0
  for (const char of text) {
    if (char === ' ') continue
    const found = lowerName.indexOf(char, from)
    if (found < 0) return null
    const last = ranges[ranges.length - 1]
    if (last && last[1] === found) last[1] = found + 1
    else ranges.push([found, found + 1])
    from = found + 1
  }
  // Scattered single letters match almost anything; only a few stretches count.
  if (ranges.length > Math.max(2, Math.ceil(text.length / 3))) return null
  return { score: 3, ranges }
}

interface Scored {
  readonly hit: FindHit
  readonly score: number
  readonly order: number
  readonly length: number
  /** The last tie-breakers: a table's rank in name order, a namespace's key, a column's name. */
  readonly rank: number
  readonly namespaceKey: string
  readonly column: string
}

/** The best `limit` hits of a query on an index, best first, and whether more matched. */
export function queryIndex(index: CatalogIndex, query: ParsedQuery, limit: number): { hits: FindHit[]; truncated: boolean } {
  // Whole-text matches first; the costlier subsequence pass only when they leave room.
  const scored = collect(index, query, 'exact')
  if (scored.length < limit && query.text.length > 1) scored.push(...collect(index, query, 'fuzzy'))
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      a.order - b.order ||
      a.length - b.length ||
      a.rank - b.rank ||
      compareText(a.namespaceKey, b.namespaceKey) ||
      compareText(a.column, b.column)
  )
  return { hits: scored.slice(0, limit).map((entry) => entry.hit), truncated: scored.length > limit }
}

function collect(index: CatalogIndex, query: ParsedQuery, pass: 'exact' | 'fuzzy'): Scored[] {
  const scored: Scored[] = []
  const wants = (kind: FindKind): boolean => query.kinds === null || query.kinds.has(kind)
  if (wants('namespace') && query.text !== '') {
    for (const [key, namespace] of index.namespaces) {
      const match = matchName(namespace.lower, query.text, pass)
      if (!match) continue
      const name = namespace.path[namespace.path.length - 1] ?? ''
      scored.push({
        hit: { kind: 'namespace', namespace: namespace.path.slice(0, -1), name, ranges: match.ranges },
        score: match.score,
        order: 1,
        length: name.length,
        rank: 0,
        namespaceKey: key,
        column: ''
      })
    }
  }
  if (wants('table') && query.text !== '') {
    const ranks = index.tableRanks()
    for (const [key, table] of index.tables) {
      const match = matchName(table.lower, query.text, pass)
      if (!match) continue
      scored.push({
        hit: { kind: 'table', namespace: table.namespace, name: table.name, ranges: match.ranges },
        score: match.score,
        order: 0,
        length: table.name.length,
        rank: ranks.get(key) ?? 0,
        namespaceKey: '',
        column: ''
      })
    }
  }
  if (wants('column') && (query.text !== '' || query.type !== null || query.dimension !== null)) {
    // Each distinct column name is matched once; only the columns of names that matched are visited.
    for (const [lower, places] of index.columnsByName()) {
      const match = matchName(lower, query.text, pass)
      if (!match) continue
      for (const { table, rank, column } of places) {
        if (query.dimension !== null && column.dimension !== query.dimension) continue
        if (query.type !== null && !column.typeLower.includes(query.type)) continue
        scored.push({
          hit: {
            kind: 'column',
            namespace: table.namespace,
            name: table.name,
            table: table.name,
            column: column.name,
            type: column.type,
            ranges: match.ranges
          },
          score: match.score,
          order: 2,
          length: column.name.length,
          rank,
          namespaceKey: '',
          column: column.name
        })
      }
    }
  }
  return scored
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0
}
