/**
 * Queries over a connection's index: words match names (exact, then prefix, then
 * anywhere, then as a subsequence for typos of omission), and filters narrow the kind
 * (`kind:table`, `kind:namespace`, `kind:column`) and a column's type (`type:vector`,
 * `dim:768`). A type or dimension filter means columns.
 */
import type { FindHit, FindKind } from '../../shared/contract/find'
import { BestOf } from './best-of'
import { QUERY_MAX_ANSWER_BYTES } from './find-budget'
import { eachColumn, type CatalogIndex, type IndexedColumn, type IndexedNamespace, type IndexedTable, type TableSlot } from './catalog-index'

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
  // Most names fail, so the walk first only counts; the stretches are made for those that match.
  const stretches = walkSubsequence(lowerName, text, null)
  // Scattered single letters match almost anything; only a few stretches count.
  if (stretches < 0 || stretches > Math.max(2, Math.ceil(text.length / 3))) return null
  const ranges: [number, number][] = []
  walkSubsequence(lowerName, text, ranges)
  return { score: 3, ranges }
}

/** The stretches of `name` the greedy walk matches `text` in (pushed to `ranges` when given), or -1 when it is not a subsequence. */
function walkSubsequence(name: string, text: string, ranges: [number, number][] | null): number {
  let count = 0
  let end = -1
  let from = 0
  for (const char of text) {
    if (char === ' ') continue
    const found = name.indexOf(char, from)
    if (found < 0) return -1
    const last = ranges?.[ranges.length - 1]
    if (found === end) {
      if (last) last[1] = found + 1
    } else {
      count++
      ranges?.push([found, found + 1])
    }
    end = found + 1
    from = found + 1
  }
  return count
}

interface Scored {
  readonly score: number
  readonly order: number
  readonly length: number
  /** The last tie-breakers: a table's rank in name order, a namespace's key, a column's name. */
  readonly rank: number
  readonly namespaceKey: string
  readonly column: string
  readonly ranges: [number, number][]
  /** What matched: one of a namespace, a table and a column; the hit is made only for those kept. */
  readonly namespace?: IndexedNamespace
  readonly table?: IndexedTable
  readonly slot?: TableSlot
  readonly found?: IndexedColumn
}

const ORDER_TABLE = 0
const ORDER_NAMESPACE = 1
const ORDER_COLUMN = 2

/**
 * The best `limit` hits of a query on an index, best first, and whether more matched;
 * cut where the hits pass `maxBytes` of JSON, so an answer's size is the budget's, never
 * what the catalog's names add up to.
 */
export function queryIndex(index: CatalogIndex, query: ParsedQuery, limit: number, maxBytes = QUERY_MAX_ANSWER_BYTES): { hits: FindHit[]; truncated: boolean } {
  const best = new BestOf<Scored>(limit, compareScored)
  // Whole-text matches first; the costlier subsequence pass only when they leave room.
  collect(index, query, 'exact', best)
  if (best.offered < limit && query.text.length > 1) collect(index, query, 'fuzzy', best)
  const hits: FindHit[] = []
  let bytes = 0
  for (const entry of best.sorted()) {
    const hit = hitOf(entry)
    bytes += hitBytes(hit)
    if (bytes > maxBytes) return { hits, truncated: true }
    hits.push(hit)
  }
  return { hits, truncated: best.offered > limit }
}

/** About the bytes of a hit's JSON (UTF-8 may take up to three per character; names are counted so, to stay under). */
function hitBytes(hit: FindHit): number {
  let chars = 128 + hit.name.length + (hit.table?.length ?? 0) + (hit.column?.length ?? 0) + (hit.type?.length ?? 0) + hit.ranges.length * 24
  for (const part of hit.namespace) chars += part.length + 3
  return chars * 3
}

function compareScored(a: Scored, b: Scored): number {
  return (
    a.score - b.score ||
    a.order - b.order ||
    a.length - b.length ||
    a.rank - b.rank ||
    compareText(a.namespaceKey, b.namespaceKey) ||
    compareText(a.column, b.column)
  )
}

function hitOf(entry: Scored): FindHit {
  const { namespace, table, slot, found, ranges } = entry
  if (namespace) return { kind: 'namespace', namespace: namespace.path.slice(0, -1), name: namespace.path[namespace.path.length - 1] ?? '', ranges }
  if (table) return { kind: 'table', namespace: table.namespace, name: table.name, ranges }
  const { namespace: path, name } = (slot as TableSlot).table
  const column = found as IndexedColumn
  return { kind: 'column', namespace: path, name, table: name, column: column.name, type: column.type, ranges }
}

function collect(index: CatalogIndex, query: ParsedQuery, pass: 'exact' | 'fuzzy', best: BestOf<Scored>): void {
  const wants = (kind: FindKind): boolean => query.kinds === null || query.kinds.has(kind)
  // A kind alone (`kind:table`) lists that kind; with no kind, no text and no type, nothing.
  const listed = query.text !== '' || query.kinds !== null
  if (wants('namespace') && listed) {
    for (const [key, namespace] of index.namespaces) {
      const match = matchName(namespace.lower, query.text, pass)
      if (!match) continue
      const name = namespace.path[namespace.path.length - 1] ?? ''
      best.offer({ score: match.score, order: ORDER_NAMESPACE, length: name.length, rank: 0, namespaceKey: key, column: '', ranges: match.ranges, namespace })
    }
  }
  if (wants('table') && listed) {
    for (const [key, table] of index.tables) {
      const match = matchName(table.lower, query.text, pass)
      if (!match) continue
      const rank = index.slotOf(key)?.rank ?? 0
      best.offer({ score: match.score, order: ORDER_TABLE, length: table.name.length, rank, namespaceKey: '', column: '', ranges: match.ranges, table })
    }
  }
  if (wants('column') && (listed || query.type !== null || query.dimension !== null)) {
    const add = (slot: TableSlot, column: IndexedColumn, match: { score: number; ranges: [number, number][] }): void => {
      // Most candidates of a broad query lose to the worst kept on score, length or rank: they are not even made.
      const worst = best.worst()
      if (worst && (match.score - worst.score || ORDER_COLUMN - worst.order || column.name.length - worst.length || slot.rank - worst.rank) > 0) {
        best.passOver()
        return
      }
      best.offer({
        score: match.score,
        order: ORDER_COLUMN,
        length: column.name.length,
        rank: slot.rank,
        namespaceKey: '',
        column: column.name,
        ranges: match.ranges,
        slot,
        found: column
      })
    }
    if (query.type !== null || query.dimension !== null) {
      // A type or dimension narrows to its own groups; each distinct name among them is matched once.
      const matches = new Map<string, ReturnType<typeof matchName>>()
      for (const group of index.columnsOfType(query.type, query.dimension)) {
        eachColumn(group, (slot, column) => {
          if (!fitsType(column, query)) return
          let match = matches.get(column.lower)
          if (match === undefined) {
            match = matchName(column.lower, query.text, pass)
            matches.set(column.lower, match)
          }
          if (match) add(slot, column, match)
        })
      }
    } else {
      // Each distinct column name is matched once; only the columns of names that matched are visited.
      for (const [lower, group] of index.columnsByName()) {
        const match = matchName(lower, query.text, pass)
        if (match) eachColumn(group, (slot, column) => add(slot, column, match))
      }
    }
  }
}

function fitsType(column: IndexedColumn, query: ParsedQuery): boolean {
  return (query.dimension === null || column.dimension === query.dimension) && (query.type === null || column.typeLower.includes(query.type))
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0
}
