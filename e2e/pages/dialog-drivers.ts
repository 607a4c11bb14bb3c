/**
 * Every dialog of the app, as a driver the dialog-state matrix runs: how to open it, how
 * to bring it into each of its states (pristine, edited, invalid input, request running,
 * request failed, request succeeded), its close button, and where focus belongs after.
 * Locators by role and accessible name only.
 */
import { expect, type Locator } from '@playwright/test'
import type { GateProxy } from '../fixtures/gate-proxy'
import type { CatalogPage } from './catalog-page'
import { ProfilesPage } from './profiles-page'
import { TablesPage } from './tables-page'

/** The states a dialog can be in. */
export type DialogState = 'pristine' | 'edited' | 'invalid' | 'running' | 'failed' | 'succeeded'

/** What the drivers work on: the app (a REST catalog behind a gate proxy) and its pages. */
export interface DialogWorld {
  readonly app: CatalogPage
  readonly profiles: ProfilesPage
  readonly tables: TablesPage
  /** The proxy in front of the catalog server the app and the saved profiles use. */
  readonly proxy: GateProxy
  /** An http:// URL nothing listens on. */
  readonly closedUrl: string
  /** A fresh name on each call (held requests may still land after the dialog closed). */
  fresh(prefix: string): string
}

/**
 * Brings an open dialog into a state. May return a function that lets a held request
 * go (for "running"); the matrix calls it after closing the dialog.
 */
export type StateStep = (world: DialogWorld, dialog: Locator) => Promise<(() => void) | void>

/** An opened dialog whose first request is held at the proxy. */
export interface Opened {
  readonly opener: Locator
  readonly release: () => void
}

/** One dialog. */
export interface DialogDriver {
  /** The dialog's accessible name (its title). */
  readonly title: string | RegExp
  /** The button that closes it without doing anything ("Cancel" or "Close"). */
  readonly closeButton: string | RegExp
  /**
   * Opens it for `state`; returns the element that opened it, which gets focus back on
   * close (and, for a dialog that starts a request as it opens, the held request's release).
   */
  open(world: DialogWorld, state: DialogState): Promise<Locator | Opened>
  /** Where focus belongs after closing, if not the opener (a menu item that is gone). */
  focusAfter?(world: DialogWorld): Locator
  readonly states: Partial<Record<DialogState, StateStep>>
}

const SAVED = 'Saved'
const BROKEN = 'Broken'
const isList = (method: string, path: string): boolean => method === 'GET' && /^\/v1\/namespace\/[^/]+\/list/.test(path)
const isPost = (action: string) => (method: string, path: string) => method === 'POST' && path.includes(`/${action}`)

/** Holds the next matching request, waits until one arrived, and returns its release. */
async function holdUntilArrived(world: DialogWorld, match: (method: string, path: string) => boolean, act: () => Promise<void>): Promise<() => void> {
  const gate = world.proxy.hold(match)
  await act()
  await gate.held
  return gate.release
}

/** Saves two profiles (one on the catalog, one on a closed port) for the profile dialogs. */
export async function saveProfiles(world: DialogWorld): Promise<void> {
  for (const [name, url] of [
    [SAVED, world.proxy.url],
    [BROKEN, world.closedUrl]
  ] as const) {
    const editor = await world.profiles.startNew(name, 'REST', url)
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect(editor).toHaveCount(0)
    await expect(world.profiles.profile(name)).toBeVisible()
  }
}

