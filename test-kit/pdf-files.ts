/**
 * Small PDFs written by hand for tests, from the format's own rules (ISO 32000: a header,
 * numbered objects, a cross-reference table giving each object's byte offset, a trailer):
 * a one-page document that fills its page with a known colour and draws a dark square at its
 * top left, a page of text in a standard font, and hostile ones (a page declaring a huge
 * MediaBox, an image declaring 100,000 x 100,000 pixels, forms nested so that drawing the
 * page takes forever, a content stream of a million operators).
 */
import { deflateSync } from 'node:zlib'
import { concatBytes } from '../src/shared/bytes'

/** The colour a page of `onePagePdf` is filled with (RGB, 0 to 255), and its top-left square's. */
export const PDF_FILL = [51, 153, 230] as const
export const PDF_SQUARE = [20, 20, 20] as const

/** A PDF object's body: a dictionary or other value, or a stream (its dictionary gains `/Length`). */
type PdfObject = string | { readonly dict: string; readonly stream: Uint8Array }

/**
 * A PDF file of `objects`, numbered from 1; object 1 is the catalog. The cross-reference
 * table holds each object's real byte offset, so a reader need not repair the file.
 */
export function pdfFile(objects: readonly PdfObject[]): Uint8Array {
  const parts: Uint8Array[] = []
  let length = 0
  const put = (part: string | Uint8Array): void => {
    const bytes = typeof part === 'string' ? latin1(part) : part
    parts.push(bytes)
    length += bytes.length
  }
  // The second line's high bytes mark the file as binary, as the format recommends.
  put('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(length)
    if (typeof object === 'string') {
      put(`${i + 1} 0 obj\n${object}\nendobj\n`)
      return
    }
    put(`${i + 1} 0 obj\n<<${object.dict}/Length ${object.stream.length}>>\nstream\n`)
    put(object.stream)
    put('\nendstream\nendobj\n')
  })
  const xref = length
  // Each entry is exactly 20 bytes: ten digits of offset, five of generation, type, CR LF.
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n\r\n`).join('')
  put(`xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n${entries}`)
  put(`trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`)
  return concatBytes(parts, length)
}

/** The catalog, page tree and one page of `mediaBox` whose content is object 4, with `resources`, then `more` objects (5 on). */
function onePage(mediaBox: string, content: string | Uint8Array, resources = '', more: readonly PdfObject[] = []): Uint8Array {
  return pdfFile([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    `<</Type/Page/Parent 2 0 R/MediaBox[${mediaBox}]/Resources<<${resources}>>/Contents 4 0 R>>`,
    { dict: '', stream: typeof content === 'string' ? latin1(content) : content },
    ...more
  ])
}

/**
 * A one-page PDF of `width` x `height` points filled with PDF_FILL, with a PDF_SQUARE square
 * a quarter of the page's width and height at its top left (PDF's y axis points up).
 */
export function onePagePdf(width = 200, height = 100): Uint8Array {
  return onePage(`0 0 ${width} ${height}`, filledPage(width, height))
}

/** The content stream of `onePagePdf`'s page: the fill, then the dark square. */
function filledPage(width: number, height: number): string {
  const [r, g, b] = PDF_FILL.map((value) => (value / 255).toFixed(4))
  const dark = (PDF_SQUARE[0] / 255).toFixed(4)
  return `${r} ${g} ${b} rg 0 0 ${width} ${height} re f\n${dark} g 0 ${height * 0.75} ${width / 4} ${height / 4} re f\n`
}

/** A PDF of `count` 200 x 100 pt pages like `onePagePdf`'s, each its own page object sharing one content stream. */
export function manyPagesPdf(count: number): Uint8Array {
  const content = filledPage(200, 100)
  // Objects: 1 catalog, 2 page tree, 3 the content, then the pages.
  const pages = Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(' ')
  return pdfFile([
    '<</Type/Catalog/Pages 2 0 R>>',
    `<</Type/Pages/Kids[${pages}]/Count ${count}>>`,
    { dict: '', stream: latin1(content) },
    ...Array.from({ length: count }, () => '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Resources<<>>/Contents 3 0 R>>')
  ])
}

/** A white 200 x 100 pt page of black text in Helvetica, one of the standard 14 fonts, not embedded. */
export function textPagePdf(text = 'PDF PDF PDF'): Uint8Array {
  return onePage('0 0 200 100', `BT /F1 48 Tf 4 30 Td (${text}) Tj ET\n`, '/Font<</F1 5 0 R>>', ['<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'])
}

/** A page declaring a MediaBox of 1e9 x 1e9 points, filled like `onePagePdf`'s. */
export function hugeMediaBoxPdf(): Uint8Array {
  const [r, g, b] = PDF_FILL.map((value) => (value / 255).toFixed(4))
  return onePage('0 0 1000000000 1000000000', `${r} ${g} ${b} rg 0 0 1000000000 1000000000 re f\n`)
}

/** A page drawing an image XObject that declares `side` x `side` RGB pixels, with a few bytes of (deflated) data. */
export function hugeImagePdf(side = 100_000): Uint8Array {
  const image: PdfObject = {
    dict: `/Type/XObject/Subtype/Image/Width ${side}/Height ${side}/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/FlateDecode`,
    stream: new Uint8Array(deflateSync(Buffer.alloc(4096, 0x80)))
  }
  return onePage('0 0 200 100', 'q 200 0 0 100 0 0 cm /Im0 Do Q\n', '/XObject<</Im0 5 0 R>>', [image])
}

/**
 * A page whose drawing never ends in practice: `depth` form XObjects, each drawing the next
 * `fanOut` times, so the page draws fanOut ** depth tiny rectangles (10 ** 9 by default).
 */
export function nestedFormsPdf(depth = 9, fanOut = 10): Uint8Array {
  const forms: PdfObject[] = []
  for (let level = 0; level < depth; level++) {
    const last = level === depth - 1
    const body = last ? '0 0 1 1 re f\n' : `${'/F Do\n'.repeat(fanOut)}`
    const resources = last ? '' : `/Resources<</XObject<</F ${6 + level} 0 R>>>>`
    forms.push({ dict: `/Type/XObject/Subtype/Form/BBox[0 0 200 100]${resources}`, stream: latin1(body) })
  }
  // Object 4 is the page's content, 5 the first form.
  return onePage('0 0 200 100', '/F Do\n', '/XObject<</F 5 0 R>>', forms)
}

/** A page whose content is `count` rectangle fills: a long run of plain operators (13 MB by default, within the 16 MB a thumbnail is made from). */
export function manyOperatorsPdf(count = 1_000_000): Uint8Array {
  return onePage('0 0 200 100', '0 0 1 1 re f\n'.repeat(count))
}

/** Bytes that start like a PDF and are not one. */
export function garbagePdf(): Uint8Array {
  return latin1(`%PDF-1.7\n${'this is not a PDF, only its first five bytes say so. '.repeat(20)}`)
}

function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff)
}
