/**
 * The Indexes view and the Overview's statistics, as a user sees them: locators by role
 * and accessible name.
 */
import type { Locator, Page } from '@playwright/test'

/** Locators and actions of a table's Indexes view and stats. */
export class IndexesPage {
  readonly table: Locator
  readonly createButton: Locator
  readonly optimizeButton: Locator
  readonly createDialog: Locator

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Indexes' })
    const toolbar = page.getByRole('toolbar', { name: 'Index actions' })
    this.createButton = toolbar.getByRole('button', { name: 'Create index…' })
    this.optimizeButton = toolbar.getByRole('button', { name: 'Optimize' })
    this.createDialog = page.getByRole('dialog', { name: 'Create index' })
  }

  /** Shows the Indexes view of the open table. */
  async open(): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name: 'Indexes' }).click()
  }

  /** The row of the index `name`. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) })
  }

  /** The cells of the index `name`: type, columns, indexed rows, unindexed rows. */
  cells(name: string): Locator {
    return this.row(name).getByRole('cell')
  }

  /** The confirmation before dropping an index. */
  dropDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Drop index' })
  }

  /** The confirmation before optimizing. */
  optimizeDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Optimize table' })
  }

  /** The null count shown for `column`. */
  nulls(column: string): Locator {
    return this.page
      .getByRole('table', { name: 'Null counts' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: column, exact: true }) })
      .getByRole('cell')
  }
}
