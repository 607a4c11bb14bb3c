/**
 * What the handlers need from their surroundings; on its own so that the handler files
 * and the table that assembles them (handlers.ts) do not import each other.
 */
import type { AppInfo } from '../../shared/ipc-contract'
import type { StorageProblem } from '../../shared/profile-types'
import type { ConnectionRegistry } from '../connections/connection-registry'
import type { ProfileStore } from '../profiles/profile-store'
import type { UiStateFile } from '../ui-state/ui-state-file'
import type { SwitchableSecretStore } from '../secrets/switchable-store'
import type { ExportJobs } from '../export/export-jobs'
import type { OperationRegistry } from '../operations/operation-registry'
import type { FindService } from '../find/find-service'
import type { MediaCells } from '../media/media-cells'
import type { ColumnProfiles } from '../profile/column-profiles'

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
  /** What byte cells hold, kept per table version (one per app; made here when not given). */
  readonly media?: MediaCells
  /** Column profiles and their cache (one per app; made here when not given). */
  readonly columnProfiles?: ColumnProfiles
}
