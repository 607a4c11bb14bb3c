/**
 * What one PDF thumbnail costs (src/main/media/pdf-thumbnails.ts): the first one, which
 * starts the PDF worker and loads pdf.js in it, then PDF_ROUNDS more of a page of text in
 * Helvetica and of a page of two filled rectangles (test-kit/pdf-files.ts), at the grid's
 * row size (64 px) and the gallery's tile size (256 px): the median and the slowest, as main
 * waits for them (worker round trip and WebP encoding included). Run from the sources, the
 * worker starts through tsx, which makes the first one slower than in the built app.
 *
 * Run: npm run bench:pdf
 * Env: PDF_ROUNDS (20)
 */
import { PdfThumbnails } from '../src/main/media/pdf-thumbnails'
import { THUMB_SIZES } from '../src/shared/contract/media'
import { onePagePdf, textPagePdf } from '../test-kit/pdf-files'

const ROUNDS = Number(process.env.PDF_ROUNDS ?? 20)

async function timed(pdfs: PdfThumbnails, bytes: Uint8Array, side: number): Promise<number> {
  const start = performance.now()
  const facts = await pdfs.thumbnail(bytes, side)
  if (facts.problem !== null) throw new Error(facts.problem)
  return performance.now() - start
}

const pdfs = new PdfThumbnails()
try {
  console.log(`first thumbnail (starts the worker): ${(await timed(pdfs, onePagePdf(), THUMB_SIZES.row)).toFixed(0)} ms`)
  for (const [name, make] of [
    ['two rectangles', onePagePdf],
    ['text in Helvetica', textPagePdf]
  ] as const) {
    for (const [size, side] of Object.entries(THUMB_SIZES)) {
      const bytes = make()
      const times: number[] = []
      for (let i = 0; i < ROUNDS; i++) times.push(await timed(pdfs, bytes, side))
      times.sort((a, b) => a - b)
      const median = times[Math.floor(times.length / 2)] ?? 0
      const slowest = times[times.length - 1] ?? 0
      console.log(`${name}, ${size} (${side} px): median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms of ${ROUNDS}`)
    }
  }
} finally {
  await pdfs.close()
}
