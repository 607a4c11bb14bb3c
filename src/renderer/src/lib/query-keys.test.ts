import { describe, expect, it } from 'vitest'
import { gridPagesView, pagesView, queryKeys, readsBytesApart, type RowsView } from './query-keys'

const table = { namespace: ['ns'], name: 'pictures' }
const plain: RowsView = { columns: null, filter: '' }
const pictures = [{ name: 'id' }, { name: 'kind' }, { name: 'media', bytes: true }, { name: 'vector' }]

describe('gridPagesView', () => {
  it('names the columns beside the byte columns, so pages never read the bytes', () => {
    expect(gridPagesView(plain, pictures)).toEqual({ columns: ['id', 'kind', 'vector'], filter: '' })
    expect(gridPagesView({ columns: ['media', 'id'], filter: 'id > 2' }, pictures.slice(0, 3))).toEqual({ columns: ['id', 'kind'], filter: 'id > 2' })
  })

  it("reads under the first page's view when no column holds bytes, or every column does", () => {
    const numbers = [{ name: 'id' }, { name: 'value', bytes: false }]
    expect(gridPagesView(plain, numbers)).toEqual(pagesView(plain))
    expect(gridPagesView(plain, [{ name: 'media', bytes: true }])).toEqual(pagesView(plain))
  })

  it('says the byte cells come apart exactly when the pages name the other columns', () => {
    expect(readsBytesApart(plain, pictures)).toBe(true)
    expect(readsBytesApart(plain, [{ name: 'id' }])).toBe(false)
    expect(readsBytesApart(plain, [{ name: 'media', bytes: true }])).toBe(false)
    expect(readsBytesApart({ ...plain, search: { kind: 'fts', text: 'cat', k: 10 } }, pictures)).toBe(false)
  })

  it("leaves a search's view as it is: its rows carry their bytes", () => {
    const searching: RowsView = { columns: null, filter: '', search: { kind: 'fts', text: 'cat', k: 10 } }
    expect(gridPagesView(searching, pictures)).toBe(searching)
  })

  it('gives whoever reads the grid the same cache key the grid reads its pages under', () => {
    const grid = queryKeys.rowPage('c', table, gridPagesView(plain, pictures), 0)
    const other = queryKeys.rowPage('c', table, gridPagesView({ columns: null, filter: '' }, [...pictures]), 0)
    expect(JSON.stringify(other)).toBe(JSON.stringify(grid))
    expect(JSON.stringify(queryKeys.rowPage('c', table, pagesView(plain), 0))).not.toBe(JSON.stringify(grid))
  })
})
