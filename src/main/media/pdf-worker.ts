/**
 * The PDF worker: a worker thread that draws the first page of a PDF with pdf.js onto a small
 * canvas (@napi-rs/canvas) and hands back its pixels. A PDF is hostile input, so it is read
 * here and never on main's thread: main gives it a time limit and a heap limit and replaces
 * the worker when either is reached (./pdf-thumbnails.ts). Within the worker, pdf.js is held
 * to what a thumbnail needs: no fonts from the system, no XFA forms, embedded images of at most
 * MAX_PDF_IMAGE_PIXELS (a larger one is left out and the page refused), and a viewport scaled
 * so that the page's longest side is the thumbnail's, whatever size the page declares.
 * Messages: one `ready` once pdf.js is loaded, then one answer (`page` or `problem`) per ask.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parentPort } from 'node:worker_threads'
import { createCanvas } from '@napi-rs/canvas'
import { getDocument, GlobalWorkerOptions, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { FromPdfWorker, ToPdfWorker } from './pdf-worker-messages'

/** Most pixels an embedded image may declare to be decoded: as for images in cells (MAX_IMAGE_PIXELS in ./thumbnails.ts). */
export const MAX_PDF_IMAGE_PIXELS = 50_000_000
/** Largest side drawn; an ask for more is refused (the app asks for 64 or 256, and the viewer for 1024). */
const MAX_SIDE = 1024

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
// pdf.js in Node runs its parser in this same thread (no web worker), from this module; loaded
// here before `ready`, so that loading it is not counted in the first page's time.
GlobalWorkerOptions.workerSrc = pathToFileURL(join(pdfjsRoot, 'legacy', 'build', 'pdf.worker.mjs')).href
Object.assign(globalThis, { pdfjsWorker: await import(GlobalWorkerOptions.workerSrc) })

/** What pdf.js warned about while the current page was drawn (it says so only through the console). */
let warnings: string[] = []
console.warn = (...args: unknown[]): void => {
  warnings.push(args.map(String).join(' '))
}

/** The first page of `bytes` drawn so its longest side is `side` pixels, or why it cannot be. */
export async function renderFirstPage({ id, bytes, side }: ToPdfWorker): Promise<FromPdfWorker> {
  warnings = []
  if (!(Number.isInteger(side) && side >= 1 && side <= MAX_SIDE))
    return { type: 'problem', id, points: null, problem: `A thumbnail of ${side} pixels is not made.` }
  const task = getDocument({
    data: bytes,
    // Local files of pdf.js itself: the standard 14 fonts, CJK character maps, decoders.
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
    cMapUrl: `${join(pdfjsRoot, 'cmaps')}/`,
    wasmUrl: `${join(pdfjsRoot, 'wasm')}/`,
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    disableWorkerRendering: true,
    maxImageSize: MAX_PDF_IMAGE_PIXELS,
    // Only used where the parser has an OffscreenCanvas to shrink large images with (not in Node): at most 16 MB.
    canvasMaxAreaInBytes: 16 * 1024 * 1024,
    verbosity: VerbosityLevel.WARNINGS
  })
  let points: { width: number; height: number } | null = null
  try {
    const document = await task.promise
    if (document.numPages < 1) return { type: 'problem', id, points, problem: 'The PDF has no pages.' }
    const page = await document.getPage(1)
    const natural = page.getViewport({ scale: 1 })
    points = { width: round(natural.width), height: round(natural.height) }
    const longest = Math.max(natural.width, natural.height)
    if (!(Number.isFinite(longest) && longest > 0)) return { type: 'problem', id, points: null, problem: 'The PDF’s first page does not say its size.' }
    const viewport = page.getViewport({ scale: side / longest })
    const width = Math.max(1, Math.min(side, Math.round(viewport.width)))
    const height = Math.max(1, Math.min(side, Math.round(viewport.height)))
    const canvas = createCanvas(width, height)
    // @napi-rs/canvas is the canvas pdf.js itself uses in Node; its types are not the DOM's.
    await page.render({ canvas: canvas as unknown as Parameters<typeof page.render>[0]['canvas'], viewport }).promise
    const dropped = warnings.find((warning) => warning.includes('exceeded maximum allowed size'))
    if (dropped) {
      const limit = MAX_PDF_IMAGE_PIXELS / 1_000_000
      return { type: 'problem', id, points, problem: `The PDF’s first page draws an image of more than ${limit} megapixels, which the app does not decode.` }
    }
    // A copy in a plain buffer: the canvas's own is held by native code and cannot be moved to main.
    const rgba = new Uint8Array(canvas.getContext('2d').getImageData(0, 0, width, height).data)
    return { type: 'page', id, points, pages: document.numPages, width, height, rgba }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const first = message.split('\n')[0] ?? ''
    return { type: 'problem', id, points, problem: `The PDF could not be read (${first.length > 160 ? `${first.slice(0, 160)}…` : first}).` }
  } finally {
    await task.destroy()
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}

parentPort?.on('message', (message: ToPdfWorker) => {
  void renderFirstPage(message).then((answer) => {
    const transfer = answer.type === 'page' ? [answer.rgba.buffer as ArrayBuffer] : []
    parentPort?.postMessage(answer, transfer)
  })
})
parentPort?.postMessage({ type: 'ready' } satisfies FromPdfWorker)
