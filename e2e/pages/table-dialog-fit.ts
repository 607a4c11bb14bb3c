/**
 * The dialogs of an open table and of the shell, each in the states that change its size,
 * for the dialog-fit spec: Export rows (each format), Create index (each index type of a
 * vector, a text and a number column, and a refused parameter), Search by vector (empty
 * and refused), Query plan, Add / Rename / Drop column, Keyboard shortcuts, and the
 * connection editor for REST and Enterprise with each section unfolded (and all at once)
 * and every problem shown. They run on the LanceDB-made `articles` table in a directory catalog.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { VECTOR_INDEX_TYPES } from '../../src/shared/index-types'
import { NATIVE_TABLE } from '../../test-kit/lance-native-table'
import type { CatalogPage } from './catalog-page'
import { IndexesPage } from './indexes-page'
import { ProfilesPage } from './profiles-page'

/** One dialog in one state: its title, and how to open it and bring it there. */
export interface FitCase {
  readonly name: string
  readonly title: string
  /** Opens the dialog (on the open `articles` table) and brings it into the state. */
  open(app: CatalogPage): Promise<Locator>
  /** Content taller than the window by design: only scrolling across fails. */
  readonly tall?: boolean
}

const dialogOf = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title })

/** Shows a view of the open table. */
async function showView(page: Page, view: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name: view }).click()
}

async function openExport(app: CatalogPage, format: string): Promise<Locator> {
  await app.page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = dialogOf(app.page, 'Export rows')
  await dialog.getByLabel('Format').selectOption(format)
  return dialog
}

