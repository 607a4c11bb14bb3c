/**
 * Export of a filtered result: a 120,000-row LanceDB table, a filter keeping exactly
 * 100,000 rows, exported to Parquet and CSV from the data tab over a directory catalog
 * and over REST. The Parquet file reads back row for row through hyparquet (the library
 * the app writes it with); the CSV file is imported through the app's own create-table
 * dialog (its CSV reader) and the new table read back through LanceDB's SDK.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { parquetReadObjects } from 'hyparquet'
import type { Page } from '@playwright/test'
import { startCatalogServer, type RunningCatalogServer } from '../server/server'
import { EXPORT_TABLE, exportFilter, exportRow, makeExportTable } from '../test-kit/export-table'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'
import { startGateProxy } from './fixtures/gate-proxy'

const ROWS = 120_000
const KEPT = 100_000

/** Exports the current result in `format` and saves the downloaded file to `path`. */
async function exportAs(page: Page, format: 'Parquet' | 'CSV', path: string): Promise<void> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export rows' })
  await expect(dialog).toContainText(`all ${KEPT.toLocaleString('en-US')} rows of ${EXPORT_TABLE} matching ${exportFilter(KEPT)}`)
  await dialog.getByLabel('Format').selectOption({ label: format })
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export', exact: true }).click()
  await (await download).saveAs(path)
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(`Exported ${KEPT.toLocaleString('en-US')} rows to ${EXPORT_TABLE}.${format === 'CSV' ? 'csv' : 'parquet'}`)).toBeVisible()
}

/** Imports `file` through the app's create-table dialog as table `name`. */
async function importFile(page: Page, name: string, file: string): Promise<void> {
  const tables = new TablesPage(page)
  const dialog = await tables.openCreateDialog()
  await dialog.getByLabel('Table name').fill(name)
  await dialog.getByLabel('Import a file').check()
  await dialog.getByLabel('File to import').setInputFiles(file)
  await expect(tables.fieldTypes()).toHaveCount(6)
  await tables.createButton().click()
  await expect(dialog).toHaveCount(0, { timeout: 120_000 })
  await expect(page.getByLabel('Row count')).toHaveText(KEPT.toLocaleString('en-US'))
}

