/**
 * The cell menu on the media table: Save bytes as file downloads exactly the cell's bytes
 * under `<table>-row<N>-<column>.<ext>`, Filter by this value narrows the grid (and is
 * refused, with its reason, for bytes), Open value opens the viewer, and the menu opens
 * from the keyboard too.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { mediaCell, openMediaGrid, rowNumber } from './fixtures/media-grid'
import { buildMediaCatalog, MEDIA_ROWS, mediaCellBytes } from '../test-kit/media-table'

test('Save bytes as file writes exactly the cell’s bytes, named after table, row and column', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildMediaCatalog(root)
  const app = await openApp(['--dir', root])
  const { page } = app
  const tables = await openMediaGrid(app)
  const expected = await mediaCellBytes()

  for (const row of ['png', 'wav', 'unknown'] as const) {
    await mediaCell(tables, row).click({ button: 'right' })
    const menu = page.getByRole('menu', { name: `Actions for row ${rowNumber(row)}` })
    // Bytes are not compared in SQL: the item says why.
    await expect(menu.getByRole('menuitem', { name: /Filter by this value/ })).toHaveAttribute('aria-disabled', 'true')
    await expect(menu.getByRole('menuitem', { name: /Filter by this value/ })).toContainText('bytes cannot be compared')
    const download = page.waitForEvent('download')
    await menu.getByRole('menuitem', { name: 'Save bytes as file' }).click()
    const file = await download
    const extension = { png: 'png', wav: 'wav', unknown: 'bin' }[row]
    expect(file.suggestedFilename()).toBe(`media-row${rowNumber(row)}-media.${extension}`)
    const saved = join(workDir, file.suggestedFilename())
    await file.saveAs(saved)
    expect(Buffer.compare(await readFile(saved), Buffer.from(expected[row] as Uint8Array))).toBe(0)
  }

  // A text cell has no bytes to save.
  await tables.gridRow(1).getByRole('gridcell').nth(1).click({ button: 'right' })
  const menu = page.getByRole('menu', { name: 'Actions for row 1' })
  await expect(menu.getByRole('menuitem', { name: /Save bytes as file/ })).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
})

test('Filter by this value narrows the grid to the rows holding it; Open value opens the viewer', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildMediaCatalog(root)
  const app = await openApp(['--dir', root])
  const { page } = app
  const tables = await openMediaGrid(app)

  // From the keyboard: the WAV row's kind cell, Shift+F10, Filter by this value.
  await tables.grid.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Shift+F10')
  const menu = page.getByRole('menu', { name: 'Actions for row 3' })
  await expect(menu.getByRole('menuitem', { name: 'Open value' })).toBeFocused()
  await menu.getByRole('menuitem', { name: 'Filter by this value' }).click()
  await expect(page.getByLabel('Filter (SQL where clause)')).toHaveValue("`kind` = 'wav'")
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('1 matching row')
  await expect(tables.grid).toHaveAttribute('aria-rowcount', '2')
  await expect(tables.gridRow(1).getByRole('gridcell').nth(1)).toHaveText('wav')
  // The filtered grid's byte cell is the WAV's: its media cells follow the filter.
  await expect(mediaCell(tables, 'png').getByRole('button', { name: 'Play WAV' })).toBeVisible()

  // A number filters as a number; Open value from the menu opens the viewer on that cell.
  // From all the rows, so that the count says when the new filter holds (the WAV row is the
  // one row of either filter, and a grid that changes its filter under an open menu closes it).
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText(`${MEDIA_ROWS.length} rows`)
  await tables.gridRow(rowNumber('wav')).getByRole('gridcell').nth(0).click({ button: 'right' })
  await page
    .getByRole('menu', { name: `Actions for row ${rowNumber('wav')}` })
    .getByRole('menuitem', { name: 'Filter by this value' })
    .click()
  await expect(page.getByLabel('Filter (SQL where clause)')).toHaveValue('`id` = 2')
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('1 matching row')
  await mediaCell(tables, 'png').click({ button: 'right' })
  await page.getByRole('menu', { name: 'Actions for row 1' }).getByRole('menuitem', { name: 'Open value' }).click()
  await expect(page.getByRole('dialog', { name: 'media · row 1' }).getByTestId('viewer-audio')).toBeVisible()
  await page.keyboard.press('Escape')

  // The null row's media cell filters with IS NULL.
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText(`${MEDIA_ROWS.length} rows`)
  await mediaCell(tables, 'null').click({ button: 'right' })
  await page
    .getByRole('menu', { name: `Actions for row ${rowNumber('null')}` })
    .getByRole('menuitem', { name: 'Filter by this value' })
    .click()
  await expect(page.getByLabel('Filter (SQL where clause)')).toHaveValue('`media` IS NULL')
  await expect(page.getByRole('status', { name: 'Matching rows' })).toHaveText('1 matching row')
})
