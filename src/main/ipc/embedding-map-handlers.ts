/** Embedding map handlers: a vector column's map, how far one has got, and a column's values for its points. */
import type { embeddingMapContract } from '../../shared/contract/embedding-map'
import type { HandlerTable } from './dispatch'
import type { EmbeddingMaps } from '../embedding-map/embedding-maps'

export function embeddingMapHandlers(maps: EmbeddingMaps): Pick<HandlerTable, keyof typeof embeddingMapContract> {
  return {
    'map:layout': (request) => maps.layout(request),
    'map:progress': async ({ operationId }) => maps.progress(operationId),
    'map:values': (request) => maps.values(request)
  }
}
