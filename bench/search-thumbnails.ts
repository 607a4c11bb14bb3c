/**
 * What thumbnails add to a search of a table of photos. A search's rows carry their bytes,
 * and once they have come the grid (and the gallery) of a search asks main to describe them
 * with thumbnails (`search:media`, src/main/media/search-media.ts), which main makes of the
 * rows it kept from `search:rows`. On a directory catalog
 * of SEARCH_MEDIA_ROWS rows of an `id`, a `photo` (large_binary, a 1600 x 1200 JPEG of about
 * 500 KB, every row's its own) and a 32-float `vector` (no index), the same nearest-neighbour
 * search of k rows is timed four ways, taking turns, for k 10 (the app's default) and 30:
 *
 * - LanceDB's SDK: `search(vector).limit(k).toArrow()` on a table it has open (the anchor);
 * - the app's `search:rows` through its real handlers in this process, without thumbnails;
 * - the same followed by `search:media` with the grid's row thumbnails (64 px), and with the
 *   gallery's tiles (256 px): when the rows came (what the grid waits for before it shows
 *   them) and when the thumbnails did.
 *
 * Medians of SEARCH_MEDIA_ROUNDS rounds after 3 warm-up rounds, a fresh query vector per
 * round, and the ratios. The table is built once under `lcb-bench-search-media/` in the OS
 * temp folder and reused.
 *
 * Run: npm run bench:search-media
 * Env: SEARCH_MEDIA_ROWS (2000), SEARCH_MEDIA_ROUNDS (15)
 */
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'
import { setUpApp } from '../src/main/app-setup'
import { dirSpec } from '../src/main/connections/connection-spec'
import { dispatch } from '../src/main/ipc/dispatch'
import type { SearchMedia, SearchPage } from '../src/shared/contract/search'
import { mulberry32 } from '../test-kit/prng'
import { ensureTable, photoPool, withComment, writeInBatches, type Batch } from './media/media-rows'

const ROWS = Number(process.env.SEARCH_MEDIA_ROWS ?? 2000)
const ROUNDS = Number(process.env.SEARCH_MEDIA_ROUNDS ?? 15)
const WARM_UP = 3
const DIMENSION = 32
const DISTINCT = 16
const TABLE = 'photos'
// 30: about as many 500 KB rows as fit in one search answer (its 16 MB cap cuts k = 100 to 33).
const KS = [10, 30] as const

const folder = join(tmpdir(), 'lcb-bench-search-media', `${ROWS}r-500000p-${DIMENSION}d-v1`)
const root = join(folder, 'catalog')

/** Row `i`'s vector: seeded noise, so searches find different rows. */
function vectorOf(i: number): number[] {
  const random = mulberry32(0xbeef + i)
  return Array.from({ length: DIMENSION }, () => random.int(2_000) / 1_000 - 1)
}

const built = await ensureTable(folder, async () => {
  const photos = await photoPool(DISTINCT, 500_000)
  const batchOf = (start: number, count: number): Batch => {
    const ids = Array.from({ length: count }, (_, i) => start + i)
    return new arrow.Table({
      id: arrow.vectorFromArray(ids, new arrow.Int32()),
      photo: arrow.vectorFromArray(
        ids.map((id) => withComment(photos[id % DISTINCT] as Uint8Array, id)),
        new arrow.LargeBinary()
      ),
      vector: arrow.vectorFromArray(ids.map(vectorOf), new arrow.FixedSizeList(DIMENSION, new arrow.Field('item', new arrow.Float32(), true)))
    }) as unknown as Batch
  }
  await writeInBatches(root, TABLE, { rows: ROWS, batchRows: 250 }, batchOf, {}, () => {}, performance.now())
  return { rows: ROWS }
})

console.log(
  `bench:search-media, ${new Date().toISOString()}, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; ${built.rows.toLocaleString('en')} rows of 500 KB photos, ${built.built ? `built in ${built.seconds.toFixed(0)} s` : 'reused'} (${folder})`
)

