/**
 * Start-up shared by the Electron app and the browser-mode host: the data folder, the
 * connections of this run, and the handler table over them.
 */
import { mkdir } from 'node:fs/promises'
import type { AppInfo } from '../shared/ipc-contract'
import { ConnectionRegistry } from './connections/connection-registry'
import { dirSpec } from './connections/connection-spec'
import { ensureDefaultCatalog } from './default-catalog'
import { createHandlers } from './ipc/handlers'
import type { HandlerTable } from './ipc/dispatch'
import type { LaunchOptions } from './launch-options'

/** Everything a host needs to serve the app. */
export interface AppCore {
  readonly dataDir: string
  readonly registry: ConnectionRegistry
  readonly handlers: HandlerTable
  close(): Promise<void>
}

/**
 * Creates the data dir and the connections of this run. With no `--dir`/`--rest`, a
 * local catalog in the data dir opens, so a newcomer sees a working catalog at once.
 */
export async function setUpApp(options: LaunchOptions, dataDir: string, info: AppInfo): Promise<AppCore> {
  await mkdir(dataDir, { recursive: true })
  const registry = new ConnectionRegistry()
  const specs =
    options.connections.length > 0 ? options.connections : [dirSpec(await ensureDefaultCatalog(dataDir), 'Local catalog')]
  for (const spec of specs) registry.add(spec)
  return { dataDir, registry, handlers: createHandlers({ registry, info }), close: () => registry.closeAll() }
}
