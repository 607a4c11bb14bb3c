/**
 * A real LanceDB table of pictures with a vector column, made in the test, for searches
 * whose rows hold bytes: `id`, `kind` naming the row, `media` (large_binary: PNG and JPEG
 * pictures of test-kit/media-table.ts, a picture declaring 100,000 x 100,000 pixels, bytes
 * that only start like a PNG, a WAV clip) and `vector`, row i's being (i, 0), so a search
 * near (0, 0) finds the rows in their order.
 */
import { connectNamespace } from '@lancedb/lancedb'
import { lanceArrow } from '../src/catalog/lance-arrow'
import { fakePng, hugePngHeader, pictureBytes, wavBytes } from './media-table'

/** The table's name. */
export const PICTURE_SEARCH_TABLE = 'pictures'

/** What each row's `media` holds, in order. */
export const PICTURE_SEARCH_ROWS = ['png', 'jpeg', 'huge-png', 'fake-png', 'wav', 'square-png'] as const
export type PictureSearchRow = (typeof PICTURE_SEARCH_ROWS)[number]

/** Each row's picture size, where it is a picture that decodes. */
export const PICTURE_SIZES: Readonly<Partial<Record<PictureSearchRow, readonly [number, number]>>> = {
  png: [320, 200],
  jpeg: [200, 320],
  'square-png': [160, 160]
}

async function bytesOf(row: PictureSearchRow): Promise<Uint8Array> {
  switch (row) {
    case 'png':
      return pictureBytes('png', 320, 200)
    case 'jpeg':
      return pictureBytes('jpeg', 200, 320)
    case 'huge-png':
      return hugePngHeader()
    case 'fake-png':
      return fakePng()
    case 'wav':
      return wavBytes()
    case 'square-png':
      return pictureBytes('png', 160, 160)
  }
}

/** A directory catalog at `root` holding PICTURE_SEARCH_TABLE. */
export async function buildPictureSearchCatalog(root: string): Promise<void> {
  const { Field, FixedSizeList, Float32, Int32, LargeBinary, Table, Utf8, vectorFromArray } = lanceArrow
  const cells = await Promise.all(PICTURE_SEARCH_ROWS.map(bytesOf))
  const db = await connectNamespace('dir', { root })
  try {
    const rows = new Table({
      id: vectorFromArray(
        PICTURE_SEARCH_ROWS.map((_, i) => i),
        new Int32()
      ),
      kind: vectorFromArray([...PICTURE_SEARCH_ROWS], new Utf8()),
      media: vectorFromArray(cells, new LargeBinary()),
      vector: vectorFromArray(
        PICTURE_SEARCH_ROWS.map((_, i) => [i, 0]),
        new FixedSizeList(2, new Field('item', new Float32(), true))
      )
    })
    ;(await db.createTable(PICTURE_SEARCH_TABLE, rows, [])).close()
  } finally {
    db.close()
  }
}
