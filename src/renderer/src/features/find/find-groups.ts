/**
 * Find results as the box shows them: grouped by namespace (in the order their best
 * result came), each hit with the text it matched split into plain and matched pieces.
 */
import type { FindHit } from '@shared/contract/find'
import { displayIdentifier, type NamespacePath } from '@shared/namespace-path'

/** The results under one namespace. */
export interface FindGroup {
  readonly namespace: NamespacePath
  readonly label: string
  readonly hits: readonly FindHit[]
}

/** Groups hits by the namespace that holds them, keeping the order of each group's best hit. */
export function groupHits(hits: readonly FindHit[], delimiter: string): FindGroup[] {
  const groups = new Map<string, { namespace: NamespacePath; hits: FindHit[] }>()
  for (const hit of hits) {
    const key = hit.namespace.join('\u0000')
    let group = groups.get(key)
    if (!group) {
      group = { namespace: hit.namespace, hits: [] }
      groups.set(key, group)
    }
    group.hits.push(hit)
  }
  return [...groups.values()].map((group) => ({
    namespace: group.namespace,
    label: group.namespace.length === 0 ? 'Root namespace' : displayIdentifier(group.namespace, delimiter),
    hits: group.hits
  }))
}

/** The text a hit matched on: the column's name for columns, else the name. */
export function matchedText(hit: FindHit): string {
  return hit.kind === 'column' ? (hit.column ?? '') : hit.name
}

/** `text` cut into pieces, each marked whether it is part of a match. */
export function highlightPieces(text: string, ranges: readonly (readonly [number, number])[]): { text: string; matched: boolean }[] {
  const pieces: { text: string; matched: boolean }[] = []
  let at = 0
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length) continue
    if (start > at) pieces.push({ text: text.slice(at, start), matched: false })
    pieces.push({ text: text.slice(start, end), matched: true })
    at = end
  }
  if (at < text.length) pieces.push({ text: text.slice(at), matched: false })
  return pieces
}

/** A stable id for a hit. */
export function hitId(hit: FindHit): string {
  return JSON.stringify([hit.kind, hit.namespace, hit.name, hit.column ?? null])
}
