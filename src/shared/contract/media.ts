/**
 * Channels for what a table's byte columns hold: per cell, its type, size and a small
 * thumbnail made in main (the grid and gallery never carry the bytes themselves), and one
 * cell's whole value for the value viewer. Cells are addressed as the grid reads them: a
 * row's position among the rows matching a filter, at a version or the latest.
 */
import { z } from 'zod'
import type { MediaKind } from '../media-kind'
import { columnRef, connectionId, response, sqlFilter, tableRef } from './common'
import { versionNumber } from './versions'

/** Most rows one `media:cells` call covers (one grid page). */
export const MEDIA_ROWS_MAX = 200
/** Most byte columns one call covers. */
export const MEDIA_COLUMNS_MAX = 16
/** The largest value `media:value` hands over whole (bigger ones say so, and can be saved). */
export const MEDIA_VALUE_MAX_BYTES = 64 * 1024 * 1024

/** The two thumbnail sizes: a grid row's and a gallery tile's (longest side, in pixels). */
export const THUMB_SIZES = { row: 64, tile: 256 } as const
export type ThumbSize = keyof typeof THUMB_SIZES
/** A thumbnail size, as requests name it. */
export const thumbSize = z.enum(['row', 'tile'])

/**
 * A video's first keyframe, still encoded, found in its container by main
 * (src/main/media/video-frame.ts) for the page to decode with WebCodecs and draw as the
 * cell's thumbnail: main has no video decoder.
 */
export interface VideoFirstFrame {
  /** The WebCodecs codec string (`avc1.42c01e`, `vp8`, `vp09.00.10.08`, `av01.0.04M.08`). */
  readonly codec: string
  /** The decoder's description where the codec needs one (H.264's avcC record). */
  readonly description: Uint8Array | null
  /** The coded picture's size, as the container declares it. */
  readonly width: number
  readonly height: number
  /** The keyframe, at most 256 KiB (FIRST_FRAME_MAX_BYTES in main). */
  readonly bytes: Uint8Array
  /**
   * The colours the keyframe says it holds, where the decoder would not read them from it:
   * a VP9 frame's range (full, 0 to 255, or limited, 16 to 235), which Chromium's decoder
   * takes from its configuration and otherwise assumes limited.
   */
  readonly colorSpace?: { readonly fullRange: boolean; readonly matrix?: 'bt709' | 'smpte170m' | 'rgb' }
}

/** What one cell of a byte column holds, without its bytes. */
export interface MediaCell {
  /** Null for a null cell. */
  readonly size: number | null
  readonly kind: MediaKind
  readonly mime: string
  /** `PNG`, `WAV`, `bytes`. */
  readonly label: string
  /** Pixel size, for an image whose header was read; for a PDF, its first page's size in points. */
  readonly width: number | null
  readonly height: number | null
  /** A WebP thumbnail, for an image that decoded within the bounds or a PDF whose first page was drawn within them. */
  readonly thumb: Uint8Array | null
  /** The first bytes in hex, for bytes of no known type. */
  readonly head: string
  /** Why an image or a PDF shows no thumbnail (too many pixels, truncated, not what it claims, too slow to draw). */
  readonly problem: string | null
  /** For a video (MP4, WebM) whose first keyframe was found within the bounds: that frame. */
  readonly firstFrame?: VideoFirstFrame
  /** For a video without one: why (the cell keeps its badge, with this in its hover title). */
  readonly firstFrameProblem?: string
}

/** One cell's whole value, for the viewer. */
export interface MediaValue {
  readonly size: number
  readonly kind: MediaKind
  readonly mime: string
  readonly label: string
  /** Pixel size, for an image or a video; for a PDF, its first page's size in points. */
  readonly width: number | null
  readonly height: number | null
  /** The bytes; null when larger than MEDIA_VALUE_MAX_BYTES or a document that must not be rendered. */
  readonly bytes: Uint8Array | null
  /** Why the bytes are not shown as media (too large, cannot be decoded, a document with script). */
  readonly problem: string | null
  /** For a video, its first keyframe (as in MediaCell), for the player's poster before it plays. */
  readonly firstFrame?: VideoFirstFrame
  /** For a PDF (whose width and height are its first page's, in points): that page drawn as a WebP picture, and how many pages the document has. */
  readonly firstPage?: { readonly image: Uint8Array; readonly pages: number }
  /** For a PDF whose first page was not drawn: why. */
  readonly firstPageProblem?: string
}

/** Which rows: the grid's window of rows matching `filter`, at `version` (the latest when absent). */
const rowsAt = z.object({
  connectionId,
  table: tableRef,
  version: versionNumber.optional(),
  filter: sqlFilter.optional()
})

/** Media channels. */
export const mediaContract = {
  'media:cells': {
    request: rowsAt
      .extend({
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(MEDIA_ROWS_MAX),
        columns: z.array(columnRef).min(1).max(MEDIA_COLUMNS_MAX).readonly(),
        size: thumbSize,
        /**
         * Without `version`: the latest version as the page's description of the table names
         * it. The cells are kept under it and main asks the catalog for none (on a REST catalog
         * that is a describe request per call); without it main asks.
         */
        latest: versionNumber.optional()
      })
      .strict(),
    /** Per row (in order, possibly fewer than `limit` at the end), per column (in the request's order). */
    response: response<readonly (readonly MediaCell[])[]>()
  },
  'media:value': {
    request: rowsAt.extend({ row: z.number().int().min(0), column: columnRef }).strict(),
    response: response<MediaValue>()
  }
} as const
