/**
 * Electron main process: lifecycle only. Everything else lives in modules that also run
 * under plain Node in browser mode.
 */
import { app, safeStorage, shell } from 'electron'
import { setUpApp, type AppCore } from './app-setup'
import { bindIpc } from './ipc/bind-electron'
import { parseLaunchArgs } from './launch-options'
import { createMainWindow, installNavigationGuards, isAppUrl } from './window'

let core: AppCore | undefined

async function start(): Promise<void> {
  const options = parseLaunchArgs(process.argv.slice(app.isPackaged ? 1 : 2))
  const dataDir = options.dataDir ?? app.getPath('userData')
  await app.whenReady()
  core = await setUpApp(options, dataDir, {
    info: { host: 'electron', version: app.getVersion() },
    safeStorage,
    revealPath: (path) => shell.showItemInFolder(path)
  })
  installNavigationGuards()
  const window = createMainWindow()
  bindIpc(core.handlers, window, isAppUrl)
}

app.on('window-all-closed', () => app.quit())
app.on('will-quit', () => void core?.close())

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  app.exit(2)
})
