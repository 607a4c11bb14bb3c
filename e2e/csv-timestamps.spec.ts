/**
 * A CSV round trip keeps timestamps' types: a zone-less `timestamp[us]` column and a
 * `timestamp[us, UTC]` column exported to CSV through the app and imported back through
 * its create-table dialog come back with the same types and the same stored values, read
 * through LanceDB's SDK.
 */
import { join } from 'node:path'
import { connectNamespace, type Table as LanceTable } from '@lancedb/lancedb'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'
// LanceDB takes only tables built with its own Arrow copy.
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'

const { Field, Int64, makeData, makeVector, RecordBatch, Schema, Table, TimestampMicrosecond } = arrow

/** Stored microseconds: fractions, before 1970, and a leap day. */
const MICROS = [1_709_296_496_000_001n, -1n, 1_582_934_400_123_456n]

/** Each column's `name:type`, and its stored integers in row order. */
async function typesAndValues(table: LanceTable): Promise<{ types: string[]; values: Record<string, unknown[]> }> {
  const types = (await table.schema()).fields.map((f) => `${f.name}:${String(f.type)}`)
  const data = await table.query().toArrow()
  const values = Object.fromEntries(
    data.schema.fields.map((f) => [f.name, data.getChild(f.name)!.data.flatMap((d) => Array.from(d.values as ArrayLike<unknown>).slice(0, d.length))])
  )
  return { types, values }
}

test('a zone-less and a UTC timestamp column keep their types and values through a CSV export and import', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  const db = await connectNamespace('dir', { root })
  const schema = new Schema([
    new Field('id', new Int64(), true),
    new Field('local', new TimestampMicrosecond(), true),
    new Field('utc', new TimestampMicrosecond('UTC'), true)
  ])
  /** A column of 64-bit integers (ids or microseconds) of `type`, no nulls. */
  const column = (type: InstanceType<typeof Int64> | InstanceType<typeof TimestampMicrosecond>, data: bigint[]): ReturnType<typeof makeVector> =>
    makeVector(makeData({ type, length: data.length, nullCount: 0, data: BigInt64Array.from(data) } as Parameters<typeof makeData>[0]))
  const loose = new Table({
    id: column(new Int64(), [0n, 1n, 2n]),
    local: column(new TimestampMicrosecond(), MICROS),
    utc: column(new TimestampMicrosecond('UTC'), MICROS)
  })
  const original = await db.createTable(
    'moments',
    new Table(
      schema,
      loose.batches.map((batch) => new RecordBatch(schema, batch.data))
    ),
    []
  )
  const before = await typesAndValues(original)
  expect(before.types).toEqual(['id:Int64', 'local:Timestamp<MICROSECOND>', 'utc:Timestamp<MICROSECOND, UTC>'])
  original.close()
  db.close()

  const app = await openApp(['--dir', root])
  await app.table('moments').click()
  await expect(app.page.getByLabel('Matching rows')).toHaveText('3 rows')
  // The grid shows the zone-less column without a zone and the UTC one with Z.
  await expect(app.page.getByRole('gridcell', { name: '2024-03-01T12:34:56.000001', exact: true })).toBeVisible()
  await expect(app.page.getByRole('gridcell', { name: '2024-03-01T12:34:56.000001Z', exact: true })).toBeVisible()

  await app.page.getByRole('button', { name: 'Export', exact: true }).click()
  const exportDialog = app.page.getByRole('dialog', { name: 'Export rows' })
  await exportDialog.getByLabel('Format').selectOption({ label: 'CSV' })
  const download = app.page.waitForEvent('download')
  await exportDialog.getByRole('button', { name: 'Export', exact: true }).click()
  const csv = join(workDir, 'moments.csv')
  await (await download).saveAs(csv)
  await expect(exportDialog).toHaveCount(0)

  const tables = new TablesPage(app.page)
  const create = await tables.openCreateDialog()
  await create.getByLabel('Table name').fill('moments_back')
  await create.getByLabel('Import a file').check()
  await create.getByLabel('File to import').setInputFiles(csv)
  await expect(tables.fieldTypes()).toHaveCount(3)
  await tables.createButton().click()
  await expect(create).toHaveCount(0)
  await expect(app.page.getByLabel('Row count')).toHaveText('3')

  const check = await connectNamespace('dir', { root })
  try {
    const back = await typesAndValues(await check.openTable('moments_back', []))
    expect(back).toEqual(before)
  } finally {
    check.close()
  }
})
