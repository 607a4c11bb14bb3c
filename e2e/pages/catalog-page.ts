/**
 * The catalog screen as a user sees it: locators by role and accessible name.
 */
import type { Locator, Page } from '@playwright/test'

/** Locators and actions for the main screen. */
export class CatalogPage {
  readonly tree: Locator

  constructor(readonly page: Page) {
    this.tree = page.getByRole('tree', { name: 'Catalog' })
  }

  /** A namespace node by name (exact). */
  namespace(name: string): Locator {
    return this.tree.getByRole('treeitem', { name, exact: true })
  }

  /** A table leaf by name. */
  table(name: string): Locator {
    return this.tree.getByRole('treeitem', { name: `${name}, table`, exact: true })
  }

  /** Every table leaf currently in the tree. */
  tables(): Locator {
    return this.tree.getByRole('treeitem', { name: /, table$/ })
  }

  /** Every namespace or table row currently drawn (the virtualizer draws only some). */
  items(): Locator {
    return this.tree.getByRole('treeitem')
  }

  /** Expands (or collapses) a namespace by clicking its row. */
  async expand(name: string): Promise<void> {
    await this.namespace(name).click()
  }

  /** The details pane's view tab of this name (Overview, Schema, Versions, …). */
  detailsTab(name: string): Locator {
    return this.page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name, exact: true })
  }

  /** The schema table of the details pane, opening the Schema view first if another is shown. */
  async schema(): Promise<Locator> {
    const tab = this.detailsTab('Schema')
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click()
    return this.page.getByRole('table', { name: 'Schema' })
  }

  /** The schema row of a field, opening the Schema view first if another is shown. */
  async schemaRow(field: string): Promise<Locator> {
    return (await this.schema()).getByRole('row').filter({ has: this.page.getByRole('cell', { name: field, exact: true }) })
  }

  /** Chooses a page size for listings. */
  async setPageSize(size: number): Promise<void> {
    await this.page.getByLabel('Page size').selectOption(String(size))
  }
}
