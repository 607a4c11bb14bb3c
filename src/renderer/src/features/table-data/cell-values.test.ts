import { Field, FixedSizeList, Float32, Int32, Int64, List, Struct, TimeUnit, Timestamp, Utf8, vectorFromArray } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { copyTextAt, jsonAt, viewerValueAt } from './cell-values'
import { MAX_TEXT } from './cell-format'

describe('viewerValueAt', () => {
  it('gives long strings whole, not cut as the grid shows them', () => {
    const long = 'x'.repeat(MAX_TEXT + 5)
    expect(viewerValueAt(vectorFromArray([long], new Utf8()), 0)).toEqual({ kind: 'text', text: long })
  })

  it('gives vectors as numbers and structs as a tree', () => {
    const vectors = vectorFromArray([[0.5, NaN]], new FixedSizeList(2, new Field('item', new Float32())))
    expect(viewerValueAt(vectors, 0)).toMatchObject({ kind: 'vector', texts: ['0.5', 'NaN'] })
    const structs = vectorFromArray([{ a: 1, b: ['x'] }], new Struct([new Field('a', new Int32()), new Field('b', new List(new Field('item', new Utf8())))]))
    const tree = viewerValueAt(structs, 0)
    if (tree.kind !== 'tree') throw new Error(`a tree, not ${tree.kind}`)
    expect(tree.entries().map((entry) => [entry.label, entry.value.kind])).toEqual([
      ['a', 'number'],
      ['b', 'tree']
    ])
  })
})

describe('copies', () => {
  it('copies text whole and vectors as JSON', () => {
    expect(copyTextAt(vectorFromArray(['a\nb'], new Utf8()), 0)).toBe('a\nb')
    expect(copyTextAt(vectorFromArray([[1, 2]], new FixedSizeList(2, new Field('item', new Float32()))), 0)).toBe('[\n  1,\n  2\n]')
  })

  it('writes JSON with exact large integers and timestamps', () => {
    expect(jsonAt(vectorFromArray([9007199254740993n], new Int64()), 0)).toBe('9007199254740993')
    expect(jsonAt(vectorFromArray([7n], new Int64()), 0)).toBe(7)
    expect(jsonAt(vectorFromArray([Date.UTC(2024, 0, 2, 3, 4, 5, 6)], new Timestamp(TimeUnit.MILLISECOND, null)), 0)).toBe('2024-01-02T03:04:05.006')
    expect(jsonAt(vectorFromArray([null], new Utf8()), 0)).toBeNull()
  })
})
