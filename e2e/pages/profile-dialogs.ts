/**
 * Drivers for the profile dialogs: new and edit connection, the test report, copy as
 * code, delete, import and export.
 */
import { expect, type Locator } from '@playwright/test'
import { BROKEN, holdUntilArrived, isList, SAVED, type DialogDriver, type DialogState, type DialogWorld, type StateStep } from './dialog-world'

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

/** The profile dialogs, by the name the matrix uses. */
export const PROFILE_DIALOGS = {
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
      return profiles.act(SAVED, 'Edit')
    },
    states: editorStates(true)
  },
  'Test report': {
    title: /^Test (Saved|Broken)$/,
    closeButton: 'Close',
    // The test starts as the dialog opens: "failed" tests the profile on a closed port,
    // "running" holds the first request before the click.
    open: async (world, state) => {
      const name = state === 'failed' ? BROKEN : SAVED
      if (state !== 'running') return world.profiles.act(name, 'Test connection')
      const item = await world.profiles.menuItem(name, 'Test connection')
      return { opener: world.profiles.menuButton(name), release: await holdUntilArrived(world, isList, () => item.click()) }
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
      return profiles.act(SAVED, 'Copy as code')
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
      return profiles.act(BROKEN, 'Delete')
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
        const json = JSON.stringify({
          format: 'lance-catalog-browser/profiles',
          version: 1,
          profiles: [{ name, connectType: 'rest', properties: { uri: world.closedUrl } }]
        })
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
  }
} satisfies Record<string, DialogDriver>
