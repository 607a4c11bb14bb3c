/**
 * The app window and the guards that keep the page inside the app: no new windows,
 * no navigation away, only http(s) links opened externally, from main.
 */
import { BrowserWindow, app, shell } from 'electron'
import { fileURLToPath } from 'node:url'

/** Where the renderer comes from: the dev server in `npm run dev`, the built files otherwise. */
export function rendererUrl(): string {
  const devUrl = process.env['ELECTRON_RENDERER_URL']
  if (!app.isPackaged && devUrl) return devUrl
  return new URL('../renderer/index.html', import.meta.url).href
}

/** True if `url` belongs to the app's own pages. */
export function isAppUrl(url: string): boolean {
  const base = rendererUrl()
  if (base.startsWith('file:')) return url.split(/[?#]/)[0] === base.split(/[?#]/)[0]
  return new URL(url).origin === new URL(base).origin
}

/** Creates the main window with the security settings the app relies on. */
export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    show: false,
    title: 'Lance Catalog Browser',
    webPreferences: {
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false
    }
  })
  window.once('ready-to-show', () => window.show())
  void window.loadURL(rendererUrl())
  return window
}

/** App-wide guards, applied to every web contents ever created. */
export function installNavigationGuards(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      openExternally(url)
      return { action: 'deny' }
    })
    contents.on('will-navigate', (event, url) => {
      if (isAppUrl(url)) return
      event.preventDefault()
      openExternally(url)
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}

function openExternally(url: string): void {
  const protocol = URL.canParse(url) ? new URL(url).protocol : ''
  if (protocol === 'https:' || protocol === 'http:') void shell.openExternal(url)
}
