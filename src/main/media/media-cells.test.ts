/**
 * What byte cells hold, through the real handlers on a real directory catalog of media made
 * in the test (test-kit/media-table.ts): each kind told from its bytes, thumbnails that are
 * WebP pictures within the asked size (a PDF's of its first page), hostile images refused
 * with a reason and nothing decoded for them, a Lance blob v2 column read through LanceDB's
 * blob files, a legacy blob column saying why its bytes are not read, and the viewer's
 * whole value byte for byte (a PDF's with its first page drawn).
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../ipc/dispatch'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import { ENCODED_FRAMES } from '../../../test-kit/encoded-frames'
import { BLOB_TABLE, buildMediaCatalog, LEGACY_BLOB_TABLE, MEDIA_ROWS, MEDIA_TABLE, mediaCellBytes, type MediaRow } from '../../../test-kit/media-table'
import { PDF_FILL, PDF_SQUARE } from '../../../test-kit/pdf-files'
import type { MediaCell, MediaValue } from '../../shared/contract/media'
import { PDF_VIEW_SIDE } from './pdf-thumbnails'

let app: CatalogApp

beforeAll(async () => {
  app = await startAppOverCatalog('media-cells', (root) => buildMediaCatalog(root))
})

afterAll(async () => {
  await app?.close()
})

async function call<T>(channel: 'media:cells' | 'media:value', request: Record<string, unknown>): Promise<T> {
  const result = await dispatch(app.core.handlers, channel, { connectionId: app.connectionId, ...request })
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value as T
}

function cellsOf(table: string, column: string, limit: number = MEDIA_ROWS.length): Promise<MediaCell[][]> {
  return call('media:cells', { table: { namespace: [], name: table }, offset: 0, limit, columns: [column], size: 'row' })
}

describe('media:cells', () => {
  it('tells each cell of a binary column by its bytes, with a small WebP thumbnail for each picture', async () => {
    const rows = await cellsOf(MEDIA_TABLE, 'media')
    const byRow = Object.fromEntries(MEDIA_ROWS.map((row, i) => [row, rows[i]?.[0]])) as Record<MediaRow, MediaCell>
    expect(MEDIA_ROWS.map((row) => byRow[row].label)).toEqual([
      'PNG',
      'JPEG',
      'WAV',
      'MP4',
      'PDF',
      'SVG',
      'bytes',
      'null',
      'PNG',
      'JPEG',
      'PNG',
      'MP4',
      'WebM',
      'WebM',
      'WebM'
    ])
    for (const row of ['png', 'jpeg'] as const) {
      const cell = byRow[row]
      expect([cell.width, cell.height, cell.problem]).toEqual([320, 200, null])
      const thumb = await sharp(cell.thumb as Uint8Array).metadata()
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 64, 40])
    }
    // The PDF's first page, drawn in the PDF worker: its size in points, the thumbnail in pixels.
    expect(byRow.pdf).toMatchObject({ kind: 'pdf', width: 200, height: 100, problem: null })
    const page = await sharp(byRow.pdf.thumb as Uint8Array).metadata()
    expect([page.format, page.width, page.height]).toEqual(['webp', 64, 32])
    expect(byRow.unknown.head).toBe('0xdeadbeef0102030405060708090a0b0c…')
    expect(byRow.svg).toMatchObject({ kind: 'document', thumb: null })
    expect(byRow.null.size).toBeNull()
  })

  it('refuses hostile pictures with a reason, decoding none of them', async () => {
    const rows = await cellsOf(MEDIA_TABLE, 'media')
    const cell = (row: MediaRow): MediaCell => rows[MEDIA_ROWS.indexOf(row)]?.[0] as MediaCell
    expect(cell('huge-png').problem).toMatch(/declares 100,000 x 100,000 pixels, more than the 50 megapixels/)
    expect(cell('truncated-jpeg').problem).toMatch(/could not be decoded/)
    expect(cell('fake-png').problem).toMatch(/could not be decoded|are not/)
    for (const row of ['huge-png', 'truncated-jpeg', 'fake-png'] as const) expect(cell(row).thumb).toBeNull()
  })

  it('hands a video its first keyframe to decode in the page, or says why there is none', async () => {
    const rows = await cellsOf(MEDIA_TABLE, 'media')
    const cell = (row: MediaRow): MediaCell => rows[MEDIA_ROWS.indexOf(row)]?.[0] as MediaCell
    expect(cell('h264-mp4')).toMatchObject({ kind: 'video', width: 96, height: 64, problem: null, firstFrame: { codec: expect.stringMatching(/^avc1\./) } })
    expect(cell('h264-mp4').firstFrame?.description?.length).toBeGreaterThan(0)
    expect(cell('vp8-webm')).toMatchObject({ kind: 'video', label: 'WebM', firstFrame: { codec: 'vp8', width: 96, height: 64 } })
    expect(cell('vp8-webm').firstFrame?.bytes.length).toBe(ENCODED_FRAMES.vp8.frame.length)
    // The frameless MP4 keeps its badge, with the reason.
    expect(cell('mp4').firstFrame).toBeUndefined()
    expect(cell('mp4').firstFrameProblem).toMatch(/no video track/)
  })

  it('reads a blob v2 column through its blob files, and says why a legacy blob column is not read', async () => {
    const blobs = await cellsOf(BLOB_TABLE, 'clip', 3)
    expect(blobs.map((row) => row[0]?.label)).toEqual(['PNG', 'WAV', 'null'])
    expect(blobs[0]?.[0]?.thumb).not.toBeNull()
    const legacy = await cellsOf(LEGACY_BLOB_TABLE, 'clip', 3)
    const expected = await mediaCellBytes()
    expect(legacy[0]?.[0]).toMatchObject({ size: expected.png?.length, thumb: null, problem: expect.stringMatching(/blob column/) })
  })

  it('ends the rows where the table does, and follows a filter', async () => {
    expect(
      await call<MediaCell[][]>('media:cells', {
        table: { namespace: [], name: MEDIA_TABLE },
        offset: MEDIA_ROWS.length - 2,
        limit: 50,
        columns: ['media'],
        size: 'tile'
      })
    ).toHaveLength(2)
    const wav = await call<MediaCell[][]>('media:cells', {
      table: { namespace: [], name: MEDIA_TABLE },
      filter: "kind = 'wav'",
      offset: 0,
      limit: 5,
      columns: ['media'],
      size: 'row'
    })
    expect(wav.map((row) => row[0]?.label)).toEqual(['WAV'])
  })
})

describe('media:value', () => {
  it("hands a video over with its first keyframe, for the player's poster", async () => {
    const value = await call<MediaValue>('media:value', { table: { namespace: [], name: MEDIA_TABLE }, row: MEDIA_ROWS.indexOf('vp8-webm'), column: 'media' })
    expect(value).toMatchObject({ label: 'WebM', width: 96, height: 64, problem: null, firstFrame: { codec: 'vp8', bytes: ENCODED_FRAMES.vp8.frame } })
    const frameless = await call<MediaValue>('media:value', { table: { namespace: [], name: MEDIA_TABLE }, row: MEDIA_ROWS.indexOf('mp4'), column: 'media' })
    expect(frameless.firstFrame).toBeUndefined()
  })

  it('hands over a cell byte for byte, with the picture size', async () => {
    const expected = await mediaCellBytes()
    const value = await call<MediaValue>('media:value', { table: { namespace: [], name: MEDIA_TABLE }, row: 0, column: 'media' })
    expect([value.label, value.width, value.height, value.problem]).toEqual(['PNG', 320, 200, null])
    expect(Buffer.from(value.bytes as Uint8Array).equals(Buffer.from(expected.png as Uint8Array))).toBe(true)
    const blobValue = await call<MediaValue>('media:value', { table: { namespace: [], name: BLOB_TABLE }, row: 1, column: 'clip' })
    expect(Buffer.from(blobValue.bytes as Uint8Array).equals(Buffer.from(expected.wav as Uint8Array))).toBe(true)
  })

  it("hands a PDF over whole, with its first page drawn at the viewer's size and its page size in points", async () => {
    const expected = await mediaCellBytes()
    const value = await call<MediaValue>('media:value', { table: { namespace: [], name: MEDIA_TABLE }, row: MEDIA_ROWS.indexOf('pdf'), column: 'media' })
    expect([value.label, value.width, value.height, value.problem, value.firstPageProblem]).toEqual(['PDF', 200, 100, null, undefined])
    expect(Buffer.from(value.bytes as Uint8Array).equals(Buffer.from(expected.pdf as Uint8Array))).toBe(true)
    expect(value.firstPage?.pages).toBe(1)
    expect((await sharp(value.firstPage?.image).metadata()).format).toBe('webp')
    const page = await sharp(value.firstPage?.image).raw().toBuffer({ resolveWithObject: true })
    expect([page.info.width, page.info.height]).toEqual([PDF_VIEW_SIDE, PDF_VIEW_SIDE / 2])
    const at = (x: number, y: number): number[] => [
      ...page.data.subarray((y * page.info.width + x) * page.info.channels, (y * page.info.width + x) * page.info.channels + 3)
    ]
    expect(at(10, 10).every((value, i) => Math.abs(value - (PDF_SQUARE[i] ?? 0)) <= 12)).toBe(true)
    expect(at(PDF_VIEW_SIDE - 10, 500).every((value, i) => Math.abs(value - (PDF_FILL[i] ?? 0)) <= 12)).toBe(true)
  })

  it('says why a picture with too many pixels is not shown', async () => {
    const value = await call<MediaValue>('media:value', { table: { namespace: [], name: MEDIA_TABLE }, row: MEDIA_ROWS.indexOf('huge-png'), column: 'media' })
    expect(value.problem).toMatch(/100,000 x 100,000/)
  })
})