for (const over of ['a directory catalog', 'REST'] as const) {
  test(`exports 100,000 filtered rows to Parquet and CSV over ${over}, and both read back the same`, async ({ workDir, openApp }) => {
    test.setTimeout(300_000)
    const root = join(workDir, 'catalog')
    const db = await connectNamespace('dir', { root })
    ;(await makeExportTable(db, ROWS)).close()
    db.close()
    let server: RunningCatalogServer | undefined
    try {
      if (over === 'REST') server = await startCatalogServer({ root })
      const app = await openApp(server ? ['--rest', server.url] : ['--dir', root])
      await app.table(EXPORT_TABLE).click()
      await expect(app.page.getByLabel('Matching rows')).toHaveText(`${ROWS.toLocaleString('en-US')} rows`)
      await app.page.getByLabel('Filter (SQL where clause)').fill(exportFilter(KEPT))
      await app.page.getByLabel('Filter (SQL where clause)').press('Enter')
      await expect(app.page.getByLabel('Matching rows')).toHaveText(`${KEPT.toLocaleString('en-US')} matching rows`)

      // Escape leaves the dialog without exporting.
      await app.page.getByRole('button', { name: 'Export', exact: true }).click()
      await expect(app.page.getByRole('dialog', { name: 'Export rows' })).toBeVisible()
      await app.page.keyboard.press('Escape')
      await expect(app.page.getByRole('dialog', { name: 'Export rows' })).toHaveCount(0)

      const parquet = join(workDir, 'out.parquet')
      await exportAs(app.page, 'Parquet', parquet)
      const bytes = await readFile(parquet)
      const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer })
      expect(rows).toHaveLength(KEPT)
      const mismatches = rows.flatMap((row, i) => {
        const want = exportRow(i)
        const same =
          row['id'] === BigInt(i) &&
          row['name'] === want.name &&
          row['score'] === want.score &&
          row['flag'] === want.flag &&
          (row['ts'] as Date).getTime() === Number(want.tsMicros / 1000n) &&
          JSON.stringify(row['vector']) === JSON.stringify(want.vector)
        return same ? [] : [i]
      })
      expect(mismatches).toEqual([])

      const csv = join(workDir, 'out.csv')
      await exportAs(app.page, 'CSV', csv)
      await importFile(app.page, 'from_csv', csv)
      // The Parquet file imports too (the create-table dialog reads it with the same library).
      await importFile(app.page, 'from_parquet', parquet)

      const check = await connectNamespace('dir', { root })
      try {
        const imported = await check.openTable('from_csv', [])
        // The app's CSV reader gives back the types too: timestamps, vectors of floats.
        expect((await imported.schema()).fields.map((f) => `${f.name}:${String(f.type)}`)).toEqual([
          'id:Int64',
          'name:Utf8',
          'score:Float64',
          'flag:Bool',
          'ts:Timestamp<MICROSECOND, UTC>',
          'vector:FixedSizeList[4]<Float32>'
        ])
        expect(await imported.countRows()).toBe(KEPT)
        const back = await imported.query().toArrow()
        // Stored integers (microseconds) and the vectors' floats, read from the buffers.
        const raw = (name: string): unknown[] => back.getChild(name)!.data.flatMap((d) => Array.from((d.values ?? d.children[0]!.values) as ArrayLike<unknown>))
        const [ids, ts, vectors] = [raw('id'), raw('ts'), raw('vector')]
        const [names, scores, flags] = ['name', 'score', 'flag'].map((c) => back.getChild(c)!)
        const csvMismatches = Array.from({ length: KEPT }, (_, i) => i).filter((i) => {
          const want = exportRow(i)
          return !(
            ids[i] === BigInt(i) &&
            names!.get(i) === want.name &&
            scores!.get(i) === want.score &&
            flags!.get(i) === want.flag &&
            // The file holds microseconds and the app's CSV import keeps them.
            ts[i] === want.tsMicros &&
            JSON.stringify(vectors.slice(i * 4, i * 4 + 4)) === JSON.stringify(want.vector)
          )
        })
        expect(csvMismatches).toEqual([])
        const fromParquet = await check.openTable('from_parquet', [])
        expect(await fromParquet.countRows()).toBe(KEPT)
        expect(await fromParquet.countRows(`name IS NULL`)).toBe(KEPT / 10)
        const sample = (await fromParquet.query().where('id = 12345').toArray())[0]
        expect({ ...sample, vector: Array.from(sample.vector as Iterable<number>), ts: undefined }).toMatchObject({
          id: 12345n,
          name: exportRow(12345).name,
          score: exportRow(12345).score,
          vector: exportRow(12345).vector
        })
      } finally {
        check.close()
      }
    } finally {
      await server?.close()
    }
  })
}

test('shows rows written of the total while an export runs, and Cancel stops it', async ({ workDir, openApp }) => {
  test.setTimeout(180_000)
  const root = join(workDir, 'catalog')
  const db = await connectNamespace('dir', { root })
  ;(await makeExportTable(db, ROWS)).close()
  db.close()
  const server = await startCatalogServer({ root })
  const proxy = await startGateProxy(server.url)
  try {
    const app = await openApp(['--rest', proxy.url])
    await app.table(EXPORT_TABLE).click()
    await app.page.getByLabel('Filter (SQL where clause)').fill(exportFilter(KEPT))
    await app.page.getByLabel('Filter (SQL where clause)').press('Enter')
    await expect(app.page.getByLabel('Matching rows')).toHaveText(`${KEPT.toLocaleString('en-US')} matching rows`)

    await app.page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = app.page.getByRole('dialog', { name: 'Export rows' })
    // The export's first page goes through; its second waits at the proxy. Told apart by
    // the body (an export page asks for 10,000 rows), not by counting queries: the grid may
    // still be reading a page ahead when the export starts.
    const laterExportPage = (body: string): boolean => body.includes('"k":10000') && !body.includes('"offset":0')
    const gate = proxy.hold((method, path, body) => method === 'POST' && path.includes('/query') && laterExportPage(body))
    await dialog.getByRole('button', { name: 'Export', exact: true }).click()
    await gate.held
    await expect(dialog.getByRole('status', { name: 'Rows written' })).toHaveText('10,000 of 100,000 rows written')
    await expect(dialog.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('value', '10000')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    gate.release()
    await expect(app.page.getByText('Export cancelled: the partial file was removed.')).toBeVisible()
  } finally {
    await proxy.close()
    await server.close()
  }
})
