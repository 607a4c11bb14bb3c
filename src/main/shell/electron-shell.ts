/**
 * Electron adapter for the desktop shell: the application menu, the folder dialog, the
 * external-link confirmation, the theme and the remembered window. Each decision is a
 * plain function elsewhere in shell/; this file only calls Electron with the results.
 */
import { BrowserWindow, Menu, app, dialog, nativeTheme, shell } from 'electron'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SHELL_EVENT_CHANNEL, type ShellEvent } from '../../shared/contract/shell-events'
import type { AppCore } from '../app-setup'
import { openFolderAsCatalog } from '../ipc/shell-handlers'
import { DOCS_ORIGINS, catalogOrigins, externalLinkVerdict, linkConfirmation } from './external-links'
import { buildMenuTemplate, type ThemeSource } from './menu-template'
import { saveShellState } from './shell-state-file'
import { captureWindowState } from './window-state'

/** What the shell adapter works with. */
export interface ShellHost {
  readonly window: BrowserWindow
  readonly core: AppCore
  readonly dataDir: string
  theme: ThemeSource
}

/** Sends a shell event to the page (the typed main -> renderer channel). */
export function sendShellEvent(window: BrowserWindow, event: ShellEvent): void {
  if (!window.isDestroyed()) window.webContents.send(SHELL_EVENT_CHANNEL, event)
}

/** Sets the application menu; call again to redraw it (the theme radio). */
export function installAppMenu(host: ShellHost): void {
  const template = buildMenuTemplate({
    platform: process.platform,
    isDev: !app.isPackaged,
    appName: app.getName(),
    theme: host.theme,
    actions: {
      command: (command) => sendShellEvent(host.window, { type: 'command', command }),
      openFolder: () => void chooseFolder(host),
      setTheme: (theme) => {
        host.theme = theme
        nativeTheme.themeSource = theme
        installAppMenu(host)
      },
      about: () => app.showAboutPanel(),
      openReadme: () => void shell.openPath(readmePath())
    }
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

async function chooseFolder(host: ShellHost): Promise<void> {
  const result = await dialog.showOpenDialog(host.window, {
    title: 'Open a folder as a directory catalog',
    buttonLabel: 'Open catalog',
    properties: ['openDirectory', 'createDirectory']
  })
  const path = result.filePaths[0]
  if (result.canceled || !path) return
  try {
    const connection = await openFolderAsCatalog(host.core.registry, path)
    sendShellEvent(host.window, { type: 'connection-opened', connectionId: connection.id })
  } catch (error) {
    sendShellEvent(host.window, { type: 'problem', message: error instanceof Error ? error.message : String(error) })
  }
}

/** Opens an http(s) link the page tried to leave for, if the link policy allows it and the person confirms. */
export async function openExternalLink(host: ShellHost, url: string): Promise<void> {
  const uris = [
    ...host.core.registry.list().flatMap((connection) => (connection.type === 'rest' ? [connection.target] : [])),
    ...host.core.profiles.profiles().flatMap((profile) => (profile.connectType === 'rest' ? [profile.properties['uri'] ?? ''] : []))
  ]
  const verdict = externalLinkVerdict(url, [...DOCS_ORIGINS, ...catalogOrigins(uris)])
  if (!verdict.allowed) {
    console.warn(`Not opening ${url}: ${verdict.reason}.`)
    return
  }
  const confirmation = linkConfirmation(url)
  const { response } = await dialog.showMessageBox(host.window, { ...confirmation, buttons: [...confirmation.buttons] })
  if (response === 0) await shell.openExternal(url)
}

/** Saves the window's normal bounds, maximized state and theme; resolves when written. */
export function rememberWindow(host: ShellHost): Promise<void> {
  const { window } = host
  const state = captureWindowState(window.getNormalBounds(), window.isMaximized())
  return saveShellState(host.dataDir, { window: state, theme: host.theme }).catch((error: unknown) => {
    console.warn(`Could not save the window state: ${error instanceof Error ? error.message : String(error)}`)
  })
}

function readmePath(): string {
  // Packaged builds carry the README as an extra resource (see electron-builder.json).
  return app.isPackaged ? join(process.resourcesPath, 'README.md') : fileURLToPath(new URL('../../README.md', import.meta.url))
}
