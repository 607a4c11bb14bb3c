/**
 * Electron main process: lifecycle only. Everything else lives in modules that also run
 * under plain Node in browser mode, or in the shell's plain policy functions.
 */
import { app, nativeTheme, safeStorage, shell } from 'electron'
import { fileURLToPath } from 'node:url'
import { setUpApp, type AppCore } from './app-setup'
import { bindIpc } from './ipc/bind-electron'
import { parseLaunchArgs } from './launch-options'
import { APP_ENTRY_URL, APP_ORIGIN } from './shell/app-protocol'
import { registerAppScheme, serveAppScheme } from './shell/electron-protocol'
import { installAppMenu, openExternalLink, rememberWindow, type ShellHost } from './shell/electron-shell'
import { appOriginFor } from './shell/navigation-policy'
import { loadShellState } from './shell/shell-state-file'
import { chooseExportPath } from './shell/save-dialog'
import { createMainWindow, installGuards } from './window'

let core: AppCore | undefined
let savingWindow: Promise<void> = Promise.resolve()

// Privileged schemes must be registered before the app is ready.
registerAppScheme()

async function start(): Promise<void> {
  const options = parseLaunchArgs(process.argv.slice(app.isPackaged ? 1 : 2))
  const dataDir = options.dataDir ?? app.getPath('userData')
  await app.whenReady()
  core = await setUpApp(options, dataDir, {
    info: { host: 'electron', version: app.getVersion() },
    safeStorage,
    revealPath: (path) => shell.showItemInFolder(path),
    chooseSavePath: chooseExportPath
  })
  // The dev server only in `npm run dev`; every other run loads app://renderer.
  const devUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL']
  const appOrigin = appOriginFor(devUrl, APP_ORIGIN)
  serveAppScheme(fileURLToPath(new URL('../renderer', import.meta.url)))

  const saved = await loadShellState(dataDir)
  nativeTheme.themeSource = saved.theme
  const hostRef: { current?: ShellHost } = {}
  installGuards(appOrigin, (url) => {
    if (hostRef.current) void openExternalLink(hostRef.current, url)
  })
  const window = createMainWindow(devUrl ?? APP_ENTRY_URL, saved.window)
  const host: ShellHost = { window, core, dataDir, theme: saved.theme }
  hostRef.current = host
  window.on('close', () => {
    savingWindow = rememberWindow(host)
  })
  installAppMenu(host)
  bindIpc(core.handlers, window, appOrigin)
}

// Quit once the window state is on disk.
app.on('window-all-closed', () => void savingWindow.finally(() => app.quit()))
app.on('will-quit', () => void core?.close())

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  app.exit(2)
})
