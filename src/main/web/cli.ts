/**
 * `npm run web -- [flags]`: runs the app's main-process logic under plain Node and
 * serves it to a browser. Prints the URL (with its token) on one line of stdout; the port
 * and token are kept in the data dir for the next run (see host-session.ts).
 */
import { fileURLToPath } from 'node:url'
import { setUpApp } from '../app-setup'
import { openLibsecretKeychain } from '../secrets/libsecret-keychain'
import { defaultDataDir, parseLaunchArgs } from '../launch-options'
import { startWebHost, type WebHost } from './host'
import { newHostToken, readHostSession, saveHostSession } from './host-session'

async function main(): Promise<void> {
  const options = parseLaunchArgs(process.argv.slice(2))
  const dataDir = options.dataDir ?? defaultDataDir()
  // No Electron safeStorage here; the desktop's Secret Service keyring stands in when one runs.
  const safeStorage = options.noKeychain ? undefined : await openLibsecretKeychain(dataDir)
  const info = { host: 'browser', version: process.env['npm_package_version'] ?? '0.0.0' } as const
  const core = await setUpApp(options, dataDir, { info, safeStorage })
  const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url))
  // The last run's port and token, unless --port names another port, so an open tab keeps
  // working. The token only ever goes with its own port: a tab holding it talks to that
  // origin alone, so whatever else took the port meanwhile cannot use it elsewhere.
  const saved = await readHostSession(dataDir)
  const start = (port: number, token: string): Promise<WebHost> => startWebHost({ handlers: core.handlers, rendererDir, port, downloads: core.exports, token })
  const kept = saved && (options.port === undefined || options.port === saved.port) ? await start(saved.port, saved.token).catch(() => null) : null
  const host = kept ?? (await start(options.port ?? 0, newHostToken()))
  if (saved && !kept && options.port === undefined) {
    process.stderr.write(`The last run's port ${saved.port} is in use, so this run took another: tabs opened from the old URL need the new one.\n`)
  }
  await saveHostSession(dataDir, { port: host.port, token: host.token }).catch((error: unknown) => {
    process.stderr.write(`Could not keep the port and token for the next run: ${error instanceof Error ? error.message : String(error)}\n`)
  })
  process.stdout.write(`Lance Catalog Browser is running at ${host.url}\n`)

  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    void Promise.allSettled([host.close(), core.close()]).then(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(2)
})