/** States of the profile editor (new or edit): the form and "Test connection". */
function editorStates(editing: boolean): Partial<Record<DialogState, StateStep>> {
  const test = (dialog: Locator): Promise<void> => dialog.getByRole('button', { name: 'Test connection' }).click()
  const asRest = async (dialog: Locator, uri: string): Promise<void> => {
    if (!editing) await dialog.getByLabel('Type', { exact: true }).selectOption('REST')
    await dialog.getByLabel('URI', { exact: true }).fill(uri)
  }
  return {
    pristine: async (_, dialog) => {
      await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(editing ? SAVED : '')
    },
    edited: async (world, dialog) => {
      await dialog.getByLabel('Name', { exact: true }).fill(world.fresh('Draft'))
    },
    invalid: async (_, dialog) => {
      await dialog.getByLabel('Name', { exact: true }).fill('')
      await asRest(dialog, 'not a uri')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(dialog.getByLabel('URI', { exact: true })).toHaveAttribute('aria-invalid', 'true')
      await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    },
    running: async (world, dialog) => {
      await dialog.getByLabel('Name', { exact: true }).fill(world.fresh('Draft'))
      await asRest(dialog, world.proxy.url)
      const release = await holdUntilArrived(world, isList, () => test(dialog))
      await expect(dialog.getByRole('status').filter({ hasText: 'Testing the connection…' })).toBeVisible()
      return release
    },
    failed: async (world, dialog) => {
      await dialog.getByLabel('Name', { exact: true }).fill(world.fresh('Draft'))
      await asRest(dialog, world.closedUrl)
      await test(dialog)
      await expect(dialog.getByRole('region', { name: 'Test result' })).toContainText('Connection test failed')
    },
    succeeded: async (world, dialog) => {
      await dialog.getByLabel('Name', { exact: true }).fill(world.fresh('Draft'))
      await asRest(dialog, world.proxy.url)
      await test(dialog)
      await expect(dialog.getByRole('region', { name: 'Test result' })).toContainText('Connection test passed')
    }
  }
}

/** Opens the tree's menu on a row and picks an item; the row gets focus back on close. */
async function fromTreeMenu(world: DialogWorld, row: Locator, item: string): Promise<Locator> {
  await world.tables.treeAction(row, item)
  return row
}

/** Opens a toolbar dialog for a selected table. */
async function fromToolbar(world: DialogWorld, button: string, table?: string): Promise<Locator> {
  if (table) {
    await world.app.table(table).click()
    await expect(world.app.page.getByRole('heading', { name: table, exact: true })).toBeVisible()
  }
  const opener = world.tables.toolbar.getByRole('button', { name: button })
  await opener.click()
  return opener
}

