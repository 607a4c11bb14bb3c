/**
 * The exploratory walk's action table: each named action says when it is available (from
 * a snapshot of the page) and how to run it with the walk's random choices. Runs return a
 * short description for the replay log.
 */
import type { Page } from '@playwright/test'
import type { PageElement } from './page-dom'
import type { Rng } from '../../test-kit/prng'
import { locate, type Control, type Snapshot } from './snapshot'
import { discardIfAsked } from '../pages/discard-question'

/** What an action gets to work with. */
export interface ActionContext {
  readonly page: Page
  readonly rng: Rng
  readonly snapshot: Snapshot
  /** Addresses the walk may type: the dir catalog root and the REST URL, plus junk. */
  readonly addresses: readonly string[]
}

/** One thing a user might do. */
export interface Action {
  readonly name: string
  /** Relative frequency among the available actions. */
  readonly weight: number
  available(snapshot: Snapshot): boolean
  run(context: ActionContext): Promise<string>
}

/** How long one user action may wait for its control before the step is skipped. */
export const ACTION_TIMEOUT_MS = 2_000

/** Text a person might type: valid names and filters, and plenty that is not. */
const TYPED = [
  '',
  ' ',
  'a',
  'ns_1',
  'new.table-2',
  'bad name/with slash',
  '$',
  '..',
  '💥 ünïcode',
  'x'.repeat(300),
  'id > 5',
  "name = 'row 1'",
  'id >',
  'no_such_column = 1',
  '1; DROP TABLE x',
  '<b>bold</b>',
  '0',
  '-1',
  'id,name\n1,a\n2,b',
  '[{"id": 1}]',
  '{not json'
]

const KEYS_TREE = ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End', 'Enter', 'F2', 'Delete', 'Shift+F10', 'ContextMenu']
const KEYS_GRID = ['ArrowDown', 'ArrowRight', 'ArrowLeft', 'PageDown', 'PageUp', 'Control+End', 'Control+Home', 'End', 'Enter', 'Space']
const KEYS_ANY = ['Tab', 'Shift+Tab', 'Enter', 'Escape']

