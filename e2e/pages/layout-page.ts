/**
 * The window's frame as a user sees it: the resizable pane separators, the open-table
 * tabs, the status bar, the command palette and the toasts. Locators by role and name.
 */
import type { Locator, Page } from '@playwright/test'

/** Locators and actions for the layout, the palette and the toasts. */
export class LayoutPage {
  readonly sidebarSeparator: Locator
  readonly detailsSeparator: Locator
  readonly tabList: Locator
  readonly statusBar: Locator
  readonly toasts: Locator

  constructor(readonly page: Page) {
    this.sidebarSeparator = page.getByRole('separator', { name: 'Resize sidebar' })
    this.detailsSeparator = page.getByRole('separator', { name: 'Resize table details' })
    this.tabList = page.getByRole('tablist', { name: 'Open tables' })
    this.statusBar = page.getByRole('contentinfo', { name: 'Status bar' })
    this.toasts = page.getByRole('region', { name: 'Notifications' })
  }

  /** The open tables' tabs, in order. */
  tabs(): Locator {
    return this.tabList.getByRole('tab')
  }

  /** A separator's position (its aria-valuenow, percent of its group). */
  async separatorValue(separator: Locator): Promise<number> {
    return Number(await separator.getAttribute('aria-valuenow'))
  }

  /** Opens the command palette with its shortcut and returns it. */
  async openPalette(): Promise<Locator> {
    await this.page.keyboard.press('Control+K')
    return this.palette()
  }

  /** The palette in command mode. */
  palette(): Locator {
    return this.page.getByRole('dialog', { name: 'Command palette' })
  }

  /** The palette in go-to-table mode. */
  goToTable(): Locator {
    return this.page.getByRole('dialog', { name: 'Go to table' })
  }

  /** An entry of an open palette. */
  option(palette: Locator, name: string | RegExp): Locator {
    return palette.getByRole('option', { name })
  }
}
