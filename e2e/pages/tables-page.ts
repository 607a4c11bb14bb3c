/**
 * Table work as a user sees it: the create-table dialog, the drop and rename dialogs,
 * the open-table tabs and the data grid. Locators by role and accessible name.
 */
import type { Locator, Page } from '@playwright/test'

/** Locators and actions for creating, dropping, renaming and previewing tables. */
export class TablesPage {
  readonly toolbar: Locator
  readonly createDialog: Locator
  readonly grid: Locator

  constructor(readonly page: Page) {
    this.toolbar = page.getByRole('toolbar', { name: 'Table actions' })
    this.createDialog = page.getByRole('dialog', { name: 'Create table' })
    this.grid = page.getByRole('grid')
  }

  /** Opens the create-table dialog from the toolbar. */
  async openCreateDialog(): Promise<Locator> {
    await this.toolbar.getByRole('button', { name: 'Create table' }).click()
    return this.createDialog
  }

  /** Chooses "Paste rows" and pastes `text`. */
  async pasteRows(text: string): Promise<void> {
    await this.createDialog.getByLabel('Paste rows', { exact: true }).check()
    await this.createDialog.getByLabel('Pasted rows').fill(text)
  }

  /** The "Field name" inputs of the schema editor, in order. */
  fieldNames(): Locator {
    return this.createDialog.getByLabel('Field name')
  }

  /** The "Field type" menus of the schema editor, in order. */
  fieldTypes(): Locator {
    return this.createDialog.getByLabel('Field type')
  }

  /** The "Nullable" checkboxes of the schema editor, in order. */
  nullables(): Locator {
    return this.createDialog.getByLabel('Nullable')
  }

  /** The dialog's Create button. */
  createButton(): Locator {
    return this.createDialog.getByRole('button', { name: 'Create', exact: true })
  }

  /** The tab of an open table, by the table's name. */
  tableTab(name: string): Locator {
    return this.tabList().getByRole('tab', { name, exact: true })
  }

  /** The strip of open-table tabs. */
  tabList(): Locator {
    return this.page.getByRole('tablist', { name: 'Open tables' })
  }

  /** Every row the grid has drawn (the header row included). */
  gridRows(): Locator {
    return this.grid.getByRole('row')
  }

  /** The drawn grid row whose row number is `n` (1-based, as shown). */
  gridRow(n: number): Locator {
    return this.grid.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: n.toLocaleString('en-US'), exact: true }) })
  }

  /** Opens the tree's actions menu on a row and picks an item. */
  async treeAction(row: Locator, item: string): Promise<void> {
    await row.click({ button: 'right' })
    await this.page.getByRole('menuitem', { name: item }).click()
  }
}
