/**
 * The real app core (handlers, registry, stores) over one directory catalog built in a temp
 * folder, for tests that call channels through `dispatch` as the page does.
 */
import { join } from 'node:path'
import { setUpApp, type AppCore } from '../src/main/app-setup'
import { dirSpec } from '../src/main/connections/connection-spec'
import { makeTempDir, removeDir } from './lancedb-catalog'

/** A running app over a catalog, and its connection's id. */
export interface CatalogApp {
  readonly core: AppCore
  readonly connectionId: string
  /** Closes the app and removes the folder. */
  close(): Promise<void>
}

/** Builds a catalog with `build` in a fresh folder named after `prefix`, and starts the app over it. */
export async function startAppOverCatalog(prefix: string, build: (root: string) => Promise<void>): Promise<CatalogApp> {
  const dir = await makeTempDir(prefix)
  const root = join(dir, 'catalog')
  await build(root)
  const core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(root)] }, join(dir, 'data'), {
    info: { host: 'browser', version: 'test' }
  })
  return {
    core,
    connectionId: core.registry.list()[0]?.id ?? '',
    close: async () => {
      await core.close()
      await removeDir(dir)
    }
  }
}
