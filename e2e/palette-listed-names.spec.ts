/**
 * "Go to table" takes any name a catalog lists, not only names this app would create:
 * a typed path with spaces and accents opens a table the tree has not loaded yet, and
 * completion works over such loaded names too.
 */
import { join } from 'node:path'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { expect, test } from './fixtures/test'
import { LayoutPage } from './pages/layout-page'

const NAMESPACE = 'Sales Team'

test('"Go to table" opens typed and completed paths whose names are outside the naming rule', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { tables: { top: 1 }, namespaces: { [NAMESPACE]: { tables: { 'Q3 sales': 3, 'café crème': 2 } } } })
  const app = await openApp(['--dir', root])
  const layout = new LayoutPage(app.page)
  await expect(app.namespace(NAMESPACE)).toBeVisible()

  // Nothing under the namespace is loaded yet: the typed path is offered as it is.
  await layout.openPalette()
  await layout.palette().getByRole('combobox').fill('go to')
  await app.page.keyboard.press('Enter')
  const goTo = layout.goToTable()
  await goTo.getByRole('combobox').fill(`${NAMESPACE}$Q3 sales`)
  await expect(layout.option(goTo, /^Open Sales Team\$Q3 sales/)).toBeVisible()
  await app.page.keyboard.press('Enter')
  await expect(goTo).toHaveCount(0)
  await expect(app.page.getByRole('heading', { name: 'Q3 sales', exact: true })).toBeVisible()
  await expect(app.page.getByLabel('Identifier')).toHaveText(`${NAMESPACE}$Q3 sales`)
  await expect(app.page.getByLabel('Row count')).toHaveText('3')
  await expect(app.table('Q3 sales')).toHaveAttribute('aria-selected', 'true')

  // Now the namespace is loaded: a part of a name completes to the whole path.
  await expect(app.table('café crème')).toBeVisible()
  await layout.openPalette()
  await layout.palette().getByRole('combobox').fill('go to')
  await app.page.keyboard.press('Enter')
  const input = goTo.getByRole('combobox')
  await input.fill('café')
  await expect(layout.option(goTo, `${NAMESPACE}$café crème`)).toBeVisible()
  await app.page.keyboard.press('Tab')
  await expect(input).toHaveValue(`${NAMESPACE}$café crème`)
  await app.page.keyboard.press('Enter')
  await expect(goTo).toHaveCount(0)
  await expect(app.page.getByLabel('Identifier')).toHaveText(`${NAMESPACE}$café crème`)
  await expect(app.page.getByLabel('Row count')).toHaveText('2')
})
