/**
 * What one PDF thumbnail costs (src/main/media/pdf-thumbnails.ts): the first one, which
 * starts the PDF worker and loads pdf.js in it, then PDF_ROUNDS more of a page of text in
 * Helvetica and of a page of two filled rectangles (test-kit/pdf-files.ts), at the grid's
 * row size (64 px) and the gallery's tile size (256 px), and as the value viewer's first page
 * (1024 px, a finer WebP): the median and the slowest, as main
 * waits for them (worker round trip and WebP encoding included). Run from the sources, the
 * worker starts through tsx, which makes the first one slower than in the built app.
 * The anchor, taking turns with each PDF round: the same thumbnail (or a 1024 px picture) of a 1600 x 1200 JPEG of
 * about 500 KB, a photo of bench:media's table (./media/media-rows.ts), made with sharp as
 * main makes it (src/main/media/thumbnails.ts); medians and their ratio.
 *
 * Run: npm run bench:pdf
 * Env: PDF_ROUNDS (20)
 */
import { loadavg } from 'node:os'
import { PDF_VIEW_SIDE, PdfThumbnails } from '../src/main/media/pdf-thumbnails'
import { makeThumbnail } from '../src/main/media/thumbnails'
import { photoPool } from './media/media-rows'
import { THUMB_SIZES } from '../src/shared/contract/media'
import { onePagePdf, textPagePdf } from '../test-kit/pdf-files'

const ROUNDS = Number(process.env.PDF_ROUNDS ?? 20)

/** The sizes timed: the grid's and the gallery's thumbnails, and the viewer's page. */
const SIDES: readonly (readonly [string, number])[] = [...Object.entries(THUMB_SIZES), ['viewer', PDF_VIEW_SIDE]]

async function timed(pdfs: PdfThumbnails, bytes: Uint8Array, side: number): Promise<number> {
  const start = performance.now()
  const facts = side === PDF_VIEW_SIDE ? await pdfs.firstPage(bytes) : await pdfs.thumbnail(bytes, side)
  if (facts.problem !== null) throw new Error(facts.problem)
  return performance.now() - start
}

function middle(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const [photo] = await photoPool(1, 500_000)
if (!photo) throw new Error('No photo was made.')

async function photoTimed(side: number): Promise<number> {
  const start = performance.now()
  const facts = await makeThumbnail(photo as Uint8Array, 'image/jpeg', side)
  if (facts.problem !== null) throw new Error(facts.problem)
  return performance.now() - start
}

console.log(
  `bench:pdf, ${new Date().toISOString()}, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; the photo: ${(photo.length / 1024).toFixed(1)} KiB`
)
const pdfs = new PdfThumbnails()
try {
  console.log(`first thumbnail (starts the worker): ${(await timed(pdfs, onePagePdf(), THUMB_SIZES.row)).toFixed(0)} ms`)
  for (const [name, make] of [
    ['two rectangles', onePagePdf],
    ['text in Helvetica', textPagePdf]
  ] as const) {
    for (const [size, side] of SIDES) {
      const bytes = make()
      const times: number[] = []
      const photoTimes: number[] = []
      for (let i = 0; i < ROUNDS; i++) {
        times.push(await timed(pdfs, bytes, side))
        photoTimes.push(await photoTimed(side))
      }
      const median = middle(times)
      const photo = middle(photoTimes)
      console.log(
        `${name}, ${size} (${side} px): median ${median.toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms of ${ROUNDS}; ` +
          `the photo's ${photo.toFixed(1)} ms; ratio ${(median / photo).toFixed(2)}x`
      )
    }
  }
} finally {
  await pdfs.close()
}
