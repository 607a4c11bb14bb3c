import { describe, expect, it } from 'vitest'
import { addRow, deleteRows, editCounts, NO_EDITS, removeInserted, revertCells, revertRows, setCell, setInsertedCell, stagedCell } from './staged-edits'

const edit = (key: string, column: string, original: string | null, value: string | null, version = '41') => ({ key, column, original, value, version })

describe('staged edits', () => {
  it('keeps a changed cell under its row key with the original and the base version', () => {
    const edits = setCell(NO_EDITS, edit('7', 'name', 'ann', 'Ann'))
    expect(stagedCell(edits, '7', 'name')).toBe('Ann')
    expect(edits.updates.get('7')?.original).toEqual({ name: 'ann' })
    expect(edits.base).toBe('41')
    expect(editCounts(edits)).toEqual({ updates: 1, inserts: 0, deletes: 0 })
  })

  it('drops a cell edited back to its original, and the row with it', () => {
    let edits = setCell(NO_EDITS, edit('7', 'name', 'ann', 'Ann'))
    edits = setCell(edits, edit('7', 'name', 'Ann', 'ann', '42'))
    expect(stagedCell(edits, '7', 'name')).toBeUndefined()
    expect(edits).toBe(NO_EDITS)
  })

  it('compares with the column rule given, so 1.0 equals 1 where the type says so', () => {
    const numeric = (_c: string, a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b))
    const edits = setCell(NO_EDITS, edit('1', 'score', '1', '1.0'), numeric)
    expect(edits.updates.size).toBe(0)
  })

  it('tells null apart from the text "null" and from the empty string', () => {
    let edits = setCell(NO_EDITS, edit('1', 'note', null, 'null'))
    expect(stagedCell(edits, '1', 'note')).toBe('null')
    edits = setCell(edits, edit('1', 'note', null, ''))
    expect(stagedCell(edits, '1', 'note')).toBe('')
    edits = setCell(edits, edit('1', 'note', '', null))
    expect(edits.updates.size).toBe(0)
  })

  it('keeps the first base version for later edits', () => {
    let edits = setCell(NO_EDITS, edit('1', 'a', 'x', 'y', '41'))
    edits = setCell(edits, edit('2', 'a', 'x', 'z', '43'))
    expect(edits.base).toBe('41')
  })

  it('reverts one cell, a whole row, or a deletion', () => {
    let edits = setCell(NO_EDITS, edit('1', 'a', 'x', 'y'))
    edits = setCell(edits, edit('1', 'b', '1', '2'))
    edits = revertCells(edits, '1', ['a'])
    expect(edits.updates.get('1')?.changed).toEqual({ b: '2' })
    edits = deleteRows(edits, ['2'], '41')
    edits = revertRows(edits, ['1', '2'])
    expect(edits).toBe(NO_EDITS)
  })

  it('drops a deleted row’s cell changes', () => {
    let edits = setCell(NO_EDITS, edit('1', 'a', 'x', 'y'))
    edits = deleteRows(edits, ['1'], '41')
    expect(editCounts(edits)).toEqual({ updates: 0, inserts: 0, deletes: 1 })
  })

  it('adds, fills and removes new rows with ids that stay unique', () => {
    const first = addRow(NO_EDITS, { id: null }, '41')
    const second = addRow(first.edits, {}, '41')
    expect(second.id).toBe(first.id + 1)
    let edits = setInsertedCell(second.edits, first.id, 'id', '100')
    expect(edits.inserts[0]?.values).toEqual({ id: '100' })
    edits = removeInserted(edits, [first.id])
    expect(addRow(edits, {}, '41').id).toBe(second.id + 1)
    expect(removeInserted(edits, [second.id])).toBe(NO_EDITS)
  })

  it('leaves its input unchanged', () => {
    const before = setCell(NO_EDITS, edit('1', 'a', 'x', 'y'))
    setCell(before, edit('1', 'a', 'y', 'z'))
    deleteRows(before, ['1'], '41')
    expect(stagedCell(before, '1', 'a')).toBe('y')
  })
})
