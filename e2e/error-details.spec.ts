/**
 * What a person sees when LanceDB fails on a table: a message without Rust source
 * locations or the catalog's folder path, and LanceDB's whole text in a collapsed
 * "Technical details" part of the alert, without them too (they go to the log only).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildV1Catalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'

test('a table LanceDB cannot read: a clean message, the cause under Technical details, no source path anywhere', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildV1Catalog(root, { good: 2 })
  // A table folder whose only version file is garbage: LanceDB's error names a Rust source file.
  await mkdir(join(root, 'broken.lance', '_versions'), { recursive: true })
  await writeFile(join(root, 'broken.lance', '_versions', '1.manifest'), 'garbage')
  const app = await openApp(['--dir', root])

  await app.table('broken').click()
  const alert = app.page.getByRole('alert').filter({ hasText: 'broken' }).first()
  await expect(alert).toContainText('does not have sufficient data')
  const message = alert.locator(':scope > span').first()
  await expect(message).not.toContainText('.rs:')
  await expect(message).not.toContainText('cargo')

  const details = alert.locator('details')
  await expect(details.getByText('Technical details')).toBeVisible()
  await expect(details.getByText('Cause', { exact: true })).toBeHidden()
  await details.getByText('Technical details').click()
  await expect(details.getByText('Cause', { exact: true })).toBeVisible()
  await expect(details).toContainText('does not have sufficient data')
  await expect(details).not.toContainText('.rs:')
  await expect(details).not.toContainText('cargo')
  await expect(details).not.toContainText(workDir)
})
