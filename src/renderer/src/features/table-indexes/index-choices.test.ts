import { describe, expect, it } from 'vitest'
import type { FieldInfo } from '@shared/catalog-types'
import { defaultPartitions, defaultSubVectors, indexableFields, indexTypesFor } from './index-choices'

const field = (type: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({ name: 'c', type, nullable: true, ...extra })

describe('index types offered for a column', () => {
  it('offers vector index types, IVF_PQ first, for a vector', () => {
    expect(indexTypesFor(field('vector<float32>[16]', { dimension: 16 }))).toEqual(['IVF_PQ', 'IVF_HNSW_SQ', 'IVF_HNSW_PQ', 'IVF_FLAT'])
  })

  it('offers BTREE first, then BITMAP, for numbers, dates and booleans; strings also FTS', () => {
    for (const type of ['int64', 'uint8', 'float64', 'bool', 'date32', 'timestamp[us, UTC]']) expect(indexTypesFor(field(type))).toEqual(['BTREE', 'BITMAP'])
    expect(indexTypesFor(field('utf8'))).toEqual(['BTREE', 'BITMAP', 'FTS'])
    expect(indexTypesFor(field('large_utf8'))).toEqual(['BTREE', 'BITMAP', 'FTS'])
  })

  it('offers LABEL_LIST for lists and nothing for structs or maps', () => {
    expect(indexTypesFor(field('list<utf8>'))).toEqual(['LABEL_LIST'])
    expect(indexTypesFor(field('struct'))).toEqual([])
    expect(indexTypesFor(field('map<utf8, int32>'))).toEqual([])
    expect(indexableFields([field('struct'), { ...field('int32'), name: 'n' }]).map((f) => f.name)).toEqual(['n'])
  })
})

describe('starting parameters', () => {
  it('partitions about the square root of the rows, at least one', () => {
    expect([defaultPartitions(500), defaultPartitions(1_000_000), defaultPartitions(0), defaultPartitions(null)]).toEqual([22, 1000, 1, 1])
  })

  it('sub-vectors that divide the dimension', () => {
    expect([
      defaultSubVectors(16),
      defaultSubVectors(128),
      defaultSubVectors(24),
      defaultSubVectors(12),
      defaultSubVectors(7),
      defaultSubVectors(undefined)
    ]).toEqual([1, 8, 3, 3, 1, 1])
  })
})
