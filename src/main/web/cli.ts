/**
 * `npm run web -- [flags]`: runs the app's main-process logic under plain Node and
 * serves it to a browser. Prints the URL (with this run's token) on one line of stdout.
 */
import { fileURLToPath } from 'node:url'
import { setUpApp } from '../app-setup'
import { openLibsecretKeychain } from '../secrets/libsecret-keychain'
import { defaultDataDir, parseLaunchArgs } from '../launch-options'
import { startWebHost } from './host'

async function main(): Promise<void> {
  const options = parseLaunchArgs(process.argv.slice(2))
  const dataDir = options.dataDir ?? defaultDataDir()
  // No Electron safeStorage here; the desktop's Secret Service keyring stands in when one runs.
  const safeStorage = options.noKeychain ? undefined : await openLibsecretKeychain(dataDir)
  const info = { host: 'browser', version: process.env['npm_package_version'] ?? '0.0.0' } as const
  const core = await setUpApp(options, dataDir, { info, safeStorage })
  const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url))
  const host = await startWebHost({ handlers: core.handlers, rendererDir, port: options.port, downloads: core.exports })
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
