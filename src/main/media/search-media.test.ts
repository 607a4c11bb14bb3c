/**
 * A search's byte cells described by main, through the real handlers on a real table of
 * pictures with a vector column (test-kit/picture-search-table.ts), over a directory catalog
 * and over REST through the reference server: `search:media` after a vector search's
 * `search:rows` answers, per result row, WebP thumbnails of the asked size, and the hostile
 * pictures' refusals with their reasons, and a picture larger than a thumbnail is made from
 * keeps its type and says why it shows none; it describes the rows `search:rows` kept
 * without asking the catalog again, and searches again for a page no longer kept; a size it
 * does not know is refused.
 */
import { connectNamespace } from '@lancedb/lancedb'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../ipc/dispatch'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import {
  buildPictureSearchCatalog,
  PICTURE_SEARCH_ROWS,
  PICTURE_SEARCH_TABLE,
  PICTURE_SIZES,
  type PictureSearchRow
} from '../../../test-kit/picture-search-table'
import type { SearchMedia, SearchPage } from '../../shared/contract/search'
import type { MediaCell } from '../../shared/contract/media'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import { lanceArrow } from '../../catalog/lance-arrow'
import { THUMB_SOURCE_MAX_BYTES } from './media-cells'
import { SEARCH_PICTURE_TOO_LARGE } from './search-media'

const table = { namespace: [], name: PICTURE_SEARCH_TABLE }
/** Nearest to (0, 0) first: the rows in their order. */
const query = { kind: 'vector', column: 'vector', vector: [0, 0], distanceType: 'l2', k: 10 }
/** A table of one row: a PNG signature followed by more bytes than a thumbnail is made from. */
const BIG_TABLE = 'big_picture'

async function buildCatalog(root: string): Promise<void> {
  await buildPictureSearchCatalog(root)
  const { Field, FixedSizeList, Float32, LargeBinary, Table, vectorFromArray } = lanceArrow
  const big = new Uint8Array(THUMB_SOURCE_MAX_BYTES + 1024)
  big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const db = await connectNamespace('dir', { root })
  try {
    const rows = new Table({
      media: vectorFromArray([big], new LargeBinary()),
      vector: vectorFromArray([[0, 0]], new FixedSizeList(2, new Field('item', new Float32(), true)))
    })
    ;(await db.createTable(BIG_TABLE, rows, [])).close()
  } finally {
    db.close()
  }
}

/** The reference server's requests, one line each (`POST /v1/table/…/query -> 200 (3 ms)`). */
const requests: string[] = []

