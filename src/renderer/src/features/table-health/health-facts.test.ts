import { describe, expect, it } from 'vitest'
import type { TableHealth } from '@shared/contract/health'
import { healthFacts } from './health-facts'

const healthy: TableHealth = {
  version: '3',
  rows: '1000',
  liveBytes: '2048',
  storedBytes: '2048',
  oldVersionBytes: '0',
  fragments: 1,
  smallFragments: 0,
  fragmentLengths: { min: 1000, p25: 1000, p50: 1000, p75: 1000, p99: 1000, max: 1000, mean: 1000 },
  deletedRows: '0',
  indexes: [{ name: 'id_idx', indexType: 'BTREE', columns: ['id'], indexedRows: 1000, unindexedRows: 0 }],
  versions: 1,
  oldestVersionAt: '2026-01-01T00:00:00.000Z',
  tags: [],
  dataStorageVersion: '2.2',
  stableRowIds: false,
  missing: {},
  maintenanceUnavailable: null,
  source: 'lance'
}

const byKey = (health: TableHealth): Record<string, { value: string; fix: string | null; meaning: string }> =>
  Object.fromEntries(healthFacts(health).map((fact) => [fact.key, fact]))

describe('healthFacts', () => {
  it('points at no action for a compacted, indexed table with one version', () => {
    expect(healthFacts(healthy).filter((fact) => fact.fix !== null)).toEqual([])
    expect(byKey(healthy)['fragments']?.value).toBe('1, 0 small')
  })

  it('points small fragments, deleted and unindexed rows at Optimize, and old versions at Clean up', () => {
    const facts = byKey({
      ...healthy,
      fragments: 50,
      smallFragments: 50,
      deletedRows: '20',
      indexes: [{ ...healthy.indexes![0]!, unindexedRows: 100 }],
      versions: 52,
      storedBytes: '9000',
      oldVersionBytes: '6952'
    })
    expect([facts['fragments']?.fix, facts['deleted']?.fix, facts['index:id_idx']?.fix]).toEqual(['optimize', 'optimize', 'optimize'])
    expect([facts['versions']?.fix, facts['oldVersionBytes']?.fix]).toEqual(['cleanup', 'cleanup'])
    expect(facts['deleted']?.value).toBe('20')
    expect(facts['index:id_idx']?.value).toBe('100')
  })

  it('says a missing number is not available, and why', () => {
    const facts = byKey({ ...healthy, deletedRows: null, missing: { deletedRows: 'The Lance REST spec has no route that tells this.' } })
    expect(facts['deleted']).toMatchObject({ value: 'Not available', meaning: 'The Lance REST spec has no route that tells this.', fix: null })
  })
})