const core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(root)] }, join(folder, 'app-data'), {
  info: { host: 'browser', version: 'bench' }
})
const connectionId = core.registry.list()[0]?.id ?? ''
const db = await connectNamespace('dir', { root })
const sdkTable = await db.openTable(TABLE)

type Way = 'sdk' | 'app' | 'row' | 'tile'
const WAYS: readonly Way[] = ['sdk', 'app', 'row', 'tile']

/** One search of `k` rows near `vector`, the `way` says how: when its rows came, and when their thumbnails did (the same without). */
async function search(way: Way, vector: number[], k: number): Promise<{ readonly rowsMs: number; readonly ms: number }> {
  const started = performance.now()
  if (way === 'sdk') {
    const rows = await sdkTable.search(vector).limit(k).toArrow()
    if (rows.numRows !== k) throw new Error(`The SDK found ${rows.numRows} rows, not ${k}.`)
    const ms = performance.now() - started
    return { rowsMs: ms, ms }
  }
  const spec = { connectionId, table: { namespace: [], name: TABLE }, query: { kind: 'vector', column: 'vector', vector, distanceType: 'l2', k } }
  const result = await dispatch(core.handlers, 'search:rows', spec)
  const rowsMs = performance.now() - started
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  const page = result.value as SearchPage
  if (page.rowCount !== k) throw new Error(`The app found ${page.rowCount} rows, not ${k}.`)
  if (way === 'app') return { rowsMs, ms: rowsMs }
  const described = await dispatch(core.handlers, 'search:media', { ...spec, pageId: page.pageId, size: way })
  const ms = performance.now() - started
  if (!described.ok) throw new Error(`${described.error.code}: ${described.error.message}`)
  const thumbs = (described.value as SearchMedia | null)?.cells.filter((row) => row.some((cell) => cell.thumb !== null)).length ?? 0
  if (thumbs !== k) throw new Error(`${k - thumbs} of the ${k} rows came without a thumbnail.`)
  return { rowsMs, ms }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

try {
  for (const k of KS) {
    const times = new Map<Way, number[]>(WAYS.map((way) => [way, []]))
    const rowTimes = new Map<Way, number[]>(WAYS.map((way) => [way, []]))
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      const vector = vectorOf(1_000_000 + round)
      // Taking turns: each round starts with another way.
      for (let i = 0; i < WAYS.length; i++) {
        const way = WAYS[(round + i) % WAYS.length] as Way
        const { rowsMs, ms } = await search(way, vector, k)
        if (round >= WARM_UP) times.get(way)?.push(ms)
        if (round >= WARM_UP) rowTimes.get(way)?.push(rowsMs)
      }
    }
    const of = (way: Way): number => median(times.get(way) ?? [])
    const sdk = of('sdk')
    const app = of('app')
    console.log(`k = ${k}, medians of ${ROUNDS} rounds:`)
    console.log(`  LanceDB's SDK, the rows with their photos: ${sdk.toFixed(1)} ms`)
    console.log(`  the app's search:rows without thumbnails: ${app.toFixed(1)} ms (${(app / sdk).toFixed(2)}x the SDK's)`)
    for (const way of ['row', 'tile'] as const) {
      const ms = of(way)
      const rowsMs = median(rowTimes.get(way) ?? [])
      console.log(
        `  with ${way === 'row' ? "the grid's 64 px" : "the gallery's 256 px"} thumbnails: rows after ${rowsMs.toFixed(1)} ms (${(rowsMs / sdk).toFixed(2)}x the SDK's), ` +
          `thumbnails after ${ms.toFixed(1)} ms (${(ms / app).toFixed(2)}x the rows without, ${(ms / sdk).toFixed(2)}x the SDK's; ${((ms - rowsMs) / k).toFixed(1)} ms a thumbnail)`
      )
    }
  }
  console.log(`load average ${loadavg()[0]?.toFixed(1)} at the end`)
} finally {
  sdkTable.close()
  db.close()
  await core.close()
}
