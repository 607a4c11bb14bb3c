import { describe, expect, it } from 'vitest'
import type { FieldInfo } from '@shared/catalog-types'
import { formFor, specOf } from './index-form'

const vector: FieldInfo = { name: 'vector', type: 'vector<float32>[16]', nullable: true, dimension: 16 }
const id: FieldInfo = { name: 'id', type: 'int64', nullable: false }

describe('the create-index form', () => {
  it('starts a vector column at IVF_PQ with partitions from the rows and sub-vectors from the dimension', () => {
    expect(specOf(formFor(vector, 500))).toEqual({
      spec: { column: 'vector', indexType: 'IVF_PQ', distanceType: 'l2', numPartitions: 22, numSubVectors: 1 },
      problems: null
    })
  })

  it('starts a scalar column at BTREE with no parameters', () => {
    expect(specOf(formFor(id, 500))).toEqual({ spec: { column: 'id', indexType: 'BTREE' }, problems: null })
  })

  it('sends HNSW parameters for HNSW types and the chosen name', () => {
    const form = { ...formFor(vector, 100), indexType: 'IVF_HNSW_SQ' as const, name: 'v_hnsw', distanceType: 'cosine' as const }
    expect(specOf(form).spec).toEqual({
      column: 'vector',
      indexType: 'IVF_HNSW_SQ',
      name: 'v_hnsw',
      distanceType: 'cosine',
      numPartitions: 10,
      m: 20,
      efConstruction: 300
    })
  })

  it('names each problem instead of building a spec', () => {
    const form = { ...formFor(vector, 100), name: 'no spaces', numPartitions: '0', numSubVectors: '2.5' }
    expect(specOf(form).problems).toEqual({
      name: expect.stringMatching(/letters, digits/),
      numPartitions: 'A whole number from 1 to 1,000,000.',
      numSubVectors: 'A whole number from 1 to 1,000,000.'
    })
  })

  it('refuses sub-vectors that do not divide the dimension, naming one that does', () => {
    const form = { ...formFor(vector, 100), numSubVectors: '3' }
    expect(specOf(form, 16).problems).toEqual({ numSubVectors: "Must divide the vector's dimension, 16: try 1." })
    expect(specOf({ ...form, numSubVectors: '4' }, 16).spec).toMatchObject({ numSubVectors: 4 })
    expect(specOf(form).spec).toMatchObject({ numSubVectors: 3 })
  })
})
