/**
 * The Health view and its maintenance dialogs, as a user sees them: locators by role and
 * accessible name.
 */
import type { Locator, Page } from '@playwright/test'

/** Locators and actions of a table's Health view. */
export class HealthPage {
  readonly table: Locator
  readonly optimizeButton: Locator
  readonly cleanupButton: Locator
  readonly optimizeDialog: Locator
  readonly cleanupDialog: Locator

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Table health' })
    const toolbar = page.getByRole('toolbar', { name: 'Maintenance actions' })
    this.optimizeButton = toolbar.getByRole('button', { name: 'Optimize…' })
    this.cleanupButton = toolbar.getByRole('button', { name: 'Clean up old versions…' })
    this.optimizeDialog = page.getByRole('dialog', { name: 'Optimize table' })
    this.cleanupDialog = page.getByRole('dialog', { name: 'Clean up old versions' })
  }

  /** Shows the Health view of the open table. */
  async open(): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name: 'Health' }).click()
  }

  /** The value shown on the line `label`. */
  value(label: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell')
      .first()
  }

  /** The before and after cells of the report line `label` in `dialog`. */
  reportCells(dialog: Locator, label: string): Locator {
    return dialog
      .getByRole('table', { name: 'Before and after' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell')
  }
}
