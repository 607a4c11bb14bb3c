/**
 * The application menu as plain data, so what ships (no DevTools outside development, the
 * same accelerators as browser mode's shortcuts) is tested without Electron. The Electron
 * adapter builds the real menu from it.
 */
import type { MenuItemConstructorOptions } from 'electron'
import { ACCELERATORS, type AppCommand } from '../../shared/contract/shell-events'

/** Electron's theme sources: follow the OS, or force one. */
export const THEME_SOURCES = ['system', 'light', 'dark'] as const
/** A theme source. */
export type ThemeSource = (typeof THEME_SOURCES)[number]

/** What the menu's own items do; the adapter supplies them. */
export interface MenuActions {
  /** Sends a command to the page. */
  command(command: AppCommand): void
  /** Shows the native folder dialog and opens the folder as a directory catalog. */
  openFolder(): void
  setTheme(theme: ThemeSource): void
  /** Shows the About panel (macOS has it in the app menu as a role). */
  about(): void
  /** Opens the README. */
  openReadme(): void
}

/** Where the menu is built. */
export interface MenuOptions {
  readonly platform: NodeJS.Platform
  /** Development build: adds Reload and DevTools. */
  readonly isDev: boolean
  readonly appName: string
  readonly theme: ThemeSource
  readonly actions: MenuActions
}

const THEME_LABELS: Readonly<Record<ThemeSource, string>> = { system: 'System', light: 'Light', dark: 'Dark' }

/** Builds the menu template. */
export function buildMenuTemplate({ platform, isDev, appName, theme, actions }: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const sep: MenuItemConstructorOptions = { type: 'separator' }
  const command = (label: string, name: AppCommand): MenuItemConstructorOptions => ({
    label,
    accelerator: ACCELERATORS[name],
    click: () => actions.command(name)
  })

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      sep,
      { role: 'services' },
      sep,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      sep,
      { role: 'quit', accelerator: ACCELERATORS.quit }
    ]
  }
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      command('New connection', 'new-connection'),
      { label: 'Open folder…', accelerator: ACCELERATORS['open-folder'], click: () => actions.openFolder() },
      sep,
      command('Close tab', 'close-tab'),
      // macOS keeps Quit in the app menu.
      ...(mac ? [] : [sep, { role: 'quit', label: 'Quit', accelerator: ACCELERATORS.quit } satisfies MenuItemConstructorOptions])
    ]
  }
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [{ role: 'undo' }, { role: 'redo' }, sep, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'delete' }, sep, { role: 'selectAll' }]
  }
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      command('Command palette…', 'command-palette'),
      command('Find in catalog…', 'find-in-catalog'),
      command('Refresh', 'refresh'),
      sep,
      {
        label: 'Theme',
        submenu: (['system', 'light', 'dark'] as const).map((source) => ({
          label: THEME_LABELS[source],
          type: 'radio' as const,
          checked: source === theme,
          click: () => actions.setTheme(source)
        }))
      },
      sep,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      sep,
      { role: 'togglefullscreen' },
      ...(isDev ? ([sep, { role: 'forceReload' }, { role: 'toggleDevTools' }] satisfies MenuItemConstructorOptions[]) : [])
    ]
  }
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: '&Help',
    submenu: [
      ...(mac ? [] : [{ label: `About ${appName}`, click: () => actions.about() } satisfies MenuItemConstructorOptions]),
      command('Keyboard shortcuts', 'keyboard-shortcuts'),
      { label: 'README', click: () => actions.openReadme() }
    ]
  }
  return [...(mac ? [appMenu] : []), file, edit, view, ...(mac ? [{ role: 'windowMenu' } satisfies MenuItemConstructorOptions] : []), help]
}
