/**
 * Thumbnails of PDFs' first pages, drawn by pdf.js in the real PDF worker from PDFs written
 * in the test (test-kit/pdf-files.ts): the page's colours where they belong, at the asked
 * size, and hostile PDFs (cut short, garbage, a huge page, a huge image, a page whose drawing
 * never ends) each answered with a reason, the worker stopped and replaced where it must
 * be, and the next PDF still drawn.
 */
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import {
  garbagePdf,
  hugeImagePdf,
  hugeMediaBoxPdf,
  manyOperatorsPdf,
  manyPagesPdf,
  nestedFormsPdf,
  onePagePdf,
  PDF_FILL,
  PDF_SQUARE,
  textPagePdf
} from '../../../test-kit/pdf-files'
import { PDF_VIEW_SIDE, PdfThumbnails, SAVE_TO_READ } from './pdf-thumbnails'
import { describeCell } from './media-cells'
import type { ImageFacts } from './thumbnails'

/** A short time limit, so a page whose drawing never ends costs the test 2 s. */
const LIMIT_MS = 2_000
const pdfs = new PdfThumbnails({ limitMs: LIMIT_MS })
/**
 * A heap a page of a million operators outgrows long before a minute, and still large enough
 * to load pdf.js through tsx (run from the sources, that alone needs more than 128 MB).
 */
const HEAP_MB = 192

afterAll(async () => {
  await pdfs.close()
})

/** The thumbnail's pixels (RGB) and size. */
async function pixels(facts: ImageFacts): Promise<{ readonly width: number; readonly height: number; readonly at: (x: number, y: number) => number[] }> {
  const { data, info } = await sharp(facts.thumb as Uint8Array)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, at: (x, y) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)] }
}

function near(actual: readonly number[], expected: readonly number[], tolerance = 12): boolean {
  return actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= tolerance)
}

async function expectDraws(facts: ImageFacts, side: number): Promise<void> {
  expect(facts.problem).toBeNull()
  expect([facts.width, facts.height]).toEqual([200, 100])
  const picture = await pixels(facts)
  expect([picture.width, picture.height]).toEqual([side, side / 2])
  // The dark square covers the top-left quarter of each side; the rest is the fill.
  expect(near(picture.at(2, 2), PDF_SQUARE)).toBe(true)
  expect(near(picture.at(side / 8, side / 16), PDF_SQUARE)).toBe(true)
  expect(near(picture.at(side - 3, side / 2 - 3), PDF_FILL)).toBe(true)
  expect(near(picture.at(side / 2, 2), PDF_FILL)).toBe(true)
  expect(near(picture.at(2, side / 2 - 3), PDF_FILL)).toBe(true)
}

