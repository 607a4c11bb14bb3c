/** The messages between main's PDF thumbnails (./pdf-thumbnails.ts) and the PDF worker (./pdf-worker.ts). */

/** Render the first page of `bytes` so that its longest side is `side` pixels. */
export interface ToPdfWorker {
  readonly id: number
  readonly bytes: Uint8Array
  readonly side: number
}

/** The first page: its size in points and its pixels (RGBA, row after row), or why there are none. */
export type FromPdfWorker =
  | { readonly type: 'ready' }
  | {
      readonly type: 'page'
      readonly id: number
      /** The page's size in PDF points (1/72 inch), as it is shown (after its rotation). */
      readonly points: { readonly width: number; readonly height: number }
      /** How many pages the document has. */
      readonly pages: number
      readonly width: number
      readonly height: number
      readonly rgba: Uint8Array
    }
  | { readonly type: 'problem'; readonly id: number; readonly points: { readonly width: number; readonly height: number } | null; readonly problem: string }
