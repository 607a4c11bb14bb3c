/**
 * The handler table: what main does for each channel of the contract, assembled from one
 * file per domain. The Electron binding and the browser-mode host both serve exactly
 * this table.
 */
import { catalogHandlers } from './catalog-handlers'
import { indexesHandlers } from './indexes-handlers'
import type { HandlerTable } from './dispatch'
import { profileHandlers } from './profile-handlers'
import { searchHandlers } from './search-handlers'
import { shellHandlers } from './shell-handlers'
import { tableHandlers } from './table-handlers'
import { schemaHandlers } from './schema-handlers'
import { exportHandlers } from './export-handlers'
import { operationHandlers } from './operation-handlers'
import { OperationRegistry } from '../operations/operation-registry'
import { versionsHandlers } from './versions-handlers'
import { FindService } from '../find/find-service'
import { findHandlers } from './find-handlers'
import { mediaHandlers } from './media-handlers'
import { MediaCells } from '../media/media-cells'
import type { HandlerContext } from './handler-context'
import { columnProfileHandlers } from './column-profile-handlers'
import { healthHandlers } from './health-handlers'
import { changesHandlers } from './changes-handlers'
import { embeddingMapHandlers } from './embedding-map-handlers'
import { EmbeddingMaps } from '../embedding-map/embedding-maps'
import { editHandlers } from './edit-handlers'
import { ColumnProfiles } from '../profile/column-profiles'

/** Builds the handler table. */
export function createHandlers(context: HandlerContext): HandlerTable {
  const withOperations = {
    ...context,
    operations: context.operations ?? new OperationRegistry(),
    find: context.find ?? new FindService(context.registry, context.dataDir),
    // One for the media and the search channels, whose thumbnails share its slots.
    media: context.media ?? new MediaCells()
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
    ...healthHandlers(withOperations),
    ...changesHandlers(withOperations),
    ...findHandlers(withOperations.find),
    ...mediaHandlers(withOperations),
    ...editHandlers(withOperations),
    ...columnProfileHandlers(withOperations.columnProfiles ?? new ColumnProfiles(withOperations.registry, withOperations.operations)),
    ...embeddingMapHandlers(new EmbeddingMaps(withOperations.registry, withOperations.operations, withOperations.dataDir))
  }
}
