/**
 * The handler table: what main does for each channel of the contract, assembled from one
 * file per domain. The Electron binding and the browser-mode host both serve exactly
 * this table.
 */
import type { AppInfo } from '../../shared/ipc-contract'
import type { StorageProblem } from '../../shared/profile-types'
import type { ConnectionRegistry } from '../connections/connection-registry'
import type { ProfileStore } from '../profiles/profile-store'
import type { UiStateFile } from '../ui-state/ui-state-file'
import type { SwitchableSecretStore } from '../secrets/switchable-store'
import { catalogHandlers } from './catalog-handlers'
import { indexesHandlers } from './indexes-handlers'
import type { HandlerTable } from './dispatch'
import { profileHandlers } from './profile-handlers'
import { searchHandlers } from './search-handlers'
import { shellHandlers } from './shell-handlers'
import { tableHandlers } from './table-handlers'
import { schemaHandlers } from './schema-handlers'
import { exportHandlers } from './export-handlers'
import type { ExportJobs } from '../export/export-jobs'
import { operationHandlers } from './operation-handlers'
import { OperationRegistry } from '../operations/operation-registry'
import { versionsHandlers } from './versions-handlers'
import { FindService } from '../find/find-service'
import { findHandlers } from './find-handlers'

/** What the handlers need from their surroundings. */
export interface HandlerContext {
  readonly registry: ConnectionRegistry
  readonly profiles: ProfileStore
  /** Set when the profiles file could not be fully read at start. */
  readonly profileProblem: StorageProblem | null
  /** Where secrets are kept for this run (browser mode may switch it from memory to the 0600 file). */
  readonly secrets: SwitchableSecretStore
  /** Set when the stored secrets could not be read at start. */
  readonly secretProblem: StorageProblem | null
  readonly dataDir: string
  readonly info: AppInfo
  /** Shows a path in the system file manager; only the Electron host has one. */
  readonly revealPath?: (path: string) => void
  readonly uiState: UiStateFile
  /** The exports of this run. */
  readonly exports: ExportJobs
  /** Calls the page watches and may cancel (one per app; made here when not given). */
  readonly operations?: OperationRegistry
  /** Find in catalog's indexes (one per app; made here when not given). */
  readonly find?: FindService
}

/** Builds the handler table. */
export function createHandlers(context: HandlerContext): HandlerTable {
  const withOperations = {
    ...context,
    operations: context.operations ?? new OperationRegistry(),
    find: context.find ?? new FindService(context.registry, context.dataDir)
  }
  return {
    ...catalogHandlers(withOperations),
    ...tableHandlers(withOperations),
    ...operationHandlers(withOperations.operations),
    ...profileHandlers(withOperations),
    ...shellHandlers(withOperations),
    ...versionsHandlers(withOperations),
    ...searchHandlers(withOperations),
    ...schemaHandlers(withOperations),
    ...exportHandlers(withOperations),
    ...indexesHandlers(withOperations),
    ...findHandlers(withOperations.find)
  }
}
