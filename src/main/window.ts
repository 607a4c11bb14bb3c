/**
 * The app window and the guards that keep the page inside the app: no new windows, no
 * navigation away, no webviews, no permissions beyond the clipboard write, and links
 * opened outside only through the external-link policy. Decisions are the plain
 * functions in shell/; this file only wires them to Electron.
 */
import { BrowserWindow, app, screen, session, type WebContents } from 'electron'
import { fileURLToPath } from 'node:url'
import { navigationDecision, windowOpenDecision } from './shell/navigation-policy'
import { permissionAllowed } from './shell/permission-policy'
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, restoreWindowState, type WindowState } from './shell/window-state'

/** Creates the main window at the remembered place (checked against today's displays). */
export function createMainWindow(url: string, savedWindow: unknown): BrowserWindow {
  const state: WindowState = restoreWindowState(
    savedWindow,
    screen.getAllDisplays().map((display) => display.workArea)
  )
  const window = new BrowserWindow({
    ...DEFAULT_WINDOW_SIZE,
    ...state,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Lance Catalog Browser',
    webPreferences: {
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      devTools: !app.isPackaged
    }
  })
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize()
    window.show()
  })
  void window.loadURL(url)
  return window
}

/**
 * App-wide guards, applied to the default session and every web contents ever created.
 * `openExternal` gets the http(s) URLs the page tried to leave for; it applies the link policy.
 */
export function installGuards(appOrigin: string, openExternal: (url: string, from: WebContents) => void): void {
  const ses = session.defaultSession
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionAllowed(permission, { url: details.requestingUrl, isMainFrame: details.isMainFrame }, appOrigin))
  })
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(permission, { url: requestingOrigin, isMainFrame: details.isMainFrame }, appOrigin)
  )
  // No device access at all (HID, serial, USB): the app uses none.
  ses.setDevicePermissionHandler(() => false)
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const decision = windowOpenDecision(url)
      if (decision.external) openExternal(url, contents)
      return { action: decision.action }
    })
    const guardNavigation = (event: { readonly url: string; preventDefault(): void }): void => {
      const decision = navigationDecision(event.url, appOrigin)
      if (decision === 'allow') return
      event.preventDefault()
      if (decision === 'external') openExternal(event.url, contents)
    }
    contents.on('will-navigate', guardNavigation)
    contents.on('will-redirect', guardNavigation)
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}
