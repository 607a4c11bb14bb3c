/**
 * Editing profiles through the UI: inline validation that refuses to save, a missing
 * root offered for creation, duplicate, reorder with the keyboard, delete with
 * confirmation, export/import without secrets, and copy as code.
 */
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { ProfilesPage } from './pages/profiles-page'

test('shows invalid header names and values inline and refuses to save', async ({ openApp }) => {
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)
  const editor = await profiles.startNew('Broken', 'REST', 'http://127.0.0.1:9')
  await profiles.addHeader('x api key', 'fine')
  await profiles.addHeader('x-trace', 'bad\u0000value')

  const name = editor.getByLabel('Header name').first()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription(/"x api key" is not a valid header name: a space is not allowed/)
  const value = editor.getByLabel('Header value').last()
  await expect(value).toHaveAccessibleDescription('A header value cannot contain a NUL character.')

  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor).toBeVisible()
  await expect(profiles.profile('Broken')).toHaveCount(0)

  // Fixing both problems lets it save.
  await name.fill('x-api-key')
  await value.fill('ok')
  await expect(name).not.toHaveAttribute('aria-invalid', 'true')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor).toHaveCount(0)
  await expect(profiles.profile('Broken')).toBeVisible()
})

test('asks for a name, a full root path and an http(s) URI next to each field', async ({ openApp }) => {
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)
  const editor = await profiles.startNew('', 'Directory', 'relative/dir')
  await expect(editor.getByLabel('Root', { exact: true })).toHaveAccessibleDescription(/relative path/)
  await editor.getByLabel('Type', { exact: true }).selectOption('REST')
  await editor.getByLabel('URI', { exact: true }).fill('ftp://example.com')
  await expect(editor.getByLabel('URI', { exact: true })).toHaveAccessibleDescription(/must start with http:\/\/ or https:\/\//)
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Give the profile a name.')
  await expect(editor).toBeVisible()
})

test('offers to create a missing root folder, then tests it as an empty catalog', async ({ workDir, openApp }) => {
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)
  const root = join(workDir, 'new-catalog')
  const editor = await profiles.startNew('Scratch', 'Directory', root)
  await expect(editor.getByText('This folder does not exist yet.')).toBeVisible()
  await editor.getByRole('button', { name: 'Create folder' }).click()
  await expect(editor.getByText('Folder created.')).toBeVisible()
  await access(root)

  await editor.getByRole('button', { name: 'Test connection' }).click()
  const report = profiles.testResult()
  await expect(report).toContainText('Connection test passed.')
  for (const title of ['Root exists', 'Root is a folder', 'Root is readable', 'Root is writable', 'Looks like a catalog']) {
    await expect(report).toContainText(title)
  }
  await expect(report).toContainText('The folder is empty')
})

