/**
 * A directory catalog built in a temp folder and opened with the app's namespace client,
 * for tests that call the catalog library directly rather than through the app's channels
 * (those use ./app-over-catalog.ts).
 */
import { join } from 'node:path'
import { openDirNamespace } from '../src/catalog/dir/dir-namespace'
import type { NamespaceClient } from '../src/catalog/namespace-client'
import { makeTempDir, removeDir } from './lancedb-catalog'

/** The opened catalog, and the folder it lives in. */
export interface OpenedDirCatalog {
  /** The temp folder: the catalog is its `catalog` folder; tests may write other files beside it. */
  readonly dir: string
  /** The catalog's folder. */
  readonly root: string
  readonly client: NamespaceClient
  /** Closes the client and removes the folder. */
  close(): Promise<void>
}

/** Builds a catalog with `build` in a fresh folder named after `prefix`, and opens it. */
export async function openBuiltDirCatalog(prefix: string, build: (root: string) => Promise<void>): Promise<OpenedDirCatalog> {
  const dir = await makeTempDir(prefix)
  const root = join(dir, 'catalog')
  await build(root)
  const client = await openDirNamespace(root)
  return {
    dir,
    root,
    client,
    close: async () => {
      await client.close()
      await removeDir(dir)
    }
  }
}
