/** What the namespace health view says each table needs, and the order it lists them in. */
import { describe, expect, it } from 'vitest'
import type { TableHealth } from '@shared/contract/health'
import { maintenanceNeed } from './maintenance-need'

const healthy: TableHealth = {
  version: '3',
  rows: '1000',
  liveBytes: '50000',
  storedBytes: '50000',
  oldVersionBytes: '0',
  fragments: 1,
  smallFragments: 0,
  fragmentLengths: null,
  deletedRows: '0',
  indexes: [],
  versions: 3,
  oldestVersionAt: null,
  tags: [],
  dataStorageVersion: '2.0',
  stableRowIds: false,
  missing: {},
  maintenanceUnavailable: null,
  source: 'lance'
}

describe('maintenance need', () => {
  it('finds nothing to do on a compact, indexed table without old versions', () => {
    expect(maintenanceNeed(healthy)).toEqual({ score: 0, reasons: [] })
  })

  it('names each share worth fixing, the largest first, and adds them up', () => {
    const need = maintenanceNeed({
      ...healthy,
      fragments: 50,
      smallFragments: 40,
      deletedRows: '250',
      indexes: [{ name: 'id_idx', indexType: 'BTree', columns: ['id'], indexedRows: 800, unindexedRows: 200 }],
      storedBytes: '100000',
      oldVersionBytes: '10000'
    })
    expect(need.reasons).toEqual([
      '40 of 50 fragments small: Compact',
      '250 deleted rows still stored: Compact',
      '200 rows not indexed: Update indexes',
      '9.8 KiB only in old versions: Clean up'
    ])
    // 0.8 + 0.2 + 0.2 + 0.1
    expect(need.score).toBeCloseTo(1.3)
  })

  it('sees no old versions to clean up on a table of one version', () => {
    expect(maintenanceNeed({ ...healthy, versions: 1, storedBytes: '50000', oldVersionBytes: '2000' })).toEqual({ score: 0, reasons: [] })
  })

  it('leaves out what the health could not tell', () => {
    expect(maintenanceNeed({ ...healthy, fragments: null, deletedRows: null, storedBytes: null, rows: null })).toEqual({ score: 0, reasons: [] })
  })
})