test('duplicates, reorders with the keyboard, edits, and deletes only after confirmation', async ({ workDir, openApp }) => {
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)
  await profiles.startNew('Alpha', 'Directory', join(workDir, 'alpha'))
  await profiles.dialog().getByRole('button', { name: 'Save' }).click()
  await expect(profiles.profile('Alpha')).toBeVisible()

  await profiles.act('Alpha', 'Duplicate')
  await expect(profiles.profile('Alpha (copy)')).toBeVisible()
  // The saved profiles' rows (the ones with an actions menu), not the launch connection's.
  const names = profiles.panel
    .getByRole('listitem')
    .filter({ has: app.page.getByRole('button', { name: /^Actions for / }) })
    .getByTestId('connection-name')
  await expect(names).toHaveText(['Alpha', 'Alpha (copy)'])

  // The last profile cannot move down: the item says why and does nothing.
  await profiles.menuButton('Alpha (copy)').click()
  const menu = app.page.getByRole('menu', { name: 'Actions for Alpha (copy)' })
  await expect(menu.getByRole('menuitem', { name: 'Move down (already last)' })).toHaveAttribute('aria-disabled', 'true')
  await app.page.keyboard.press('Escape')
  await expect(profiles.menuButton('Alpha (copy)')).toBeFocused()
  // With the keyboard: the menu opens on Enter, Move up is reached with the arrows.
  await app.page.keyboard.press('Enter')
  await expect(menu.getByRole('menuitem').first()).toBeFocused()
  for (let i = 0; i < 4; i++) await app.page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Move up' })).toBeFocused()
  await app.page.keyboard.press('Enter')
  await expect(names).toHaveText(['Alpha (copy)', 'Alpha'])
  // Focus stays on the moved profile's menu button, so it can be moved again.
  await expect(profiles.menuButton('Alpha (copy)')).toBeFocused()
  await profiles.act('Alpha (copy)', 'Move down')
  await expect(names).toHaveText(['Alpha', 'Alpha (copy)'])

  await profiles.act('Alpha (copy)', 'Edit')
  const editor = app.page.getByRole('dialog', { name: 'Edit Alpha (copy)' })
  await editor.getByLabel('Name', { exact: true }).fill('Beta')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(names).toHaveText(['Alpha', 'Beta'])

  await profiles.act('Beta', 'Delete')
  const confirm = app.page.getByRole('dialog', { name: 'Delete Beta?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(profiles.profile('Beta')).toBeVisible()
  await profiles.act('Beta', 'Delete')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(profiles.profile('Beta')).toHaveCount(0)
  await expect(names).toHaveText(['Alpha'])
})

test('exports without secrets, imports the export, and copies a snippet with the key as a placeholder', async ({ openApp }) => {
  const key = 'sk-export-0123456789-abcd'
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)
  const editor = await profiles.startNew('Prod', 'Enterprise', 'https://db.example.com')
  await editor.getByLabel('API key', { exact: true }).fill(key)
  await profiles.unfold('Advanced')
  await editor.getByLabel('Database', { exact: true }).fill('analytics')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(profiles.profile('Prod')).toBeVisible()

  await profiles.panel.getByRole('button', { name: 'Export profiles' }).click()
  const exported = app.page.getByRole('dialog', { name: 'Export profiles' }).getByLabel('Exported profiles')
  await expect(exported).toHaveValue(/"headers.x-service-database": "analytics"/)
  const json = await exported.inputValue()
  expect(json).not.toContain(key)
  expect(json).toContain('"headers.x-api-key": ""')
  // The same JSON saves as a file.
  const saving = app.page.waitForEvent('download')
  await app.page.getByRole('dialog', { name: 'Export profiles' }).getByRole('button', { name: 'Save as file…' }).click()
  const download = await saving
  expect(download.suggestedFilename()).toBe('lance-catalog-profiles.json')
  expect(await readFile((await download.path()) ?? '', 'utf8')).toBe(json)
  await app.page.getByRole('dialog', { name: 'Export profiles' }).getByRole('button', { name: 'Close' }).click()

  await profiles.panel.getByRole('button', { name: 'Import profiles' }).click()
  const importer = app.page.getByRole('dialog', { name: 'Import profiles' })
  await importer.getByLabel('Profiles JSON').fill(json)
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  // The same file again adds nothing: the profile is already here.
  await expect(importer.getByRole('status')).toContainText('Imported 0 profiles.')
  await expect(importer.getByRole('status')).toContainText('Profile 1 ("Prod") was skipped: a profile with the same name and settings is already here.')
  // With a setting changed it is another profile, kept beside the first under a new name.
  await importer.getByLabel('Profiles JSON').fill(json.replace('"analytics"', '"staging"'))
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(importer.getByRole('status')).toContainText('Imported 1 profile: Prod (imported).')
  await importer.getByRole('button', { name: 'Close' }).click()
  await expect(profiles.profile('Prod (imported)')).toContainText('Needs a value for x-api-key')

  await profiles.act('Prod', 'Copy as code')
  const code = app.page.getByRole('dialog', { name: 'Copy Prod as code' })
  await expect(code.getByLabel('Code')).toHaveValue(/connectNamespace\("rest"/)
  await expect(code.getByLabel('Code')).toHaveValue(/process\.env\.LANCE_API_KEY/)
  await code.getByLabel('Language').selectOption('Python')
  await expect(code.getByLabel('Code')).toHaveValue(/lancedb\.connect_namespace\(/)
  await expect(code.getByLabel('Code')).toHaveValue(/os\.environ\["LANCE_API_KEY"\]/)
  expect(await code.getByLabel('Code').inputValue()).not.toContain(key)
})

test('reports a corrupt profiles file, keeps a copy, and never overwrites it', async ({ dataDir, openApp }) => {
  await mkdir(dataDir, { recursive: true })
  const garbage = '{"version": 1, "profiles": [ this is not json'
  await writeFile(join(dataDir, 'profiles.json'), garbage)
  const app = await openApp()
  const profiles = new ProfilesPage(app.page)

  const alert = profiles.panel.getByRole('alert')
  await expect(alert).toContainText('Saved profiles could not be fully read')
  const copies = (await readdir(dataDir)).filter((name) => name.startsWith('profiles.json.corrupt-'))
  expect(copies).toHaveLength(1)
  await expect(alert).toContainText(join(dataDir, copies[0] ?? ''))
  expect(await readFile(join(dataDir, copies[0] ?? ''), 'utf8')).toBe(garbage)
  expect(await readFile(join(dataDir, 'profiles.json'), 'utf8')).toBe(garbage)
})

test('selects the last used profile at start when no other connection was remembered', async ({ workDir, dataDir, openApp, closeApp }) => {
  const first = await openApp()
  const profiles = new ProfilesPage(first.page)
  await profiles.startNew('Scratch', 'Directory', join(workDir, 'scratch'))
  await profiles.dialog().getByRole('button', { name: 'Save' }).click()
  await profiles.open('Scratch')
  await expect(first.tree.getByText('Empty')).toBeVisible()
  await closeApp(first)
  // Forget the UI's remembered selection, so only "last used" can pick the connection.
  await rm(join(dataDir, 'ui-state.json'), { force: true })

  const second = await openApp()
  await expect(new ProfilesPage(second.page).profile('Scratch').getByRole('button', { name: 'Scratch', exact: true })).toHaveAttribute('aria-current', 'true')
  await expect(second.tree.getByText('Empty')).toBeVisible()
})
