import { describe, expect, it } from 'vitest'
import { namespaceKey, tableKey } from '../lib/node-key'
import { migrateUiState } from './ui-state-migration'

/** The contents of a ui-state.json as version 1 of the app saved it (before node keys). */
const VERSION_1 = {
  state: {
    connectionId: 'c1',
    views: {
      c1: {
        expanded: ['["sales"]', '["sales","eu"]', 'not json', 42],
        focusedKey: 't:["sales","eu","orders"]',
        selectedTable: { namespace: ['sales', 'eu'], name: 'orders' }
      },
      c2: { expanded: [], focusedKey: 'n:["x"', selectedTable: { namespace: 'x', name: 1 } },
      broken: 'not a view'
    },
    pageSize: 250
  },
  version: 1
}

describe('migrateUiState', () => {
  it('reads a version 1 file: expanded paths become node keys, focus and selection stay', () => {
    const state = migrateUiState(VERSION_1.state, VERSION_1.version)
    expect(state).toEqual({
      connectionId: 'c1',
      pageSize: 250,
      views: {
        c1: {
          expanded: [namespaceKey(['sales']), namespaceKey(['sales', 'eu'])],
          focusedKey: tableKey({ namespace: ['sales', 'eu'], name: 'orders' }),
          selectedTable: { namespace: ['sales', 'eu'], name: 'orders' },
          tabs: []
        },
        // What cannot be read starts fresh rather than failing the whole file.
        c2: { expanded: [], focusedKey: null, selectedTable: null, tabs: [] }
      }
    })
  })

  it('gives nothing for a version it does not know or a state that is not an object', () => {
    expect(migrateUiState({ connectionId: 'c1' }, 99)).toEqual({})
    expect(migrateUiState(null, 1)).toEqual({})
    expect(migrateUiState(['a'], 1)).toEqual({})
  })
})
