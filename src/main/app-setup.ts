/**
 * Start-up shared by the Electron app and the browser-mode host: the data folder, the
 * saved profiles and their secrets, the connections of this run, and the handler table.
 */
import { access, chmod, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppInfo } from '../shared/ipc-contract'
import { ConnectionRegistry } from './connections/connection-registry'
import { dirSpec, profileConnectionId } from './connections/connection-spec'
import { ensureDefaultCatalog } from './default-catalog'
import type { HandlerTable } from './ipc/dispatch'
import { createHandlers } from './ipc/handlers'
import type { LaunchOptions } from './launch-options'
import { ProfileStore } from './profiles/profile-store'
import { UiStateFile } from './ui-state/ui-state-file'
import { openSecretStore, PLAIN_SECRETS_FILE, type SafeStorageLike } from './secrets/secret-store'
import { SwitchableSecretStore } from './secrets/switchable-store'
import { ExportJobs, type ChooseSavePath } from './export/export-jobs'
import { FindService } from './find/find-service'

/** Everything a host needs to serve the app. */
export interface AppCore {
  readonly dataDir: string
  readonly registry: ConnectionRegistry
  readonly profiles: ProfileStore
  readonly handlers: HandlerTable
  /** Exports of this run (browser mode serves their downloads). */
  readonly exports: ExportJobs
  close(): Promise<void>
}

/** What differs between hosts. */
export interface HostServices {
  readonly info: AppInfo
  /** Electron's `safeStorage`, or the desktop keyring in browser mode; absent means secrets stay in memory. */
  readonly safeStorage?: SafeStorageLike
  /** Shows a file or folder in the system file manager (Electron only). */
  readonly revealPath?: (path: string) => void
  /** Asks where to save an export (Electron's save dialog); absent, exports are downloaded. */
  readonly chooseSavePath?: ChooseSavePath
}

/**
 * Creates the data dir, opens the profiles, and adds the connections of this run: those
 * from the flags, or else the default local catalog; plus the last used profile.
 */
export async function setUpApp(options: LaunchOptions, dataDir: string, services: HostServices): Promise<AppCore> {
  // The data dir holds profiles, UI state and maybe secrets: only this user may list or read it.
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await chmod(dataDir, 0o700).catch(() => undefined)
  // Without a keychain, an existing 0600 secrets file means the person opted in to it earlier.
  const plainFileOptIn = await access(join(dataDir, PLAIN_SECRETS_FILE)).then(
    () => true,
    () => false
  )
  const opened = await openSecretStore(dataDir, { safeStorage: services.safeStorage, plainFileOptIn })
  const secrets = new SwitchableSecretStore(opened.store)
  const { store: profiles, problem } = await ProfileStore.open(dataDir, secrets)
  const registry = new ConnectionRegistry()
  const specs = options.connections.length > 0 ? options.connections : [dirSpec(await ensureDefaultCatalog(dataDir), 'Local catalog')]
  for (const spec of specs) registry.add(spec)
  await reopenLastUsed(profiles, registry)
  const exports = new ExportJobs(services.chooseSavePath)
  // Made here so quitting cancels a running walk and saves what each index holds.
  const find = new FindService(registry, dataDir)
  const handlers = createHandlers({
    registry,
    profiles,
    profileProblem: problem ?? null,
    secrets,
    secretProblem: opened.problem ?? null,
    dataDir,
    info: services.info,
    revealPath: services.revealPath,
    uiState: new UiStateFile(dataDir),
    exports,
    find
  })
  return {
    dataDir,
    registry,
    profiles,
    handlers,
    exports,
    close: async () => {
      await exports.close()
      await find.close()
      await registry.closeAll()
    }
  }
}

async function reopenLastUsed(profiles: ProfileStore, registry: ConnectionRegistry): Promise<void> {
  const id = profiles.lastUsedId
  if (!id) return
  try {
    registry.upsert(profileConnectionId(id), await profiles.toConnectionSpec(id))
  } catch {
    // A profile that cannot open (deleted, missing secret) is shown in the profile list
    // with its problem; start-up goes on without it.
  }
}
