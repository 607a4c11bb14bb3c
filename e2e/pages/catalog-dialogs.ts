/**
 * Drivers for the catalog dialogs: create and drop namespace (from the tree's menu),
 * create, rename and drop table (from the toolbar).
 */
import { expect, type Locator } from '@playwright/test'
import { holdUntilArrived, isPost, type DialogDriver, type DialogWorld } from './dialog-world'

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

/** The catalog dialogs, by the name the matrix uses. */
export const CATALOG_DIALOGS = {
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
