/** The messages between main's map engine and the map worker. */
import type { MapPage } from './map-page'

export type ToMapWorker =
  | {
      readonly type: 'page'
      readonly page: MapPage
      /** Rows the whole map will have, so the worker makes its buffer once. */
      readonly capacity: number
    }
  | {
      readonly type: 'layout'
      readonly dimension: number | null
      readonly seed: number
      /** The column's index partitions (centroids, row after row, as wide as the vectors) to place on the map, or null. */
      readonly centroids: Float32Array | null
    }

/** Positions are float32 x, y per point, fitted to the view's box; kinds one POINT_KINDS index per point. */
export type FromMapWorker =
  | {
      readonly type: 'ack'
      /**
       * The rows kept so far as a picture (x, y per row, fitted to the view's box; kinds one
       * per row), on two principal axes taken from the first rows, so the page can show the
       * rows as they are read.
       */
      readonly positions: Float32Array
      readonly kinds: Uint8Array
    }
  | { readonly type: 'error'; readonly message: string }
  | {
      readonly type: 'first'
      readonly positions: Float32Array
      readonly kinds: Uint8Array
      readonly keys: readonly (string | null)[]
      readonly keyKind: 'number' | 'string' | null
      readonly dimension: number
      /** Points UMAP will be fitted on (the others are placed by their nearest fitted points). */
      readonly fitted: number
    }
  | { readonly type: 'neighbours' }
  | { readonly type: 'step'; readonly epoch: number; readonly epochs: number; readonly positions: Float32Array }
  | {
      readonly type: 'done'
      readonly positions: Float32Array
      readonly method: 'umap' | 'pca'
      readonly fitted: number
      /** One byte per point: 1 where UMAP was fitted on it, 0 where it was placed by its neighbours or set apart. */
      readonly fittedMask: Uint8Array
      /** Where the centroids the layout was given lie (x, y each, as the positions), and how they were placed; null without centroids. */
      readonly partitions: { readonly positions: Float32Array; readonly placement: 'projected' | 'nearest-points' } | null
    }
