/**
 * The one IPC contract: channel (`domain:verb`) -> request schema -> response type,
 * assembled from one file per domain under `contract/`. Main binds every channel from
 * this table; the preload and the browser-mode transport derive the renderer's api
 * object from the channel list, so the two sides cannot drift.
 */
import type { z } from 'zod'
import type { Channel } from './channel-names'
import { catalogContract } from './contract/catalog'
import { indexesContract } from './contract/indexes'
import { operationsContract } from './contract/operations'
import { profilesContract } from './contract/profiles'
import { searchContract } from './contract/search'
import { shellContract } from './contract/shell'
import { tablesContract } from './contract/tables'
import { exportContract } from './contract/export'
import { schemaContract } from './contract/schema'
import { versionsContract } from './contract/versions'
import { findContract } from './contract/find'
import { mediaContract } from './contract/media'
import { healthContract } from './contract/health'
import { changesContract } from './contract/changes'
import { columnProfileContract } from './contract/column-profile'
import { embeddingMapContract } from './contract/embedding-map'
import { editsContract } from './contract/edits'

export type { AppInfo } from './contract/catalog'

/** Every channel with its request schema and response type. */
export const contract = {
  ...catalogContract,
  ...tablesContract,
  ...operationsContract,
  ...profilesContract,
  ...shellContract,
  ...schemaContract,
  ...exportContract,
  ...versionsContract,
  ...searchContract,
  ...indexesContract,
  ...findContract,
  ...mediaContract,
  ...columnProfileContract,
  ...editsContract,
  ...embeddingMapContract,
  ...healthContract,
  ...changesContract
} as const satisfies { readonly [C in Channel]: { readonly request: z.ZodType; readonly response: unknown } }

/** The request a channel takes (after validation). */
export type RequestOf<C extends Channel> = z.infer<(typeof contract)[C]['request']>
/** The value a channel answers with on success. */
export type ResponseOf<C extends Channel> = (typeof contract)[C]['response']