const of = (snapshot: Snapshot, test: (control: Control) => boolean): Control[] => snapshot.controls.filter(test)
const role = (name: string) => (control: Control) => control.role === name
const textInput = (control: Control): boolean =>
  (control.role === 'input' && !['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(control.type)) || control.role === 'textarea'
const toggle = (control: Control): boolean => control.role === 'input' && (control.type === 'checkbox' || control.type === 'radio')
const plainButton = (control: Control): boolean => control.role === 'button'

/** The actions, in no particular order; the walk picks by weight among the available ones. */
export const ACTIONS: readonly Action[] = [
  {
    name: 'click tree item',
    weight: 8,
    available: (s) => of(s, role('treeitem')).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const item = rng.pick(of(snapshot, role('treeitem')))
      await locate(page, item).click({ timeout: ACTION_TIMEOUT_MS })
      return `click tree item "${item.name}"`
    }
  },
  {
    name: 'tree key',
    weight: 6,
    available: (s) => of(s, role('treeitem')).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const item = rng.pick(of(snapshot, role('treeitem')))
      const key = rng.pick(KEYS_TREE)
      await locate(page, item).press(key, { timeout: ACTION_TIMEOUT_MS })
      return `press ${key} on tree item "${item.name}"`
    }
  },
  {
    name: 'right-click tree item',
    weight: 2,
    available: (s) => of(s, role('treeitem')).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const item = rng.pick(of(snapshot, role('treeitem')))
      await locate(page, item).click({ button: 'right', timeout: ACTION_TIMEOUT_MS })
      return `right-click tree item "${item.name}"`
    }
  },
  {
    name: 'pick menu item',
    weight: 6,
    available: (s) => s.menu && of(s, role('menuitem')).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const item = rng.pick(of(snapshot, role('menuitem')))
      await locate(page, item).click({ timeout: ACTION_TIMEOUT_MS })
      return `pick menu item "${item.name}"`
    }
  },
  {
    name: 'switch tab',
    weight: 4,
    available: (s) => of(s, role('tab')).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const tab = rng.pick(of(snapshot, role('tab')))
      await locate(page, tab).click({ timeout: ACTION_TIMEOUT_MS })
      return `switch to tab "${tab.name}"`
    }
  },
  {
    name: 'scroll grid',
    weight: 5,
    available: (s) => of(s, role('grid')).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const grid = locate(page, rng.pick(of(snapshot, role('grid'))))
      if (rng.chance(0.5)) {
        const dy = rng.pick([-3000, -400, 400, 3000, 20_000])
        await grid.hover({ timeout: ACTION_TIMEOUT_MS })
        await page.mouse.wheel(rng.pick([0, 300]), dy)
        return `wheel the grid by ${dy}`
      }
      const key = rng.pick(KEYS_GRID)
      await grid.press(key, { timeout: ACTION_TIMEOUT_MS })
      return `press ${key} in the grid`
    }
  },
  {
    name: 'click grid cell',
    weight: 2,
    available: (s) => of(s, role('gridcell')).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const cell = rng.pick(of(snapshot, role('gridcell')))
      await locate(page, cell).click({ timeout: ACTION_TIMEOUT_MS })
      return `click grid cell "${cell.name.slice(0, 20)}"`
    }
  },
  {
    name: 'type in a field',
    weight: 6,
    available: (s) => of(s, textInput).length > 0,
    run: async ({ page, rng, snapshot, addresses }) => {
      const field = rng.pick(of(snapshot, textInput))
      const text = rng.chance(0.3) ? rng.pick(addresses) : rng.pick(TYPED)
      const target = locate(page, field)
      await target.fill(text, { timeout: ACTION_TIMEOUT_MS })
      const enter = rng.chance(0.4)
      if (enter) await target.press('Enter', { timeout: ACTION_TIMEOUT_MS })
      return `type ${JSON.stringify(text.slice(0, 40))} into "${field.name}"${enter ? ' and press Enter' : ''}`
    }
  },
  {
    name: 'choose an option',
    weight: 3,
    available: (s) => of(s, role('select')).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const select = locate(page, rng.pick(of(snapshot, role('select'))))
      const values = await select.evaluate(
        (el) =>
          Array.from((el as unknown as PageElement).options ?? [])
            .filter((o) => !o.disabled)
            .map((o) => o.value),
        undefined,
        { timeout: ACTION_TIMEOUT_MS }
      )
      if (values.length === 0) return 'choose an option: none to choose'
      const value = rng.pick(values)
      await select.selectOption(value, { timeout: ACTION_TIMEOUT_MS })
      return `choose option "${value}"`
    }
  },
  {
    name: 'toggle a checkbox',
    weight: 2,
    available: (s) => of(s, toggle).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const box = rng.pick(of(snapshot, toggle))
      await locate(page, box).click({ timeout: ACTION_TIMEOUT_MS })
      return `toggle ${box.type} "${box.name}"`
    }
  },
  {
    name: 'click a button',
    weight: 5,
    available: (s) => of(s, plainButton).length > 0,
    run: async ({ page, rng, snapshot }) => {
      const button = rng.pick(of(snapshot, plainButton))
      await locate(page, button).click({ timeout: ACTION_TIMEOUT_MS })
      return `click button "${button.name}"${snapshot.dialog ? ` in "${snapshot.dialog}"` : ''}`
    }
  },
  {
    name: 'create a profile',
    weight: 2,
    available: (s) => s.dialog === null && s.controls.some((c) => c.role === 'button' && c.name === 'New connection'),
    run: async ({ page, rng, addresses }) => {
      await page.getByRole('button', { name: 'New connection' }).click({ timeout: ACTION_TIMEOUT_MS })
      const editor = page.getByRole('dialog', { name: 'New connection' })
      const name = rng.chance(0.8) ? `profile ${rng.int(1000)}` : rng.pick(TYPED)
      const type = rng.pick(['Directory', 'REST'] as const)
      const address = rng.pick(addresses)
      await editor.getByLabel('Name', { exact: true }).fill(name, { timeout: ACTION_TIMEOUT_MS })
      await editor.getByLabel('Type', { exact: true }).selectOption(type, { timeout: ACTION_TIMEOUT_MS })
      await editor.getByLabel(type === 'Directory' ? 'Root' : 'URI', { exact: true }).fill(address, { timeout: ACTION_TIMEOUT_MS })
      const end = rng.pick(['Save', 'Save', 'Cancel', 'Escape'] as const)
      if (end === 'Escape') await page.keyboard.press('Escape')
      else await editor.getByRole('button', { name: end, exact: true }).click({ timeout: ACTION_TIMEOUT_MS })
      if (end !== 'Save') await discardIfAsked(page, ACTION_TIMEOUT_MS)
      return `create profile ${JSON.stringify(name.slice(0, 30))} (${type}, ${JSON.stringify(address.slice(-30))}) and ${end}`
    }
  },
  {
    name: 'edit a profile',
    weight: 2,
    available: (s) => s.dialog === null && s.controls.some((c) => c.role === 'button' && c.name === 'Edit'),
    run: async ({ page, rng, snapshot }) => {
      const edit = rng.pick(of(snapshot, (c) => c.role === 'button' && c.name === 'Edit'))
      await locate(page, edit).click({ timeout: ACTION_TIMEOUT_MS })
      const editor = page.getByRole('dialog')
      const name = rng.chance(0.7) ? `edited ${rng.int(1000)}` : rng.pick(TYPED)
      await editor.getByLabel('Name', { exact: true }).fill(name, { timeout: ACTION_TIMEOUT_MS })
      const end = rng.pick(['Save', 'Cancel', 'Escape'] as const)
      if (end === 'Escape') await page.keyboard.press('Escape')
      else await editor.getByRole('button', { name: end, exact: true }).click({ timeout: ACTION_TIMEOUT_MS })
      if (end !== 'Save') await discardIfAsked(page, ACTION_TIMEOUT_MS)
      return `edit a profile: name ${JSON.stringify(name.slice(0, 30))} and ${end}`
    }
  },
  {
    name: 'press Escape',
    weight: 3,
    available: (s) => s.dialog !== null || s.menu,
    run: async ({ page, snapshot }) => {
      await page.keyboard.press('Escape')
      return `press Escape${snapshot.dialog ? ` in "${snapshot.dialog}"` : ''}`
    }
  },
  {
    name: 'press a key',
    weight: 1,
    available: () => true,
    run: async ({ page, rng }) => {
      const key = rng.pick(KEYS_ANY)
      await page.keyboard.press(key)
      return `press ${key}`
    }
  }
]

/** Picks an available action by weight. */
export function pickAction(rng: Rng, snapshot: Snapshot): Action {
  const available = ACTIONS.filter((action) => action.available(snapshot))
  let roll = rng.next() * available.reduce((sum, action) => sum + action.weight, 0)
  for (const action of available) {
    roll -= action.weight
    if (roll < 0) return action
  }
  return available[available.length - 1] ?? (ACTIONS[ACTIONS.length - 1] as Action)
}
