/**
 * The create-index form as plain data: the choices a person makes (numbers as typed),
 * starting values for a column, and the spec it becomes (or the first problem in it).
 */
import type { FieldInfo } from '@shared/catalog-types'
import type { IndexSpec } from '@shared/contract/indexes'
import { DISTANCE_TYPES, INDEX_NAME_PATTERN, INDEX_NAME_RULE, isVectorIndexType, type IndexType } from '@shared/index-types'
import { parseWhole, wholeRule } from '../../ui/whole-number'
import { defaultPartitions, defaultSubVectors, indexTypesFor } from './index-choices'

/** LanceDB's HNSW defaults: edges per node and candidates while building. */
const HNSW_M = 20
const HNSW_EF_CONSTRUCTION = 300

/** The range of every whole-number parameter of an index. */
export const INDEX_NUMBER = { min: 1, max: 1_000_000 } as const
/** The form's whole-number parameters. */
export type IndexNumberParam = 'numPartitions' | 'numSubVectors' | 'm' | 'efConstruction'

/** The form's values; numbers stay text until the spec is built. */
export interface IndexForm {
  readonly column: string
  readonly indexType: IndexType | ''
  readonly name: string
  readonly distanceType: (typeof DISTANCE_TYPES)[number]
  readonly numPartitions: string
  readonly numSubVectors: string
  readonly m: string
  readonly efConstruction: string
  readonly withPosition: boolean
}

/** Which parameters a type takes. */
export function paramsOf(type: IndexType | ''): { vector: boolean; subVectors: boolean; hnsw: boolean; fts: boolean } {
  const vector = type !== '' && isVectorIndexType(type)
  return { vector, subVectors: type === 'IVF_PQ' || type === 'IVF_HNSW_PQ', hnsw: type === 'IVF_HNSW_SQ' || type === 'IVF_HNSW_PQ', fts: type === 'FTS' }
}

/** The form for `field` (its default type and starting parameters), keeping the chosen name. */
export function formFor(field: FieldInfo | undefined, rows: number | null, name = ''): IndexForm {
  return {
    column: field?.name ?? '',
    indexType: field ? (indexTypesFor(field)[0] ?? '') : '',
    name,
    distanceType: 'l2',
    numPartitions: String(defaultPartitions(rows)),
    numSubVectors: String(defaultSubVectors(field?.dimension)),
    m: String(HNSW_M),
    efConstruction: String(HNSW_EF_CONSTRUCTION),
    withPosition: false
  }
}

/** Problems by field name (`name`, `numPartitions`…), for showing under each field. */
export type FormProblems = Partial<Record<keyof IndexForm, string>>

/**
 * The spec the form describes, or the problems that stop it. `dimension` is the vector
 * column's, when known: product quantization splits each vector into sub-vectors of equal
 * length, so their number must divide it (LanceDB refuses the build otherwise).
 */
export function specOf(form: IndexForm, dimension?: number): { spec: IndexSpec; problems: null } | { spec: null; problems: FormProblems } {
  const problems: FormProblems = {}
  if (form.column === '') problems.column = 'Choose a column to index.'
  if (form.indexType === '') problems.indexType = 'This column cannot be indexed.'
  const name = form.name.trim()
  if (name !== '') {
    if (!INDEX_NAME_PATTERN.test(name)) problems.name = INDEX_NAME_RULE
  }
  const params = paramsOf(form.indexType)
  const whole = (key: IndexNumberParam): number | undefined => {
    const value = parseWhole(form[key], INDEX_NUMBER)
    if (value === undefined || value === null) {
      problems[key] = wholeRule(INDEX_NUMBER)
      return undefined
    }
    return value
  }
  const subVectors = (value: number | undefined): number | undefined => {
    if (value === undefined || dimension === undefined || dimension % value === 0) return value
    problems.numSubVectors = `Must divide the vector's dimension, ${dimension}: try ${defaultSubVectors(dimension)}.`
    return undefined
  }
  const spec = {
    column: form.column,
    indexType: form.indexType as IndexType,
    ...(name !== '' ? { name } : {}),
    ...(params.vector ? { distanceType: form.distanceType, numPartitions: whole('numPartitions') } : {}),
    ...(params.subVectors ? { numSubVectors: subVectors(whole('numSubVectors')) } : {}),
    ...(params.hnsw ? { m: whole('m'), efConstruction: whole('efConstruction') } : {}),
    ...(params.fts ? { withPosition: form.withPosition } : {})
  }
  return Object.keys(problems).length > 0 ? { spec: null, problems } : { spec: spec as IndexSpec, problems: null }
}
