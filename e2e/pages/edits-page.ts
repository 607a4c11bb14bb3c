/**
 * Row editing as a user sees it: the data grid's cells and their editor, the new rows,
 * the pending bar with Discard, Review and Commit, the Review and conflict dialogs, and the
 * toasts. Locators by role and accessible name.
 */
import type { Locator, Page } from '@playwright/test'

/** Locators for staged row edits. */
export class EditsPage {
  readonly grid: Locator
  readonly newRows: Locator
  readonly bar: Locator
  readonly counts: Locator
  readonly review: Locator
  readonly toasts: Locator

  constructor(readonly page: Page) {
    this.grid = page.getByRole('grid', { name: /^Rows of / })
    this.newRows = page.getByRole('grid', { name: 'New rows' })
    this.bar = page.getByRole('region', { name: 'Pending changes' })
    this.counts = this.bar.getByRole('status', { name: 'Pending change counts' })
    this.review = page.getByRole('dialog', { name: 'Review changes' })
    this.toasts = page.getByRole('region', { name: 'Notifications' })
  }

  /** The grid's row `n` (1-based, as numbered). */
  row(n: number): Locator {
    return this.grid.locator(`[role="row"][aria-rowindex="${n + 1}"]`)
  }

  /** The cell of row `n` in column `col` (0-based, the row number not counted). */
  cell(n: number, col: number): Locator {
    return this.row(n).getByRole('gridcell').nth(col)
  }

  /** The open cell editor (in either grid). */
  editor(column: string): Locator {
    return this.page.getByRole('textbox', { name: `Edit ${column}` })
  }

  /** The pending bar's button of this name (Discard, Review, Commit). */
  barButton(name: string): Locator {
    return this.bar.getByRole('button', { name, exact: true })
  }

  /** Presses Tab until the element `target` has focus (at most `limit` presses); false if it never did. */
  async tabTo(target: Locator, limit = 40, back = false): Promise<boolean> {
    for (let i = 0; i < limit; i++) {
      if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return true
      await this.page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    }
    return target.evaluate((element) => element === element.ownerDocument.activeElement)
  }
}
