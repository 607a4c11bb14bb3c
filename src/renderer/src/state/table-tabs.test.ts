import { describe, expect, it } from 'vitest'
import { closeTab, moveTab, normalizeTabs, openInNewTab, renameTab, showInActiveTab, type TableTabs } from './table-tabs'

const a = { namespace: ['ns'], name: 'a' }
const b = { namespace: ['ns'], name: 'b' }
const c = { namespace: [], name: 'c' }
const names = (state: TableTabs): string[] => state.tabs.map((tab) => tab.name)
const none: TableTabs = { tabs: [], active: null }

describe('table tabs', () => {
  it('shows a table in the active tab, opening a first tab when none is open', () => {
    const one = showInActiveTab(none, a)
    expect(names(one)).toEqual(['a'])
    const replaced = showInActiveTab(one, b)
    expect(names(replaced)).toEqual(['b'])
    expect(replaced.active).toBe(b)
  })

  it('opens new tabs right of the active one and activates an open table instead of opening it twice', () => {
    const two = openInNewTab(showInActiveTab(none, a), b)
    expect(names(two)).toEqual(['a', 'b'])
    const back = showInActiveTab(two, { namespace: ['ns'], name: 'a' })
    expect(names(back)).toEqual(['a', 'b'])
    expect(back.active?.name).toBe('a')
    expect(names(openInNewTab(back, c))).toEqual(['a', 'c', 'b'])
    expect(names(openInNewTab(back, { namespace: ['ns'], name: 'b' }))).toEqual(['a', 'b'])
  })

  it('closing the active tab activates its right neighbour, else its left, else none', () => {
    const three = { tabs: [a, b, c], active: b }
    expect(closeTab(three, b).active).toBe(c)
    expect(closeTab({ tabs: [a, b], active: b }, b).active).toBe(a)
    expect(closeTab({ tabs: [a], active: a }, a)).toEqual(none)
    expect(closeTab(three, a)).toEqual({ tabs: [b, c], active: b })
    expect(closeTab(three, { namespace: ['other'], name: 'a' })).toBe(three)
  })

  it('moves tabs within bounds and keeps the active one', () => {
    const three = { tabs: [a, b, c], active: a }
    expect(names(moveTab(three, 0, 2))).toEqual(['b', 'c', 'a'])
    expect(names(moveTab(three, 2, -5))).toEqual(['c', 'a', 'b'])
    expect(moveTab(three, 1, 1)).toBe(three)
    expect(moveTab(three, 7, 0)).toBe(three)
    expect(moveTab(three, 0, 2).active).toBe(a)
  })

  it('renames a tab in place, merging it with a tab already showing the new name', () => {
    const renamed = { namespace: ['ns'], name: 'a2' }
    expect(renameTab({ tabs: [a, b], active: a }, a, renamed)).toEqual({ tabs: [renamed, b], active: renamed })
    expect(names(renameTab({ tabs: [a, b], active: b }, a, b))).toEqual(['b'])
  })

  it('makes saved state whole: a selection without tabs, duplicates and junk', () => {
    expect(normalizeTabs(undefined, a)).toEqual({ tabs: [a], active: a })
    expect(normalizeTabs([a, a, { name: 3 } as never, b], null)).toEqual({ tabs: [a, b], active: null })
  })
})
