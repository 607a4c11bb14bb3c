/**
 * The version functions over a real LanceDB table with 4 versions (300, 300, 300, 500
 * rows): history with row counts, checkout, restore as a new version, tags.
 */
import { connect, type Connection, type Table } from '@lancedb/lancedb'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { failureOf } from '../../../test-kit/catalog-failure'
import { makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import { makeLanceNativeTable, NATIVE_TABLE, NATIVE_VERSION_ROWS } from '../../../test-kit/lance-native-table'
import {
  countLanceRowsAt,
  createLanceTag,
  deleteLanceTag,
  describeLanceVersion,
  listLanceTags,
  listLanceVersions,
  restoreLanceVersion,
  versionFromSummary
} from './versions'

// A fresh name per test: overwriting a table keeps counting its versions.
let made = 0
let ref = { namespace: [] as string[], name: NATIVE_TABLE }
let root: string
let db: Connection
let table: Table

beforeAll(async () => {
  root = await makeTempDir('lance-versions')
  db = await connect(root)
})

beforeEach(async () => {
  ref = { namespace: [], name: `${NATIVE_TABLE}_${++made}` }
  table = await makeLanceNativeTable(db, ref.name)
})

afterAll(async () => {
  table?.close()
  db?.close()
  await removeDir(root)
})

describe('lance versions', () => {
  it('lists every version oldest first with its row count and time', async () => {
    const versions = await listLanceVersions(table)
    expect(versions.map((v) => [v.version, v.rows])).toEqual(NATIVE_VERSION_ROWS.map((rows, i) => [String(i + 1), String(rows)]))
    for (const v of versions) expect(Date.parse(v.timestamp ?? '')).toBeGreaterThan(0)
  })

  it('describes and counts an older version without moving the latest', async () => {
    const described = await describeLanceVersion(table, ref, '1')
    expect(described).toMatchObject({ version: '1', rowCount: '300', fragmentCount: 1 })
    expect(described.fields.map((f) => f.name)).toEqual(['id', 'text', 'category', 'vector'])
    const fresh = await db.openTable(ref.name)
    expect(await countLanceRowsAt(fresh, ref, '1', 'id >= 250')).toBe('50')
    expect(await countLanceRowsAt(fresh, ref, '4', 'id >= 250')).toBe('250')
    const latest = await db.openTable(ref.name)
    expect([await latest.version(), await latest.countRows()]).toEqual([4, 500])
  })

  it('restores a version as a new latest version holding its rows', async () => {
    expect(await restoreLanceVersion(table, ref, '2')).toBe('5')
    const latest = await db.openTable(ref.name)
    expect([await latest.version(), await latest.countRows()]).toEqual([5, 300])
    expect((await listLanceVersions(latest)).map((v) => v.rows)).toEqual([...NATIVE_VERSION_ROWS, 300].map(String))
  })

  it('refuses a version the table never had, naming the versions it has', async () => {
    const error = await failureOf(describeLanceVersion(table, ref, '9'))
    expect(error.code).toBe('invalid_request')
    expect(error.message).toContain('has no version 9: its versions are 1 to 4')
    expect((await failureOf(restoreLanceVersion(table, ref, '0'))).message).toContain('has no version 0')
  })

  it('creates, lists and deletes tags, refusing duplicates and unknown names', async () => {
    await createLanceTag(table, ref, 'baseline', '1')
    await createLanceTag(table, ref, 'grown', '4')
    expect(await listLanceTags(table)).toEqual([
      { name: 'baseline', version: '1' },
      { name: 'grown', version: '4' }
    ])
    expect((await failureOf(createLanceTag(table, ref, 'baseline', '2'))).message).toContain('already has a tag "baseline"')
    expect((await failureOf(createLanceTag(table, ref, 'later', '7'))).message).toContain('has no version 7')
    await deleteLanceTag(table, ref, 'baseline')
    expect(await listLanceTags(table)).toEqual([{ name: 'grown', version: '4' }])
    expect((await failureOf(deleteLanceTag(table, ref, 'baseline'))).message).toContain('has no tag "baseline"')
  })

  it('reads a summary without rows or time as unknown', () => {
    expect(versionFromSummary(3, null, {})).toEqual({ version: '3', timestamp: null, operation: null, rows: null, summary: null })
    expect(versionFromSummary(3, 0, { total_rows: 'x', operation: 'Append' })).toMatchObject({ rows: null, operation: 'Append' })
  })
})
