import { describe, expect, it } from 'vitest'
import { firstExpanded } from './first-view'

describe('firstExpanded', () => {
  it('opens the example namespace of the catalog made on first run', () => {
    expect(firstExpanded({ type: 'dir', target: '/home/a/.config/lcb/default-catalog' })).toEqual([['examples']])
    expect(firstExpanded({ type: 'dir', target: 'C:\\Users\\a\\lcb\\default-catalog' })).toEqual([['examples']])
  })

  it('leaves any other catalog folded', () => {
    expect(firstExpanded({ type: 'dir', target: '/data/catalog' })).toEqual([])
    expect(firstExpanded({ type: 'rest', target: 'http://host/default-catalog' })).toEqual([])
  })
})
