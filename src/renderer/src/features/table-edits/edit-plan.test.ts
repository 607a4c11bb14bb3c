import { describe, expect, it } from 'vitest'
import { Decimal, Int64, TimestampNanosecond, Utf8, type DataType } from 'apache-arrow'
import { addRow, deleteRows, NO_EDITS, setCell } from './staged-edits'
import { keyFilter, planText, pythonCode, typescriptCode, type EditPlan } from './edit-plan'

const types: Record<string, DataType> = { id: new Int64(), name: new Utf8(), price: new Decimal(2, 10, 128), seen: new TimestampNanosecond() }

function plan(): EditPlan {
  let edits = setCell(NO_EDITS, { key: '9007199254740993', column: 'name', original: 'a', value: "O'Brien", version: '41' })
  edits = setCell(edits, { key: '2', column: 'price', original: '1.00', value: '2.50', version: '41' })
  edits = setCell(edits, { key: '3', column: 'name', original: 'c', value: null, version: '41' })
  edits = addRow(edits, { id: '100', name: 'new', seen: '2024-05-31T12:00:00.123456789' }, '41').edits
  edits = deleteRows(edits, ['5', '6'], '41')
  return { table: { namespace: ['shop'], name: 'items' }, key: 'id', edits, typeOf: (column) => types[column] }
}

/** Checks that `code` holds every one of `parts`, naming the first one missing. */
function expectParts(code: string, parts: readonly string[]): void {
  for (const part of parts) expect(code, `missing ${part}`).toContain(part)
}

describe('edit plan', () => {
  it('says the plan in Lance’s terms, with the versions', () => {
    expect(planText(plan())).toBe('merge insert on `id`: 3 updates, 1 insert, 2 deletes, from version 41 to 42')
  })

  it('names rows by key in Lance SQL, numbers bare and text quoted', () => {
    expect(keyFilter(plan(), ['1', '2'])).toBe('`id` IN (1, 2)')
    expect(keyFilter({ ...plan(), key: 'name' }, ["O'Brien"])).toBe("`name` IN ('O''Brien')")
  })

  it('writes TypeScript with one merge insert and exact values', () => {
    expectParts(typescriptCode(plan()), [
      '.mergeInsert("id")',
      '.whenNotMatchedBySourceDelete({ where: "`id` IN (5, 6)" })',
      '"name": "O\'Brien"',
      '"name": null',
      'const inserted = [\n  { "id": 100,',
      'await db.openTable("items", ["shop"])'
    ])
  })

  it('writes Python with the imports its values need', () => {
    expectParts(pythonCode(plan()), [
      'from decimal import Decimal',
      'from datetime import datetime',
      '"price": Decimal("2.50")',
      '"name": None',
      'inserted = [\n    { "id": 100,',
      '.when_not_matched_by_source_delete("`id` IN (5, 6)")',
      'table = db.open_table("items", namespace=["shop"])'
    ])
  })

  it('deletes alone with a delete, not a merge insert of nothing', () => {
    const edits = deleteRows(NO_EDITS, ['7'], '3')
    const only = { ...plan(), edits }
    expect(typescriptCode(only)).toContain('await table.delete("`id` IN (7)")')
    expect(pythonCode(only)).toContain('table.delete("`id` IN (7)")')
    expect(planText(only)).toBe('merge insert on `id`: 0 updates, 0 inserts, 1 delete, from version 3 to 4')
  })
})