describe('PDF thumbnails', () => {
  it('draws the first page as a WebP at the asked size, with the page size in points', async () => {
    const row = await pdfs.thumbnail(onePagePdf(), 64)
    expect((await sharp(row.thumb as Uint8Array).metadata()).format).toBe('webp')
    await expectDraws(row, 64)
    await expectDraws(await pdfs.thumbnail(onePagePdf(), 256), 256)
  })

  it("draws the viewer's first page at its size, with the number of pages", async () => {
    const page = await pdfs.firstPage(manyPagesPdf(3))
    expect(page.pages).toBe(3)
    await expectDraws(page, PDF_VIEW_SIDE)
    expect((await pdfs.firstPage(onePagePdf())).pages).toBe(1)
    expect(await pdfs.firstPage(garbagePdf())).toMatchObject({ thumb: null, pages: null, problem: expect.stringMatching(/^The PDF could not be read/) })
  })

  it("draws the viewer's first page before the thumbnails waiting, however many wait", async () => {
    // The worker busy with a page that never ends (stopped at the time limit), and the queue full behind it.
    const slow = pdfs.thumbnail(nestedFormsPdf(), 64)
    const waiting = Array.from({ length: 16 }, () => pdfs.thumbnail(textPagePdf(), 256))
    expect((await pdfs.thumbnail(onePagePdf(), 64)).problem).toBe(`Too many PDFs are waiting to be drawn; ${SAVE_TO_READ}`)
    let finished = 0
    for (const thumbnail of waiting) void thumbnail.then(() => finished++)
    const page = await pdfs.firstPage(manyPagesPdf(2))
    // Drawn next, once the slow page was stopped: most thumbnails that waited before it are still waiting.
    expect(finished).toBeLessThan(8)
    expect(page.pages).toBe(2)
    await expectDraws(page, PDF_VIEW_SIDE)
    expect((await slow).problem).toMatch(/took longer than/)
    for (const facts of await Promise.all(waiting)) expect(facts.problem).toBeNull()
  })

  it('draws text in a standard font the PDF does not embed', async () => {
    const facts = await pdfs.thumbnail(textPagePdf(), 256)
    expect(facts.problem).toBeNull()
    const picture = await pixels(facts)
    let dark = 0
    for (let y = 0; y < picture.height; y++) for (let x = 0; x < picture.width; x++) if (Math.max(...picture.at(x, y)) < 100) dark++
    // Glyphs cover part of the text's band; a page without them is all white.
    expect(dark / (picture.width * picture.height)).toBeGreaterThan(0.05)
    expect(Math.min(...picture.at(2, 2))).toBeGreaterThan(240)
  })

  it('describes a PDF cell with its first page, as an image cell is described', async () => {
    const bytes = onePagePdf()
    const cell = await describeCell({ bytes, size: bytes.length }, 64, undefined, pdfs)
    expect(cell).toMatchObject({ kind: 'pdf', label: 'PDF', width: 200, height: 100, problem: null })
    await expectDraws(cell, 64)
    const cut = await describeCell({ bytes: bytes.subarray(0, 100), size: 20 * 1024 * 1024 }, 64, undefined, pdfs)
    expect(cut).toMatchObject({ kind: 'pdf', thumb: null, problem: 'The PDF is larger than 16 MB; open it to see its first page.' })
  })

  it('answers PDFs cut short and garbage with a reason, draws one that lost only its end, and then still draws', async () => {
    const whole = onePagePdf()
    const text = new TextDecoder('latin1').decode(whole)
    // Cut in the header, the catalog, the page, the content stream, the cross-reference table, the trailer.
    const cuts = [8, 40, text.indexOf('/MediaBox') + 4, text.indexOf('stream') + 20, text.indexOf('xref') + 10, text.indexOf('trailer') + 10]
    for (const length of cuts) {
      const facts = await pdfs.thumbnail(whole.slice(0, length), 64)
      expect({ length, thumb: facts.thumb, problem: facts.problem }).toEqual({
        length,
        thumb: null,
        problem: expect.stringMatching(/^The PDF could not be read/)
      })
    }
    // Cut after the trailer (its `startxref` lost): pdf.js finds the objects by scanning, as PDF readers do.
    for (const length of [text.indexOf('startxref'), whole.length - 5]) await expectDraws(await pdfs.thumbnail(whole.slice(0, length), 64), 64)
    expect((await pdfs.thumbnail(garbagePdf(), 64)).problem).toMatch(/^The PDF could not be read/)
    await expectDraws(await pdfs.thumbnail(whole, 64), 64)
  })

  it('draws a page declaring 1e9 x 1e9 points at the thumbnail size', async () => {
    const facts = await pdfs.thumbnail(hugeMediaBoxPdf(), 64)
    expect([facts.width, facts.height, facts.problem]).toEqual([1e9, 1e9, null])
    const picture = await pixels(facts)
    expect([picture.width, picture.height]).toEqual([64, 64])
    expect(near(picture.at(32, 32), PDF_FILL)).toBe(true)
  })

  it('refuses a page drawing an image that declares 100,000 x 100,000 pixels, decoding none of it', async () => {
    const before = pdfs.started
    const facts = await pdfs.thumbnail(hugeImagePdf(), 64)
    expect(facts).toMatchObject({ thumb: null, problem: 'The PDF’s first page draws an image of more than 50 megapixels, which the app does not decode.' })
    // Refused by the worker, which goes on: it was neither stopped nor out of memory.
    expect(pdfs.started).toBe(before)
    await expectDraws(await pdfs.thumbnail(onePagePdf(), 64), 64)
  })

  for (const [name, make] of [
    ['forms nested nine deep, each drawing the next ten times', () => nestedFormsPdf()],
    ['a content stream of a million operators', () => manyOperatorsPdf()]
  ] as const) {
    it(`stops a page of ${name} at the time limit, replaces the worker, and draws the next PDF`, async () => {
      const before = pdfs.started
      const facts = await pdfs.thumbnail(make(), 64)
      expect(facts).toMatchObject({ thumb: null, problem: `The PDF’s first page took longer than ${LIMIT_MS / 1000} s to draw; ${SAVE_TO_READ}` })
      await expectDraws(await pdfs.thumbnail(onePagePdf(), 64), 64)
      expect(pdfs.started).toBe(before + 1)
    })
  }

  it('stops a worker that reaches its heap limit, answers with a reason, and draws the next PDF in a new one', async () => {
    const small = new PdfThumbnails({ limitMs: 60_000, heapMb: HEAP_MB })
    try {
      expect(await small.thumbnail(manyOperatorsPdf(), 64)).toMatchObject({
        thumb: null,
        problem: `The PDF’s first page needs more than ${HEAP_MB} MB of memory to draw; ${SAVE_TO_READ}`
      })
      await expectDraws(await small.thumbnail(onePagePdf(), 64), 64)
      expect(small.started).toBe(2)
    } finally {
      await small.close()
    }
  })

  it('refuses PDFs past the bounded queue with a reason, and draws the others', async () => {
    const all = await Promise.all(Array.from({ length: 24 }, () => pdfs.thumbnail(onePagePdf(), 64)))
    const refused = all.filter((facts) => facts.problem === `Too many PDFs are waiting to be drawn; ${SAVE_TO_READ}`)
    // One drawn at once (or none, before the worker is ready) and 16 waiting behind it.
    expect(refused.length).toBeGreaterThanOrEqual(24 - 17)
    expect(refused.length).toBeLessThanOrEqual(24 - 16)
    for (const facts of all) if (!refused.includes(facts)) await expectDraws(facts, 64)
  })

  it('draws PDFs asked for together one after another, each its own', async () => {
    const sides = [64, 256, 64, 256]
    const all = await Promise.all(sides.map((side) => pdfs.thumbnail(onePagePdf(), side)))
    for (const [i, facts] of all.entries()) await expectDraws(facts, sides[i] as number)
  })
})