async function openCreateIndex(app: CatalogPage, column: string, type: string, partitions?: string): Promise<Locator> {
  const indexes = new IndexesPage(app.page)
  await indexes.open()
  await indexes.createButton.click()
  const dialog = indexes.createDialog
  await dialog.getByLabel('Column', { exact: true }).selectOption(column)
  await dialog.getByLabel('Index type', { exact: true }).selectOption(type)
  if (partitions !== undefined) {
    await dialog.getByLabel('Partitions', { exact: true }).fill(partitions)
    await expect(dialog.getByLabel('Partitions', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  }
  return dialog
}

async function openVectorSearch(app: CatalogPage, query?: string): Promise<Locator> {
  await app.page.getByRole('button', { name: 'Search by vector…' }).click()
  const dialog = dialogOf(app.page, 'Search by vector')
  if (query !== undefined) {
    await dialog.getByLabel('Query vector (JSON)').fill(query)
    await dialog.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(dialog.getByRole('alert')).toBeVisible()
  }
  return dialog
}

async function openPlan(app: CatalogPage): Promise<Locator> {
  await app.page.getByRole('button', { name: 'Explain' }).click()
  const dialog = dialogOf(app.page, 'Query plan')
  await expect(dialog.getByLabel('Query plan text')).not.toBeEmpty()
  return dialog
}

async function openColumnAction(app: CatalogPage, column: string, action: string, title: string): Promise<Locator> {
  const row = await app.schemaRow(column)
  await row.getByRole('button', { name: `Column actions for ${column}` }).click()
  await app.page.getByRole('menuitem', { name: action }).click()
  return dialogOf(app.page, title)
}

async function openAddColumn(app: CatalogPage, invalid: boolean): Promise<Locator> {
  await showView(app.page, 'Schema')
  await app.page.getByRole('button', { name: 'Add column' }).click()
  const dialog = dialogOf(app.page, 'Add column')
  if (invalid) {
    await dialog.getByLabel('Column name').fill('id')
    await dialog.getByRole('button', { name: 'Add column' }).click()
    await expect(dialog.getByLabel('Column name')).toHaveAttribute('aria-invalid', 'true')
  }
  return dialog
}

/**
 * The connection editor for `type` with `section` unfolded (as a person opens the one they
 * need), or every section at once, after Save showed every problem.
 */
async function openEditor(app: CatalogPage, type: 'REST' | 'Enterprise', section: string | 'all' | 'none'): Promise<Locator> {
  const profiles = new ProfilesPage(app.page)
  const editor = await profiles.startNew('', type, 'catalog.example.com')
  const all = type === 'REST' ? ['Headers', 'OAuth2 token URL and scopes', 'Storage options for table locations', 'Advanced'] : ['Headers', 'Advanced']
  const sections = section === 'all' ? all : section === 'none' ? [] : [section]
  if (type === 'REST') await editor.getByLabel('Authentication', { exact: true }).selectOption('OAuth2 client credentials')
  for (const name of sections) await profiles.unfold(name)
  if (sections.includes('Headers')) await profiles.addHeader('x bad', 'value')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor.getByLabel('URI', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  return editor
}

const VECTOR = 'vector'

/** The cases, by dialog. */
export const TABLE_DIALOGS: Readonly<Record<string, readonly FitCase[]>> = {
  'Export rows': ['csv', 'jsonl', 'arrow', 'parquet'].map((format) => ({
    name: format,
    title: 'Export rows',
    open: (app) => openExport(app, format)
  })),
  'Create index': [
    ...VECTOR_INDEX_TYPES.map((type) => ({
      name: `vector, ${type}`,
      title: 'Create index',
      open: (app: CatalogPage) => openCreateIndex(app, VECTOR, type)
    })),
    { name: 'vector, refused partitions', title: 'Create index', open: (app) => openCreateIndex(app, VECTOR, 'IVF_HNSW_PQ', '0') },
    { name: 'text, FTS', title: 'Create index', open: (app) => openCreateIndex(app, 'text', 'FTS') },
    { name: 'id, BTREE', title: 'Create index', open: (app) => openCreateIndex(app, 'id', 'BTREE') }
  ],
  'Search by vector': [
    { name: 'empty', title: 'Search by vector', open: (app) => openVectorSearch(app) },
    { name: 'refused', title: 'Search by vector', open: (app) => openVectorSearch(app, '[1, 2, 3]') }
  ],
  'Query plan': [{ name: 'plain rows', title: 'Query plan', open: openPlan }],
  'Add column': [
    { name: 'pristine', title: 'Add column', open: (app) => openAddColumn(app, false) },
    { name: 'refused', title: 'Add column', open: (app) => openAddColumn(app, true) }
  ],
  'Rename column': [{ name: 'pristine', title: 'Rename column', open: (app) => openColumnAction(app, 'category', 'Rename column…', 'Rename column') }],
  'Drop column': [{ name: 'pristine', title: 'Drop column', open: (app) => openColumnAction(app, 'category', 'Drop column…', 'Drop column') }],
  'Keyboard shortcuts': [
    {
      name: 'open',
      title: 'Keyboard shortcuts',
      open: async (app) => {
        await app.page.keyboard.press('Control+/')
        return dialogOf(app.page, 'Keyboard shortcuts')
      }
    }
  ],
  'Connection editor unfolded': [
    // As it first shows, every problem said: the common case fits.
    { name: 'REST, folded', title: 'New connection', open: (app) => openEditor(app, 'REST', 'none') },
    { name: 'Enterprise, folded', title: 'New connection', open: (app) => openEditor(app, 'Enterprise', 'none') },
    ...['Headers', 'Advanced'].map((section) => ({
      name: `REST, ${section}`,
      title: 'New connection',
      open: (app: CatalogPage) => openEditor(app, 'REST', section)
    })),
    // The OAuth2 endpoint and the storage options are more fields than a laptop screen
    // holds below the rest: these scroll down, never across.
    ...['OAuth2 token URL and scopes', 'Storage options for table locations'].map((section) => ({
      name: `REST, ${section}`,
      title: 'New connection',
      open: (app: CatalogPage) => openEditor(app, 'REST', section),
      tall: true
    })),
    ...['Headers', 'Advanced'].map((section) => ({
      name: `Enterprise, ${section}`,
      title: 'New connection',
      open: (app: CatalogPage) => openEditor(app, 'Enterprise', section)
    })),
    // Every section at once scrolls down too, never across.
    { name: 'REST, every section', title: 'New connection', open: (app) => openEditor(app, 'REST', 'all'), tall: true }
  ]
}

/** Opens the `articles` table. */
export async function openArticles(app: CatalogPage): Promise<void> {
  await app.table(NATIVE_TABLE).click()
  await expect(app.page.getByRole('heading', { name: NATIVE_TABLE, exact: true })).toBeVisible()
}
