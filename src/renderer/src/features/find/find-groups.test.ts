import { describe, expect, it } from 'vitest'
import type { FindHit } from '@shared/contract/find'
import { groupHits, highlightPieces } from './find-groups'

describe('find groups', () => {
  it('groups hits by namespace in the order of each group best hit', () => {
    const hits: FindHit[] = [
      { kind: 'table', namespace: ['a', 'b'], name: 'orders', ranges: [] },
      { kind: 'table', namespace: [], name: 'orders_x', ranges: [] },
      { kind: 'column', namespace: ['a', 'b'], name: 'items', table: 'items', column: 'order_id', ranges: [] }
    ]
    expect(groupHits(hits, '$').map((group) => [group.label, group.hits.length])).toEqual([
      ['a$b', 2],
      ['Root namespace', 1]
    ])
  })

  it('marks the matched stretches of a name', () => {
    expect(
      highlightPieces('customer_id', [
        [9, 11],
        [0, 4]
      ])
    ).toEqual([
      { text: 'cust', matched: true },
      { text: 'omer_', matched: false },
      { text: 'id', matched: true }
    ])
  })
})
