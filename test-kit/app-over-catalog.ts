/**
 * The real app core (handlers, registry, stores) over one directory catalog built in a temp
 * folder, for tests that call channels through `dispatch` as the page does: either opened as
 * a directory catalog, or served by the reference REST server and opened through it.
 */
import { join } from 'node:path'
import { setUpApp, type AppCore } from '../src/main/app-setup'
import { dirSpec, restSpec } from '../src/main/connections/connection-spec'
import { startCatalogServer, type CatalogServerOptions, type RunningCatalogServer } from '../server/server'
import { makeTempDir, removeDir } from './lancedb-catalog'

/** A running app over a catalog, and its connection's id. */
export interface CatalogApp {
  readonly core: AppCore
  readonly connectionId: string
  /** The catalog's folder, for writing to it behind the app's back. */
  readonly root: string
  /** The reference server the app reaches the catalog through; null for a directory catalog. */
  readonly server: RunningCatalogServer | null
  /** Closes the app (and the server) and removes the folder. */
  close(): Promise<void>
}

/** How the app reaches the catalog: directly (the default), or through the reference server. */
export interface CatalogAppOptions {
  /** Serve the catalog with these server options and connect over REST. */
  readonly server?: Omit<CatalogServerOptions, 'root'>
  /** Header lines (`Name: value`) the REST connection sends. */
  readonly headers?: readonly string[]
}

/** Builds a catalog with `build` in a fresh folder named after `prefix`, and starts the app over it. */
export async function startAppOverCatalog(prefix: string, build: (root: string) => Promise<void>, options: CatalogAppOptions = {}): Promise<CatalogApp> {
  const dir = await makeTempDir(prefix)
  const root = join(dir, 'catalog')
  await build(root)
  const server = options.server ? await startCatalogServer({ ...options.server, root }) : null
  const spec = server ? restSpec(server.url, options.headers ?? []) : dirSpec(root)
  const core = await setUpApp({ port: 0, dataDir: undefined, connections: [spec] }, join(dir, 'data'), {
    info: { host: 'browser', version: 'test' }
  })
  return {
    core,
    connectionId: core.registry.list()[0]?.id ?? '',
    root,
    server,
    close: async () => {
      await core.close()
      await server?.close()
      await removeDir(dir)
    }
  }
}
