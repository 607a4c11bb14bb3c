import { describe, expect, it } from 'vitest'
import { matchCommands, matchTables, parseTablePath, rankForQuery, tablePath } from './palette-search'

const commands = [
  { label: 'New connection' },
  { label: 'Create namespace…' },
  { label: 'Create table…' },
  { label: 'Drop namespace…' },
  { label: 'Go to table…' }
]

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

describe('rankForQuery', () => {
  const named = [
    { label: 'Rename table analytics$articles…' },
    { label: 'Drop table analytics$articles…', destructive: true },
    { label: 'Copy identifier analytics$articles' }
  ]
  const go = { label: 'Go to table analytics$articles' }

  it('puts going to a typed table before the commands naming it, and a drop last', () => {
    const ranked = rankForQuery(named, [go], 'analytics$articles').map((item) => item.label)
    expect(ranked[0]).toBe(go.label)
    expect(ranked.at(-1)).toBe('Drop table analytics$articles…')
    expect(ranked).toHaveLength(4)
  })

  it('lets a command typed by its own name, a drop too, come first', () => {
    expect(rankForQuery(named, [go], 'drop').map((item) => item.label)[0]).toBe('Drop table analytics$articles…')
    expect(rankForQuery(named, [go], 'Rename').map((item) => item.label)[0]).toBe('Rename table analytics$articles…')
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

  it('takes any name a catalog may list, as the tree shows it', () => {
    expect(parseTablePath('Sales Team$café crème')).toEqual({ namespace: ['Sales Team'], name: 'café crème' })
    expect(parseTablePath('has space')).toEqual({ namespace: [], name: 'has space' })
    expect(parseTablePath('数据')).toEqual({ namespace: [], name: '数据' })
    // Names holding the delimiter or a quote, or with spaces at an end, are quoted.
    expect(parseTablePath('"a$b"$"say ""hi"""$" padded "')).toEqual({ namespace: ['a$b', 'say "hi"'], name: ' padded ' })
    expect(parseTablePath('ns|my table', '|')).toEqual({ namespace: ['ns'], name: 'my table' })
  })

  it('reads back every path it writes', () => {
    for (const table of [
      { namespace: ['Sales Team'], name: 'Q3 sales' },
      { namespace: ['a$b', 'x"y'], name: ' lead' },
      { namespace: [], name: 'v1.2.final' }
    ]) {
      expect(parseTablePath(tablePath(table))).toEqual(table)
    }
  })

  it('refuses text that names no table', () => {
    expect(parseTablePath('')).toBeNull()
    expect(parseTablePath('  ')).toBeNull()
    expect(parseTablePath('$')).toBeNull()
    expect(parseTablePath('a$$b')).toBeNull()
    expect(parseTablePath('ns$')).toBeNull()
    expect(parseTablePath('"unclosed$t')).toBeNull()
  })
})
