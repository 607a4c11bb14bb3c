/**
 * The sidebar's connection list (open connections and saved profiles), its footer (secrets,
 * import/export) and the profile editor as a user sees them: locators by role and
 * accessible name.
 */
import type { Locator, Page } from '@playwright/test'

/** Locators and actions for saved connection profiles. */
export class ProfilesPage {
  readonly panel: Locator

  constructor(readonly page: Page) {
    this.panel = page.getByRole('complementary', { name: 'Sidebar' })
  }

  /** The open profile editor (or any open dialog). */
  dialog(): Locator {
    return this.page.getByRole('dialog')
  }

  /** A saved profile's row, by exact name. */
  profile(name: string): Locator {
    return this.panel.getByRole('listitem').filter({ has: this.page.getByRole('button', { name, exact: true }) })
  }

  /** The button that opens a profile's actions menu. */
  menuButton(name: string): Locator {
    return this.profile(name).getByRole('button', { name: `Actions for ${name}`, exact: true })
  }

  /** An item of a profile's actions menu, opening the menu first. */
  async menuItem(name: string, action: string): Promise<Locator> {
    await this.menuButton(name).click()
    return this.page.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: action, exact: true })
  }

  /** Runs an action from a profile's menu; returns the menu button (focus returns to it). */
  async act(name: string, action: string): Promise<Locator> {
    await (await this.menuItem(name, action)).click()
    return this.menuButton(name)
  }

  /** The report of the last connection test. */
  testResult(): Locator {
    return this.page.getByRole('region', { name: 'Test result' })
  }

  /** Opens the editor for a new profile and fills name, type and URI or root. */
  async startNew(name: string, type: 'Directory' | 'REST' | 'Enterprise', address: string): Promise<Locator> {
    await this.panel.getByRole('button', { name: 'New connection' }).click()
    const editor = this.page.getByRole('dialog', { name: 'New connection' })
    await editor.getByLabel('Name', { exact: true }).fill(name)
    await editor.getByLabel('Type', { exact: true }).selectOption(type)
    await editor.getByLabel(type === 'Directory' ? 'Root' : 'URI', { exact: true }).fill(address)
    return editor
  }

  /** Unfolds a section of the open editor ("Headers", "Storage options for table locations", "Advanced") if it is folded. */
  async unfold(section: string): Promise<void> {
    const details = this.dialog()
      .locator('details')
      .filter({ has: this.page.locator('summary', { hasText: section }) })
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
  }

  /** Adds a header row in the open editor and fills it. */
  async addHeader(name: string, value: string): Promise<void> {
    const editor = this.dialog()
    await this.unfold('Headers')
    await editor.getByRole('button', { name: 'Add header' }).click()
    await editor.getByLabel('Header name').last().fill(name)
    await editor.getByLabel('Header value').last().fill(value)
  }

  /** Opens a saved profile as a connection (shows its catalog in the tree). */
  async open(name: string): Promise<void> {
    await this.profile(name).getByRole('button', { name, exact: true }).click()
  }
}
