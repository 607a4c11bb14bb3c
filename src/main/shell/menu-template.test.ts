import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { ACCELERATORS } from '../../shared/contract/shell-events'
import { buildMenuTemplate, type MenuActions, type MenuOptions } from './menu-template'

function build(overrides: Partial<MenuOptions> = {}): { menu: MenuItemConstructorOptions[]; calls: string[] } {
  const calls: string[] = []
  const actions: MenuActions = {
    command: (command) => calls.push(`command:${command}`),
    openFolder: () => calls.push('openFolder'),
    setTheme: (theme) => calls.push(`theme:${theme}`),
    about: () => calls.push('about'),
    openReadme: () => calls.push('readme')
  }
  const menu = buildMenuTemplate({ platform: 'linux', isDev: false, appName: 'Lance Catalog Browser', theme: 'system', actions, ...overrides })
  return { menu, calls }
}

const submenu = (item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] => (Array.isArray(item?.submenu) ? item.submenu : [])
const top = (menu: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] =>
  submenu(menu.find((item) => item.label?.replace('&', '') === label))
const named = (items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions | undefined => items.find((item) => item.label === label)
const click = (item: MenuItemConstructorOptions | undefined): void => {
  ;(item?.click as (() => void) | undefined)?.()
}
const everything = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] => items.flatMap((item) => [item, ...everything(submenu(item))])

describe('application menu', () => {
  it('has File, Edit, View and Help with the items the app needs, in that order', () => {
    const { menu } = build()
    expect(menu.map((item) => item.label)).toEqual(['&File', '&Edit', '&View', '&Help'])
    expect(
      top(menu, 'File')
        .filter((item) => item.type !== 'separator')
        .map((item) => item.label ?? item.role)
    ).toEqual(['New connection', 'Open folder…', 'Close tab', 'Quit'])
    expect(
      top(menu, 'Edit')
        .filter((item) => item.role)
        .map((item) => item.role)
    ).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll'])
    const view = top(menu, 'View')
    expect(view.filter((item) => item.type !== 'separator').map((item) => item.label ?? item.role)).toEqual([
      'Command palette…',
      'Find in catalog…',
      'Refresh',
      'Theme',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen'
    ])
    expect(top(menu, 'Help').map((item) => item.label)).toEqual(['About Lance Catalog Browser', 'Keyboard shortcuts', 'README'])
  })

  it('uses the accelerators of browser mode shortcuts', () => {
    const { menu } = build()
    expect(named(top(menu, 'File'), 'New connection')?.accelerator).toBe(ACCELERATORS['new-connection'])
    expect(named(top(menu, 'File'), 'Open folder…')?.accelerator).toBe(ACCELERATORS['open-folder'])
    expect(named(top(menu, 'File'), 'Close tab')?.accelerator).toBe(ACCELERATORS['close-tab'])
    expect(named(top(menu, 'File'), 'Quit')?.accelerator).toBe(ACCELERATORS.quit)
    expect(named(top(menu, 'View'), 'Refresh')?.accelerator).toBe(ACCELERATORS.refresh)
    expect(named(top(menu, 'View'), 'Command palette…')?.accelerator).toBe(ACCELERATORS['command-palette'])
    expect(named(top(menu, 'View'), 'Find in catalog…')?.accelerator).toBe(ACCELERATORS['find-in-catalog'])
    expect(named(top(menu, 'Help'), 'Keyboard shortcuts')?.accelerator).toBe(ACCELERATORS['keyboard-shortcuts'])
  })

  it('sends page commands and runs its own actions', () => {
    const { menu, calls } = build()
    click(named(top(menu, 'File'), 'New connection'))
    click(named(top(menu, 'File'), 'Open folder…'))
    click(named(top(menu, 'File'), 'Close tab'))
    click(named(top(menu, 'View'), 'Refresh'))
    click(named(top(menu, 'View'), 'Command palette…'))
    click(named(submenu(named(top(menu, 'View'), 'Theme')), 'Dark'))
    for (const item of top(menu, 'Help')) click(item)
    expect(calls).toEqual([
      'command:new-connection',
      'openFolder',
      'command:close-tab',
      'command:refresh',
      'command:command-palette',
      'theme:dark',
      'about',
      'command:keyboard-shortcuts',
      'readme'
    ])
  })

  it('checks the current theme', () => {
    const { menu } = build({ theme: 'light' })
    const themes = submenu(named(top(menu, 'View'), 'Theme'))
    expect(themes.map((item) => [item.label, item.type, item.checked])).toEqual([
      ['System', 'radio', false],
      ['Light', 'radio', true],
      ['Dark', 'radio', false]
    ])
  })

  it('offers DevTools and reload in development builds only', () => {
    const roles = (menu: MenuItemConstructorOptions[]): unknown[] => everything(menu).map((item) => item.role)
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(roles(build({ platform }).menu)).not.toContain('toggleDevTools')
      expect(roles(build({ platform }).menu)).not.toContain('forceReload')
      expect(roles(build({ platform }).menu)).not.toContain('reload')
    }
    expect(roles(build({ isDev: true }).menu)).toContain('toggleDevTools')
  })

  it('follows macOS conventions: app menu with About and Quit, Window menu', () => {
    const { menu } = build({ platform: 'darwin' })
    expect(menu.map((item) => item.label ?? item.role)).toEqual(['Lance Catalog Browser', '&File', '&Edit', '&View', 'windowMenu', '&Help'])
    expect(
      submenu(menu[0])
        .map((item) => item.role)
        .filter(Boolean)
    ).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit'])
    expect(named(top(menu, 'File'), 'Quit')).toBeUndefined()
    expect(top(menu, 'Help').map((item) => item.label)).toEqual(['Keyboard shortcuts', 'README'])
  })
})