/** The drivers, by the name the matrix uses. */
export const DIALOGS = {
  'New connection': {
    title: 'New connection',
    closeButton: 'Cancel',
    open: async ({ profiles }) => {
      const opener = profiles.panel.getByRole('button', { name: 'New connection' })
      await opener.click()
      return opener
    },
    states: editorStates(false)
  },
  'Edit connection': {
    title: `Edit ${SAVED}`,
    closeButton: 'Cancel',
    open: async ({ profiles }) => {
      const opener = profiles.action(SAVED, 'Edit')
      await opener.click()
      return opener
    },
    states: editorStates(true)
  },
  'Test report': {
    title: /^Test (Saved|Broken)$/,
    closeButton: 'Close',
    // The test starts as the dialog opens: "failed" tests the profile on a closed port,
    // "running" holds the first request before the click.
    open: async (world, state) => {
      const opener = world.profiles.action(state === 'failed' ? BROKEN : SAVED, 'Test connection')
      if (state !== 'running') {
        await opener.click()
        return opener
      }
      return { opener, release: await holdUntilArrived(world, isList, () => opener.click()) }
    },
    states: {
      running: async (_, dialog) => {
        await expect(dialog.getByRole('status').filter({ hasText: 'Testing the connection…' })).toBeVisible()
      },
      failed: async (_, dialog) => {
        await expect(dialog.getByRole('region', { name: 'Test result' })).toContainText('Connection test failed')
      },
      succeeded: async (_, dialog) => {
        await expect(dialog.getByRole('region', { name: 'Test result' })).toContainText('Connection test passed')
      }
    }
  },
  'Copy as code': {
    title: `Copy ${SAVED} as code`,
    closeButton: 'Close',
    open: async ({ profiles }) => {
      const opener = profiles.action(SAVED, 'Copy as code')
      await opener.click()
      return opener
    },
    states: {
      succeeded: async (_, dialog) => {
        await expect(dialog.getByLabel('Code')).toHaveValue(/connectNamespace\("rest"/)
      }
    }
  },
  'Delete profile': {
    title: `Delete ${BROKEN}?`,
    closeButton: 'Cancel',
    open: async ({ profiles }) => {
      const opener = profiles.action(BROKEN, 'Delete')
      await opener.click()
      return opener
    },
    states: {
      pristine: async (_, dialog) => {
        await expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled()
      }
    }
  },
  'Import profiles': {
    title: 'Import profiles',
    // "Cancel" becomes "Close" once an import ran.
    closeButton: /^(Cancel|Close)$/,
    open: async ({ profiles }) => {
      const opener = profiles.panel.getByRole('button', { name: 'Import profiles' })
      await opener.click()
      return opener
    },
    states: {
      pristine: async (_, dialog) => {
        await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled()
      },
      edited: async (_, dialog) => {
        await dialog.getByLabel('Profiles JSON').fill('{ "profiles": [')
      },
      failed: async (_, dialog) => {
        await dialog.getByLabel('Profiles JSON').fill('this is not JSON')
        await dialog.getByRole('button', { name: 'Import', exact: true }).click()
        await expect(dialog.getByRole('status')).toContainText('The file is not valid JSON')
      },
      succeeded: async (world, dialog) => {
        const name = world.fresh('Imported')
        const json = JSON.stringify({ format: 'lance-catalog-browser/profiles', version: 1, profiles: [{ name, connectType: 'rest', properties: { uri: world.closedUrl } }] })
        await dialog.getByLabel('Profiles JSON').fill(json)
        await dialog.getByRole('button', { name: 'Import', exact: true }).click()
        await expect(dialog.getByRole('status')).toContainText(/Imported 1 profile/)
      }
    }
  },
  'Export profiles': {
    title: 'Export profiles',
    closeButton: 'Close',
    open: async ({ profiles }) => {
      const opener = profiles.panel.getByRole('button', { name: 'Export profiles' })
      await opener.click()
      return opener
    },
    states: {
      succeeded: async (_, dialog) => {
        await expect(dialog.getByLabel('Exported profiles')).toHaveValue(/"name": "Saved"/)
      }
    }
  },
  'Create namespace': {
    title: 'Create namespace',
    closeButton: 'Cancel',
    open: (world) => fromTreeMenu(world, world.app.namespace('analytics'), 'Create namespace…'),
    focusAfter: (world) => world.app.namespace('analytics'),
    states: {
      pristine: async (_, dialog) => {
        await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeDisabled()
      },
      edited: async (world, dialog) => {
        await dialog.getByLabel('Namespace name').fill(world.fresh('child'))
      },
      invalid: async (_, dialog) => {
        await dialog.getByLabel('Namespace name').fill('bad name!')
        await expect(dialog.getByLabel('Namespace name')).toHaveAttribute('aria-invalid', 'true')
      },
      running: async (world, dialog) => {
        await dialog.getByLabel('Namespace name').fill(world.fresh('held'))
        const release = await holdUntilArrived(world, isPost('create'), () => dialog.getByRole('button', { name: 'Create', exact: true }).click())
        await expect(dialog.getByRole('button', { name: 'Creating…' })).toBeDisabled()
        return release
      },
      failed: async (_, dialog) => {
        await dialog.getByLabel('Namespace name').fill('existing')
        await dialog.getByRole('button', { name: 'Create', exact: true }).click()
        await expect(dialog.getByRole('alert')).toBeVisible()
      },
      succeeded: async (world, dialog) => {
        await dialog.getByLabel('Namespace name').fill(world.fresh('made'))
        await dialog.getByRole('button', { name: 'Create', exact: true }).click()
      }
    }
  },
  'Drop namespace': {
    title: 'Drop namespace',
    closeButton: 'Cancel',
    open: (world) => fromTreeMenu(world, world.app.namespace('analytics'), 'Drop namespace…'),
    focusAfter: (world) => world.app.namespace('analytics'),
    states: {
      pristine: async (_, dialog) => {
        await expect(dialog).toContainText('analytics')
      },
      running: async (world, dialog) => {
        const release = await holdUntilArrived(world, isPost('drop'), () => dialog.getByRole('button', { name: 'Drop', exact: true }).click())
        await expect(dialog.getByRole('button', { name: 'Dropping…' })).toBeDisabled()
        return release
      },
      // `analytics` holds a table and a namespace: the server refuses.
      failed: async (_, dialog) => {
        await dialog.getByRole('button', { name: 'Drop', exact: true }).click()
        await expect(dialog.getByRole('alert')).toBeVisible()
      }
    }
  },
  'Create table': {
    title: 'Create table',
    closeButton: 'Cancel',
    open: (world) => fromToolbar(world, 'Create table'),
    states: {
      pristine: async (world) => {
        await expect(world.tables.createButton()).toBeDisabled()
      },
      edited: async (world, dialog) => {
        await dialog.getByLabel('Table name').fill(world.fresh('draft'))
      },
      invalid: async (_, dialog) => {
        await dialog.getByLabel('Table name').fill('bad name!')
        await expect(dialog.getByLabel('Table name')).toHaveAttribute('aria-invalid', 'true')
      },
      running: async (world, dialog) => {
        await dialog.getByLabel('Table name').fill(world.fresh('held'))
        await world.tables.fieldNames().nth(0).fill('id')
        const release = await holdUntilArrived(world, isPost('create'), () => world.tables.createButton().click())
        await expect(dialog.getByRole('button', { name: 'Writing…' })).toBeDisabled()
        return release
      },
      failed: async (world, dialog) => {
        await dialog.getByLabel('Table name').fill('events')
        await world.tables.fieldNames().nth(0).fill('id')
        await world.tables.createButton().click()
        await expect(dialog.getByRole('alert')).toBeVisible()
      },
      succeeded: async (world, dialog) => {
        await dialog.getByLabel('Table name').fill(world.fresh('made'))
        await world.tables.fieldNames().nth(0).fill('id')
        await world.tables.createButton().click()
      }
    }
  },
  'Rename table': {
    title: 'Rename table',
    closeButton: 'Cancel',
    open: (world) => fromToolbar(world, 'Rename table', 'orders'),
    states: {
      pristine: async (_, dialog) => {
        await expect(dialog.getByLabel('New name')).toHaveValue('orders')
      },
      edited: async (world, dialog) => {
        await dialog.getByLabel('New name').fill(world.fresh('orders'))
      },
      invalid: async (_, dialog) => {
        await dialog.getByLabel('New name').fill('bad name!')
        await expect(dialog.getByLabel('New name')).toHaveAttribute('aria-invalid', 'true')
      },
      running: async (world, dialog) => {
        // A rename the server refuses (the name is taken), so the held request changes nothing.
        await dialog.getByLabel('New name').fill('events')
        const release = await holdUntilArrived(world, isPost('rename'), () => dialog.getByRole('button', { name: 'Rename', exact: true }).click())
        await expect(dialog.getByRole('button', { name: 'Renaming…' })).toBeDisabled()
        return release
      },
      failed: async (_, dialog) => {
        await dialog.getByLabel('New name').fill('events')
        await dialog.getByRole('button', { name: 'Rename', exact: true }).click()
        await expect(dialog.getByRole('alert')).toBeVisible()
      }
    }
  },
  'Drop table': {
    title: 'Drop table',
    closeButton: 'Cancel',
    open: (world) => fromToolbar(world, 'Drop table', 'spare'),
    states: {
      pristine: async (_, dialog) => {
        await expect(dialog.getByRole('button', { name: 'Drop', exact: true })).toBeDisabled()
      },
      edited: async (_, dialog) => {
        await dialog.getByLabel('Type the table name to confirm').fill('spa')
      },
      invalid: async (_, dialog) => {
        await dialog.getByLabel('Type the table name to confirm').fill('events')
        await expect(dialog.getByRole('button', { name: 'Drop', exact: true })).toBeDisabled()
      },
      // Last: once let go, the held drop removes `spare`, so it runs once (Escape only).
      running: async (world, dialog) => {
        await dialog.getByLabel('Type the table name to confirm').fill('spare')
        const release = await holdUntilArrived(world, isPost('drop'), () => dialog.getByRole('button', { name: 'Drop', exact: true }).click())
        await expect(dialog.getByRole('button', { name: 'Dropping…' })).toBeDisabled()
        return release
      }
    }
  }
} satisfies Record<string, DialogDriver>

/** The name of a dialog in the matrix. */
export type DialogName = keyof typeof DIALOGS
