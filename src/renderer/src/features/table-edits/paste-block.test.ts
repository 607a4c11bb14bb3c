import { describe, expect, it } from 'vitest'
import { MAX_PASTE_CELLS, pasteBlock, splitBlock } from './paste-block'

const grid = (rows: number, cols: number, problem: (row: number, col: number) => string | null = () => null) => ({
  rowCount: rows,
  colCount: cols,
  problem,
  stage: (row: number, col: number, value: string | null) => (row === 3 ? null : { key: String(row), column: `c${col}`, original: 'x', value })
})

describe('paste block', () => {
  it('splits lines and tabs, keeping empty cells and dropping one final line break', () => {
    expect(splitBlock('a\tb\r\nc\t\n')).toEqual([
      ['a', 'b'],
      ['c', '']
    ])
  })

  it('lays the block from the active cell and counts what falls outside', () => {
    const result = pasteBlock('1\t2\n3\t4\n5\t6', { row: 1, col: 1 }, grid(3, 2))
    expect(result.cells.map((cell) => [cell.key, cell.column, cell.value])).toEqual([
      ['1', 'c1', '1'],
      ['2', 'c1', '3']
    ])
    expect(result.skipped).toBe(4)
    expect(result.firstSkip).toMatch(/past the grid/)
  })

  it('skips cells that cannot be edited or whose row is not read, saying why', () => {
    const result = pasteBlock(
      'a\nb\nc',
      { row: 2, col: 0 },
      grid(10, 1, (row) => (row === 4 ? 'The key is not edited.' : null))
    )
    expect(result.cells.map((cell) => cell.key)).toEqual(['2'])
    expect(result.skipped).toBe(2)
    expect(result.firstSkip).toMatch(/still being read/)
  })

  it('refuses a block larger than the bound', () => {
    const text = Array.from({ length: MAX_PASTE_CELLS + 1 }, () => 'x').join('\n')
    expect(pasteBlock(text, { row: 0, col: 0 }, grid(10, 1)).error).toMatch(/at most 100,000 cells/)
  })
})