describe.each([
  ['a directory catalog', undefined],
  ['a REST catalog', { log: (line: string) => void requests.push(line) }]
] as const)('search:media over %s', (_, server) => {
  let app: CatalogApp

  beforeAll(async () => {
    app = await startAppOverCatalog('search-media', buildCatalog, server ? { server } : {})
  })

  afterAll(async () => {
    await app?.close()
  })

  async function call<T>(channel: 'search:rows' | 'search:media', request: Record<string, unknown>): Promise<T> {
    const result = await dispatch(app.core.handlers, channel, { connectionId: app.connectionId, table, query, ...request })
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
    return result.value as T
  }

  /** A search's rows, then what their byte cells hold with thumbnails of `size`. */
  async function search(size: string, request: Record<string, unknown> = {}): Promise<{ readonly page: SearchPage; readonly media: SearchMedia | null }> {
    const page = await call<SearchPage>('search:rows', request)
    return { page, media: await call<SearchMedia | null>('search:media', { ...request, pageId: page.pageId, size }) }
  }

  function cellsByRow({ page, media }: { readonly page: SearchPage; readonly media: SearchMedia | null }): Record<PictureSearchRow, MediaCell> {
    const rows = decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET)
    const kinds = rows.getChild('kind')
    const at = media?.columns.indexOf('media') ?? -1
    expect(at).toBeGreaterThanOrEqual(0)
    return Object.fromEntries((media?.cells ?? []).map((row, i) => [kinds?.get(i) as string, row[at]])) as Record<PictureSearchRow, MediaCell>
  }

  it("answers each result's pictures as WebP thumbnails of a row's size, in the rows' order", async () => {
    const found = await search('row')
    const { page, media } = found
    expect(media?.columns).toEqual(['media'])
    expect(media?.cells).toHaveLength(PICTURE_SEARCH_ROWS.length)
    expect(decodeArrowIpc(page.arrow, ANSWER_IPC_BUDGET).getChild('kind')?.toArray()).toEqual([...PICTURE_SEARCH_ROWS])
    const cells = cellsByRow(found)
    for (const row of ['png', 'jpeg', 'square-png'] as const) {
      const [width, height] = PICTURE_SIZES[row] ?? [0, 0]
      expect([cells[row].kind, cells[row].width, cells[row].height, cells[row].problem]).toEqual(['image', width, height, null])
      const thumb = await sharp(cells[row].thumb as Uint8Array).metadata()
      const scale = 64 / Math.max(width, height)
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', Math.round(width * scale), Math.round(height * scale)])
    }
    expect(cells.wav).toMatchObject({ kind: 'audio', label: 'WAV', thumb: null })
  })

  it('refuses the hostile pictures with their reasons, with no thumbnail', async () => {
    const cells = cellsByRow(await search('row'))
    expect(cells['huge-png'].problem).toMatch(/declares 100,000 x 100,000 pixels, more than the 50 megapixels/)
    expect(cells['fake-png'].problem).toMatch(/could not be decoded|are not/)
    for (const row of ['huge-png', 'fake-png'] as const) expect([cells[row].kind, cells[row].thumb]).toEqual(['image', null])
  })

  it("makes a gallery tile's thumbnails when asked for that size", async () => {
    const cells = cellsByRow(await search('tile'))
    const thumb = await sharp(cells.png.thumb as Uint8Array).metadata()
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 256, 160])
  })

  it('keeps the type of a picture larger than a thumbnail is made from, and says why it shows none', async () => {
    const { media } = await search('row', { table: { namespace: [], name: BIG_TABLE } })
    expect(media?.cells[0]?.[0]).toMatchObject({
      kind: 'image',
      label: 'PNG',
      size: THUMB_SOURCE_MAX_BYTES + 1024,
      thumb: null,
      problem: SEARCH_PICTURE_TOO_LARGE
    })
  })

  it('describes the rows search:rows kept without asking the catalog again, and searches again for a page no longer kept', async () => {
    const page = await call<SearchPage>('search:rows', {})
    expect(page.rowCount).toBe(PICTURE_SEARCH_ROWS.length)
    const queries = (): number => requests.filter((line) => /\/query\b/.test(line)).length
    const before = queries()
    const kept = await call<SearchMedia>('search:media', { pageId: page.pageId, size: 'row' })
    expect(queries()).toBe(before)
    // An id main never gave (or one whose page it dropped): the search runs again, and its rows are described.
    const again = await call<SearchMedia>('search:media', { pageId: 'not-kept', size: 'row' })
    if (server) expect(queries()).toBe(before + 1)
    expect(again.cells.map((row) => row[0]?.label)).toEqual(kept.cells.map((row) => row[0]?.label))
    // Kept for this search only: the same id with another filter searches again, and describes that search's rows.
    const filtered = await call<SearchMedia>('search:media', { pageId: page.pageId, size: 'row', filter: "kind = 'wav'" })
    expect(filtered.cells.map((row) => row[0]?.label)).toEqual(['WAV'])
  })

  it('refuses a size it does not know, and an id longer than main gives', async () => {
    const page = await call<SearchPage>('search:rows', {})
    for (const request of [
      { pageId: page.pageId, size: 'huge' },
      { pageId: 'x'.repeat(65), size: 'row' }
    ]) {
      const refused = await dispatch(app.core.handlers, 'search:media', { connectionId: app.connectionId, table, query, ...request })
      expect(refused.ok).toBe(false)
    }
  })
})
