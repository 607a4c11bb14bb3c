import { describe, expect, it } from 'vitest'
import { matchCommands, matchTables, parseTablePath, tablePath } from './palette-search'

const commands = [{ label: 'New connection' }, { label: 'Create namespace…' }, { label: 'Create table…' }, { label: 'Drop namespace…' }, { label: 'Go to table…' }]

describe('matchCommands', () => {
  it('keeps commands holding every typed word, in any case and order', () => {
    expect(matchCommands(commands, 'namespace create').map((c) => c.label)).toEqual(['Create namespace…'])
    expect(matchCommands(commands, 'TABLE').map((c) => c.label)).toEqual(['Create table…', 'Go to table…'])
    expect(matchCommands(commands, 'nothing like it')).toEqual([])
  })

  it('lists everything for an empty query, and puts names starting with the query first', () => {
    expect(matchCommands(commands, '  ')).toHaveLength(commands.length)
    expect(matchCommands(commands, 'd').map((c) => c.label)[0]).toBe('Drop namespace…')
  })
})

describe('matchTables', () => {
  const tables = [
    { namespace: ['analytics', 'web'], name: 'page_views' },
    { namespace: ['analytics'], name: 'events' },
    { namespace: [], name: 'web_logs' },
    { namespace: ['staging'], name: 'events' }
  ]

  it('ranks paths starting with the text, then names starting with it, then any containing it', () => {
    expect(matchTables(tables, 'web', 10).map((table) => tablePath(table))).toEqual(['web_logs', 'analytics$web$page_views'])
    expect(matchTables(tables, 'events', 10).map((table) => tablePath(table))).toEqual(['analytics$events', 'staging$events'])
    expect(matchTables(tables, 'ANALYTICS$', 10).map((table) => tablePath(table))).toEqual(['analytics$events', 'analytics$web$page_views'])
  })

  it('caps the list and finds nothing for text no path holds', () => {
    expect(matchTables(tables, 'a', 2)).toHaveLength(2)
    expect(matchTables(tables, 'zzz', 10)).toEqual([])
  })
})

describe('parseTablePath', () => {
  it('splits a typed identifier into a namespace and a name', () => {
    expect(parseTablePath(' analytics$web$page_views ')).toEqual({ namespace: ['analytics', 'web'], name: 'page_views' })
    expect(parseTablePath('top')).toEqual({ namespace: [], name: 'top' })
  })

  it('refuses text that is no valid path', () => {
    expect(parseTablePath('')).toBeNull()
    expect(parseTablePath('a$$b')).toBeNull()
    expect(parseTablePath('has space')).toBeNull()
    expect(parseTablePath('ns$')).toBeNull()
  })
})
