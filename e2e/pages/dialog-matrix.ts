/**
 * Which states each dialog is driven through and how it closes in each: the dialog-state
 * matrix and the dialog-fit spec both walk it, plus the catalog and app they run on.
 */
import { join } from 'node:path'
import { closedPort } from '../../test-kit/test-http-server'
import { startCatalogServer } from '../../server/server'
import { startGateProxy } from '../fixtures/gate-proxy'
import type { CatalogPage } from './catalog-page'
import type { DialogName, DialogState, DialogWorld } from './dialog-drivers'
import { ProfilesPage } from './profiles-page'
import { TablesPage } from './tables-page'
import { buildNestedCatalog } from '../../test-kit/lancedb-catalog'
import { startRenamingProxy } from '../../test-kit/renaming-proxy'

/** How the dialog goes away: Escape, its Cancel/Close button, or by itself after a success. */
export type Way = 'Escape' | 'button' | 'itself'
const BOTH: readonly Way[] = ['Escape', 'button']
const ESCAPE: readonly Way[] = ['Escape']
const ITSELF: readonly Way[] = ['itself']

// dialog             pristine  edited  invalid  running  failed  succeeded
export const MATRIX: Record<DialogName, Partial<Record<DialogState, readonly Way[]>>> = {
  'New connection': { pristine: BOTH, edited: BOTH, invalid: BOTH, running: BOTH, failed: BOTH, succeeded: BOTH },
  'Edit connection': { pristine: BOTH, edited: BOTH, invalid: BOTH, running: BOTH, failed: BOTH, succeeded: BOTH },
  'Test report': { running: BOTH, failed: BOTH, succeeded: BOTH },
  'Copy as code': { succeeded: BOTH },
  'Delete profile': { pristine: BOTH },
  'Import profiles': { pristine: BOTH, edited: BOTH, failed: BOTH, succeeded: BOTH },
  'Export profiles': { succeeded: BOTH },
  'Create namespace': { pristine: BOTH, edited: BOTH, invalid: BOTH, running: BOTH, failed: BOTH, succeeded: ITSELF },
  'Drop namespace': { pristine: BOTH, running: BOTH, failed: BOTH },
  // While the table is being written, Cancel is disabled on purpose (the write cannot be
  // taken back); Escape still closes the dialog.
  'Create table': { pristine: BOTH, edited: BOTH, invalid: BOTH, running: ESCAPE, failed: BOTH, succeeded: ITSELF },
  'Rename table': { pristine: BOTH, edited: BOTH, invalid: BOTH, running: BOTH, failed: BOTH },
  // The held drop removes the table once let go, so it runs once, last.
  'Drop table': { pristine: BOTH, edited: BOTH, invalid: BOTH, running: ESCAPE }
}

/** Dialogs about saved profiles need two of them first. */
export const NEEDS_PROFILES = new Set<DialogName>(['Edit connection', 'Test report', 'Copy as code', 'Delete profile', 'Export profiles'])

/**
 * Serves a small nested catalog through a renaming proxy (the reference server's storage
 * cannot rename, so Rename stays offered) and a gate proxy, opens the app on it and
 * returns the drivers' world and how to stop the servers.
 */
export async function openDialogWorld(
  workDir: string,
  openApp: (flags?: readonly string[]) => Promise<CatalogPage>
): Promise<{ world: DialogWorld; close(): Promise<void> }> {
  const root = join(workDir, 'served')
  await buildNestedCatalog(root, {
    tables: { events: 2, orders: 2, spare: 1 },
    namespaces: { analytics: { tables: { sessions: 1 }, namespaces: { existing: {} } } }
  })
  const server = await startCatalogServer({ root })
  const renaming = await startRenamingProxy(server.url)
  const proxy = await startGateProxy(renaming.url)
  const close = async (): Promise<void> => {
    await proxy.close()
    await renaming.close()
    await server.close()
  }
  try {
    const app = await openApp(['--rest', proxy.url])
    let counter = 0
    const world: DialogWorld = {
      app,
      profiles: new ProfilesPage(app.page),
      tables: new TablesPage(app.page),
      proxy,
      closedUrl: `http://127.0.0.1:${await closedPort()}`,
      fresh: (prefix) => `${prefix}_${++counter}`
    }
    return { world, close }
  } catch (error) {
    await close()
    throw error
  }
}
