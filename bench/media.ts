/**
 * A table of media through browser mode: 10,000 rows (MEDIA_ROWS) of a 500 KB JPEG
 * (`photo`) and a 50 KB WAV (`clip`), both large_binary, and five plain columns, in a
 * directory catalog on local disk and on a slow object store (s3rver behind bench:remote's
 * delay proxy, 15 ms per request). The grid's path with default settings, through the
 * browser-mode host (`out/main/web-host.js`, its own process) as the page calls it over its
 * socket: a click (`tables:describe` and `tables:count`), then each page of 100 rows as
 * `tables:readRows` of the plain columns and `media:cells` of the byte columns
 * (`size: 'row'`, in the grid's blocks of 20 rows, with the described version as
 * `latest`) sent together, as the grid asks for
 * them: on opening, the block of the rows on screen (the grid asks the block drawn below
 * it once that one has answered), every block of the page after; the
 * anchor is the same page of the plain columns alone, in a host of its own. Prints the
 * time to the first screen and of each next page, the
 * bytes the host sends per page, object-store requests per page, the time to open one
 * image in the viewer (`media:value`), bytes per thumbnail and the hosts' peak RSS, beside
 * the goals; then times three pages' phases in this process (LanceDB reads, sharp
 * thumbnails) to show where the time goes. The renderer is run by the `renderer` part.
 *
 * The next pages above are asked one right after another, as a jump or a fast drag would
 * ask them. The user's path is also measured: Page Down through MEDIA_READ_SCREENS
 * screens, each looked at for MEDIA_PAUSE_MS, the grid asking at each screen for the rows
 * pages it draws and the thumbnail blocks of the rows on screen it has not asked for yet,
 * then those of the rows drawn past the screen's edges (readingScroll); the wait
 * per 100 rows moved is set against the same screens without the byte columns.
 *
 * The tables are built once, in batches, under `lcb-bench-media/` in the OS temp folder,
 * keyed by their size, and reused by later runs (which say so).
 *
 * Video first frames (`video`, run alone or after the others): a local directory catalog
 * of VIDEO_ROWS rows of 1280 x 720 clips of about 1.5 MB (./media/video-table.ts), whose
 * first keyframes main finds and sends with the cells. The first screen and next pages
 * through the host, with first frames and without the byte column, as above; bytes per
 * first frame; the host's peak RSS; then the page's side: the renderer's first-frames.ts
 * run in Chromium on the first frames the host sent, each decoded to a 64 px picture
 * (./media/frame-decode.ts).
 *
 * The renderer (`renderer`, run alone or after the others): the real UI in Chromium
 * (1280 x 800) over a fresh host on the local table, scrolled as a user scrolls
 * (./media/renderer-scroll.ts): the table clicked in the catalog tree, then Page Down
 * MEDIA_RENDERER_SCREENS times, each screen looked at for MEDIA_RENDERER_LOOK_MS, then
 * Ctrl+End to the last row and Ctrl+Home back. With thumbnails (the grid's default) against
 * the same table with its byte columns hidden in the grid's Columns chooser, which goes
 * down to the same row (its rows are lower, so fewer presses); the sides take turns, each
 * with a fresh host and a fresh browser, MEDIA_RENDERER_ROUNDS rounds. Prints the
 * renderer's RSS once the app loaded, its peak RSS (VmHWM, and the highest of its RSS read
 * every 250 ms) and the peak's growth from that start, its RSS and JS heap at the end, its
 * own memory (RssAnon + RssShmem, RSS less mapped files) at the start, highest and end, the
 * host's peak RSS, the rows and time scrolled, and the pictures drawn on the last screen,
 * each round's beside the median.
 *
 * Run: npm run bench:media [-- local | s3 | video | renderer]   (builds the app first; all four by default)
 * Env: MEDIA_ROWS (10000), MEDIA_S3_ROWS (MEDIA_ROWS), MEDIA_ROUNDS (3), MEDIA_PAGES (10),
 *      MEDIA_SCROLL_PAGES (50), MEDIA_DELAY_MS (15), MEDIA_READ_SCREENS (20), MEDIA_PAUSE_MS (1000),
 *      VIDEO_ROWS (2000), VIDEO_BYTES (1500000), VIDEO_PAGES (5),
 *      MEDIA_RENDERER_SCREENS (400), MEDIA_RENDERER_LOOK_MS (300), MEDIA_RENDERER_ROUNDS (2)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWebHost, stopProcess } from '../e2e/fixtures/launch'
import {
  FIRST_SCREEN_ROWS,
  gridPage,
  openPhoto,
  openTable,
  PAGE_ROWS,
  readingScroll,
  VISIBLE_ROWS,
  type GridColumns,
  type GridTarget,
  type PageCost,
  type ScreenCost,
  type ValueCost
} from './media/grid-calls'
import {
  BYTE_COLUMNS,
  ensureMediaTable,
  folderBytes,
  forgetTable,
  MEDIA_TABLE,
  PLAIN_COLUMNS,
  specKey,
  type BuiltTable,
  type MediaTableSpec
} from './media/media-rows'
import { profilePage, type ColumnPhases, type PagePhases } from './media/phases'
import { connectionFor, hostCaller, memoryOf } from './remote/host-client'
import { startKeptStore, storageFlags, type SlowStore, type StorageOptions } from './remote/slow-store'
import { GRID_MEDIA_BLOCK_ROWS } from '../src/shared/grid-media-blocks'
import { THUMB_SIZES, type MediaCell, type VideoFirstFrame } from '../src/shared/contract/media'
import { timeFrameDecodes, type DecodeRound } from './media/frame-decode'
import { ensureVideoTable, VIDEO_BYTE_COLUMNS, VIDEO_PLAIN_COLUMNS, VIDEO_TABLE, videoSpecKey, type VideoTableSpec } from './media/video-table'
import { scrollInBrowser, type ScrollMemory } from './media/renderer-scroll'

const ROWS = envWhole('MEDIA_ROWS', 10_000, PAGE_ROWS * 2)
const S3_ROWS = envWhole('MEDIA_S3_ROWS', ROWS, PAGE_ROWS * 2)
const ROUNDS = envWhole('MEDIA_ROUNDS', 3, 1)
const PAGES = envWhole('MEDIA_PAGES', 10, 1)
const SCROLL_PAGES = envWhole('MEDIA_SCROLL_PAGES', 50, 0)
const DELAY_MS = envWhole('MEDIA_DELAY_MS', 15, 0)
const READ_SCREENS = envWhole('MEDIA_READ_SCREENS', 20, 2)
const PAUSE_MS = envWhole('MEDIA_PAUSE_MS', 1000, 0)
const VIDEO_ROWS = envWhole('VIDEO_ROWS', 2000, PAGE_ROWS * 2)
const VIDEO_BYTES = envWhole('VIDEO_BYTES', 1_500_000, 300_000)
const VIDEO_PAGES = envWhole('VIDEO_PAGES', 5, 1)
// At 1280 x 800 the grid sits under the table's overview: 7 rows of thumbnails show, and Page Down moves 5; 400 screens are 2,000 rows.
const RENDERER_SCREENS = envWhole('MEDIA_RENDERER_SCREENS', 400, 1)
const RENDERER_LOOK_MS = envWhole('MEDIA_RENDERER_LOOK_MS', 300, 0)
const RENDERER_ROUNDS = envWhole('MEDIA_RENDERER_ROUNDS', 2, 1)
const TARGETS = process.argv.slice(2).filter((arg) => arg !== '--')
const CACHE = join(tmpdir(), 'lcb-bench-media')
/** The pages timed phase by phase in this process (medians are printed). */
const PROFILE_PAGES = [1, 2, 3]

/** The goals the figures are held to. */
const GOAL_RATIO = 1.5
const GOAL_BYTES_PER_THUMB = 64 * 1024

interface Target {
  readonly label: string
  readonly root: string
  readonly storage: StorageOptions
  readonly storeRequests: () => number
  readonly built: BuiltTable
  readonly folder: string
}

async function main(): Promise<void> {
  const parts = ['local', 's3', 'video', 'renderer']
  const unknown = TARGETS.filter((t) => !parts.includes(t))
  if (unknown.length > 0) throw new Error(`Targets are ${parts.join(', ')}, not ${unknown.join(', ')}.`)
  const targets = TARGETS.length > 0 ? TARGETS : parts
  console.log(
    `bench:media, ${new Date().toISOString()}, ${navigatorCores()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start`
  )
  for (const which of targets) {
    if (which === 'local') await runLocal()
    else if (which === 's3') await runS3()
    else if (which === 'video') await runVideo()
    else await runRenderer()
  }
}

async function runLocal(): Promise<void> {
  const spec = specOf(ROWS)
  const folder = join(CACHE, `local-${specKey(spec)}`)
  const root = join(folder, 'catalog')
  const built = await ensureBuilt(folder, () => ensureMediaTable(root, folder, spec, {}, console.log))
  await measure({ label: 'local: a directory catalog on disk', root, storage: {}, storeRequests: () => 0, built, folder })
}

async function runS3(): Promise<void> {
  const spec = specOf(S3_ROWS)
  const folder = join(CACHE, `s3-${specKey(spec)}`)
  const root = 's3://bench/catalog'
  let store: SlowStore | undefined
  try {
    const built = await ensureBuilt(folder, async () => {
      store = await startKeptStore(join(folder, 's3rver'), DELAY_MS)
      return ensureMediaTable(root, folder, spec, store.direct, console.log)
    })
    store ??= await startKeptStore(join(folder, 's3rver'), DELAY_MS)
    const { proxy, slow } = store
    await measure({
      label: `s3: a directory catalog on s3rver behind the delay proxy, ${proxy.delayMs} ms per request`,
      root,
      storage: slow,
      storeRequests: () => proxy.counts().total,
      built,
      folder
    })
  } finally {
    await store?.close()
  }
}

function specOf(rows: number): MediaTableSpec {
  return { rows, photoBytes: 500_000, clipBytes: 50_000, distinct: 32, batchRows: 250 }
}

/** Builds with `build` unless an earlier run finished; a half-built folder is removed first. */
async function ensureBuilt<T>(folder: string, build: () => Promise<T>): Promise<T> {
  try {
    return await build()
  } catch (error) {
    await forgetTable(folder)
    throw error
  }
}

async function measure(target: Target): Promise<void> {
  const { built } = target
  const bytes = built.rows * (built.meanPhotoBytes + built.meanClipBytes)
  console.log('')
  console.log(`== ${target.label} ==`)
  console.log(
    `table: ${built.rows.toLocaleString('en')} rows (photo: JPEG 1600 x 1200, mean ${kb(built.meanPhotoBytes)}; clip: WAV, ${kb(built.meanClipBytes)}; ` +
      `${PLAIN_COLUMNS.length} plain columns), ${gib(bytes)} of cells; ` +
      (built.built ? `built by this run in ${built.seconds.toFixed(0)} s` : `reused (an earlier run built it in ${built.seconds.toFixed(0)} s)`) +
      ` under ${target.folder} (${gib(await folderBytes(target.folder))} on disk)`
  )
  const work = await mkdtemp(join(tmpdir(), 'lcb-bench-media-run-'))
  const firstMedia: PageCost[] = []
  const firstPlain: PageCost[] = []
  const clickMedia: number[] = []
  const clickPlain: number[] = []
  const nextMedia: PageCost[] = []
  const nextPlain: PageCost[] = []
  const kept: PageCost[] = []
  const values: ValueCost[] = []
  const peaks: { media: number; plain: number }[] = []
  const scroll: string[] = []
  const readMedia: ScreenCost[] = []
  const readPlain: ScreenCost[] = []
  const pages = Math.min(PAGES, Math.floor(built.rows / PAGE_ROWS) - 1)
  // The reading path starts past the next pages (and what was read ahead of them); the long scroll past it.
  const readFrom = (pages + 3) * PAGE_ROWS
  const scrollFrom = Math.ceil((readFrom + READ_SCREENS * VISIBLE_ROWS) / PAGE_ROWS) + 1
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const media = await startHost(target, join(work, `media-${round}`))
      const plain = await startHost(target, join(work, `plain-${round}`))
      try {
        // Taking turns: which side goes first changes every round.
        const sides = round % 2 === 0 ? ([media, plain] as const) : ([plain, media] as const)
        for (const side of sides) {
          const withMedia = side === media
          const click = await openTable(side.target)
          // What opening the table shows: the first page's rows and the first screen's thumbnails.
          const first = await gridPage(side.target, 0, withMedia, FIRST_SCREEN_ROWS)
          ;(withMedia ? clickMedia : clickPlain).push(click + first.ms)
          ;(withMedia ? firstMedia : firstPlain).push(first)
        }
        for (let page = 1; page <= pages; page++) {
          for (const side of sides) {
            const cost = await gridPage(side.target, page, side === media)
            ;(side === media ? nextMedia : nextPlain).push(cost)
          }
        }
        // The user's path: Page Down with a pause to look at each screen; the plain side's calls do not depend on pauses.
        readMedia.push(...(await readingScroll(media.target, readFrom, READ_SCREENS, PAUSE_MS, true)).slice(1))
        readPlain.push(...(await readingScroll(plain.target, readFrom, READ_SCREENS, 0, false)).slice(1))
        // The first page again: answered from the cells main keeps (what the host and socket add).
        kept.push(await gridPage(media.target, 0, true, FIRST_SCREEN_ROWS))
        for (const row of [7, 142, 383]) values.push(await openPhoto(media.target, Math.min(row, built.rows - 1)))
        if (round === ROUNDS - 1 && SCROLL_PAGES > 0) scroll.push(...(await scrollOn(media, scrollFrom, built.rows)))
        peaks.push({ media: (await memoryOf(media.pid))?.peak ?? NaN, plain: (await memoryOf(plain.pid))?.peak ?? NaN })
      } finally {
        await media.stop()
        await plain.stop()
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  const phases: PagePhases[] = []
  for (const page of PROFILE_PAGES) phases.push(await profilePage(target.root, target.storage, page, target.storeRequests))
  report(target, {
    firstMedia,
    firstPlain,
    clickMedia,
    clickPlain,
    nextMedia,
    nextPlain,
    kept,
    values,
    peaks,
    scroll,
    pages,
    phases,
    readMedia,
    readPlain,
    readFrom
  })
}

interface Host {
  readonly target: GridTarget
  readonly pid: number
  /** The address the host printed, with its token: what a browser opens. */
  readonly url: string
  stop(): Promise<void>
}

async function startHost(target: Pick<Target, 'root' | 'storage' | 'storeRequests'>, dataDir: string, columns?: GridColumns): Promise<Host> {
  const { child, url } = await startWebHost(['--data-dir', dataDir, '--dir', target.root, ...storageFlags(target.storage)])
  const call = hostCaller(url)
  const connectionId = await connectionFor(call, target.root)
  return {
    target: { call, connectionId, storeRequests: target.storeRequests, described: {}, ...(columns ? { columns } : {}) },
    pid: child.pid ?? 0,
    url,
    stop: () => stopProcess(child)
  }
}

/** Scrolls on with thumbnails from `from` through SCROLL_PAGES more pages (or the table's end), with the host's RSS every 10 pages. */
async function scrollOn(host: Host, from: number, rows: number): Promise<string[]> {
  const last = Math.min(from + SCROLL_PAGES, Math.ceil(rows / PAGE_ROWS)) - 1
  const lines: string[] = []
  const begun = performance.now()
  const start = await memoryOf(host.pid)
  lines.push(`before: RSS ${mib(start?.rss)}, peak ${mib(start?.peak)}`)
  let times: number[] = []
  for (let page = from; page <= last; page++) {
    times.push((await gridPage(host.target, page, true)).ms)
    if ((page - from + 1) % 10 === 0 || page === last) {
      const memory = await memoryOf(host.pid)
      lines.push(
        `to row ${((page + 1) * PAGE_ROWS).toLocaleString('en')}: page median ${ms(median(times))}, RSS ${mib(memory?.rss)}, peak ${mib(memory?.peak)}`
      )
      times = []
    }
  }
  lines.push(`${last - from + 1} pages in ${((performance.now() - begun) / 1000).toFixed(1)} s`)
  return lines
}

interface Figures {
  readonly firstMedia: readonly PageCost[]
  readonly firstPlain: readonly PageCost[]
  readonly clickMedia: readonly number[]
  readonly clickPlain: readonly number[]
  readonly nextMedia: readonly PageCost[]
  readonly nextPlain: readonly PageCost[]
  readonly kept: readonly PageCost[]
  readonly values: readonly ValueCost[]
  readonly peaks: readonly { media: number; plain: number }[]
  readonly scroll: readonly string[]
  readonly pages: number
  readonly phases: readonly PagePhases[]
  readonly readMedia: readonly ScreenCost[]
  readonly readPlain: readonly ScreenCost[]
  readonly readFrom: number
}

function report(target: Target, f: Figures): void {
  const s3 = target.storage.endpoint !== undefined
  const perPage = (costs: readonly PageCost[]): number[] => costs.map((c) => c.rowsBytes + c.cellsBytes)
  const firstRatio = median(f.firstMedia.map((c) => c.ms)) / median(f.firstPlain.map((c) => c.ms))
  const nextRatio = median(f.nextMedia.map((c) => c.ms)) / median(f.nextPlain.map((c) => c.ms))
  // On the reading path: the waits of every screen, per 100 rows moved, against the plain side's for the same screens.
  const rowsMoved = f.readMedia.length * (VISIBLE_ROWS - 1)
  const waitPer100 = (costs: readonly ScreenCost[]): number => (costs.reduce((sum, c) => sum + c.ms, 0) / Math.max(1, rowsMoved)) * 100
  const readRatio = waitPer100(f.readMedia) / waitPer100(f.readPlain)
  const cellsBytes = f.nextMedia.concat(f.firstMedia).reduce((sum, c) => sum + c.cellsBytes, 0)
  const thumbs = f.nextMedia.concat(f.firstMedia).reduce((sum, c) => sum + c.thumbs, 0)
  const pageBytes = median(perPage(f.nextMedia))
  const thumbsPerPage = median(f.nextMedia.map((c) => c.thumbs))
  const rows: [string, string, string, string][] = [
    [
      'click to first screen (describe + count, then the page)',
      ms(median(f.clickMedia)),
      ms(median(f.clickPlain)),
      ratio(median(f.clickMedia) / median(f.clickPlain))
    ],
    ['  the first screen alone', ms(median(f.firstMedia.map((c) => c.ms))), ms(median(f.firstPlain.map((c) => c.ms))), ratio(firstRatio)],
    [
      '  of it: tables:readRows / media:cells',
      `${ms(median(f.firstMedia.map((c) => c.rowsMs)))} / ${ms(median(f.firstMedia.map((c) => c.cellsMs)))}`,
      ms(median(f.firstPlain.map((c) => c.rowsMs))),
      ''
    ],
    [
      `next page at once (no pause), median of ${f.nextMedia.length}`,
      ms(median(f.nextMedia.map((c) => c.ms))),
      ms(median(f.nextPlain.map((c) => c.ms))),
      ratio(nextRatio)
    ],
    [
      'next page at once, p90',
      ms(p90(f.nextMedia.map((c) => c.ms))),
      ms(p90(f.nextPlain.map((c) => c.ms))),
      ratio(p90(f.nextMedia.map((c) => c.ms)) / p90(f.nextPlain.map((c) => c.ms)))
    ],
    [`reading: wait per 100 rows, Page Down every ${PAUSE_MS} ms`, ms(waitPer100(f.readMedia)), ms(waitPer100(f.readPlain)), ratio(readRatio)],
    [
      '  a screen that asks for something, median (p90, max)',
      `${ms(median(asking(f.readMedia)))} (${ms(p90(asking(f.readMedia)))}, ${ms(Math.max(...asking(f.readMedia)))})`,
      `${ms(median(asking(f.readPlain)))} (${ms(p90(asking(f.readPlain)))}, ${ms(Math.max(...asking(f.readPlain)))})`,
      ''
    ],
    ['bytes per page sent by the host (median)', kb(pageBytes), kb(median(perPage(f.nextPlain))), ratio(pageBytes / median(perPage(f.nextPlain)))],
    ['  of it: rows / media:cells', `${kb(median(f.nextMedia.map((c) => c.rowsBytes)))} / ${kb(median(f.nextMedia.map((c) => c.cellsBytes)))}`, '', '']
  ]
  if (s3) {
    rows.push([
      'store requests per page (median, min-max)',
      `${median(f.nextMedia.map((c) => c.storeRequests))} (${range(f.nextMedia.map((c) => c.storeRequests))})`,
      `${median(f.nextPlain.map((c) => c.storeRequests))} (${range(f.nextPlain.map((c) => c.storeRequests))})`,
      ''
    ])
    rows.push([
      'store requests, first page',
      String(median(f.firstMedia.map((c) => c.storeRequests))),
      String(median(f.firstPlain.map((c) => c.storeRequests))),
      ''
    ])
  }
  console.log(
    `${ROUNDS} rounds, each with a fresh host per side, taking turns; per round the first page and ${f.pages} next pages of ${PAGE_ROWS} rows; ` +
      `byte columns ${BYTE_COLUMNS.join(', ')} (size 'row'; the first screen's ${f.firstMedia[0]?.thumbs ?? 0} thumbnails, then each page's ${f.nextMedia[0]?.thumbs ?? 0}, ` +
      `asked as the grid asks, in blocks of ${GRID_MEDIA_BLOCK_ROWS} rows sent together)`
  )
  console.log(table(['', 'with thumbnails', 'plain columns', 'ratio'], rows))
  console.log(
    `the first screen again, from the cells main keeps: ${ms(median(f.kept.map((c) => c.ms)))} (media:cells ${ms(median(f.kept.map((c) => c.cellsMs)))}, ` +
      `${kb(median(f.kept.map((c) => c.cellsBytes)))})`
  )
  console.log(
    `open one image in the viewer (media:value), median of ${f.values.length}: ${ms(median(f.values.map((v) => v.ms)))} (p90 ${ms(p90(f.values.map((v) => v.ms)))}), ` +
      `${kb(median(f.values.map((v) => v.bytes)))} sent` +
      (s3 ? `, ${median(f.values.map((v) => v.storeRequests))} store requests` : '')
  )
  console.log(
    `bytes per visible thumbnail: ${(cellsBytes / Math.max(1, thumbs)).toFixed(0)} B (media:cells answers / thumbnails they hold; with the rows' own bytes: ${(pageBytes / Math.max(1, thumbsPerPage)).toFixed(0)} B)`
  )
  console.log(
    `host peak RSS (VmHWM): with thumbnails ${f.peaks.map((p) => mib(p.media)).join(', ')}; plain columns ${f.peaks.map((p) => mib(p.plain)).join(', ')} (per round). ` +
      "The renderer's memory, with the host's, is the renderer part's (npm run bench:media -- renderer)."
  )
  console.log(
    `the reading path: from row ${f.readFrom.toLocaleString('en')}, ${f.readMedia.length / ROUNDS} screens of Page Down (${VISIBLE_ROWS - 1} rows) per round after the first, ` +
      `each looked at for ${PAUSE_MS} ms; ${f.readMedia.filter((c) => c.blocks > 0).length} of ${f.readMedia.length} screens asked for thumbnails, ` +
      `${f.readPlain.filter((c) => c.pages > 0).length} for a rows page; the plain side's screens waited for rows pages only`
  )
  if (f.scroll.length > 0) console.log(`scrolling on with thumbnails in the last round's host: ${f.scroll.join('; ')}`)
  console.log('goals:')
  console.log(
    `  a page with thumbnails within ${GOAL_RATIO}x of the page without: first screen ${ratio(firstRatio)}: ${met(firstRatio <= GOAL_RATIO)}; ` +
      `reading on, per 100 rows ${ratio(readRatio)}: ${met(readRatio <= GOAL_RATIO)}; a page jumped to at once ${ratio(nextRatio)}: ${met(nextRatio <= GOAL_RATIO)}`
  )
  console.log(
    `  bytes per page under ${kb(GOAL_BYTES_PER_THUMB)} per visible thumbnail: ${(pageBytes / Math.max(1, thumbsPerPage)).toFixed(0)} B: ${met(pageBytes / Math.max(1, thumbsPerPage) < GOAL_BYTES_PER_THUMB)}`
  )
  console.log(`  memory bounded whatever the table's size: see the peak RSS above, and the scroll (compare runs of different MEDIA_ROWS)`)
  const p = f.phases
  const mid = (pick: (phases: PagePhases) => number): number => median(p.map(pick))
  console.log(
    `where the time goes: pages ${PROFILE_PAGES.join(', ')} in this process, phase by phase as media-cells.ts runs them (8 rows at a time, ` +
      `a column after the other), medians; load average ${loadavg()[0]?.toFixed(1)} now:`
  )
  console.log(
    `  tables:readRows of the plain columns (the table handle): ${ms(mid((x) => x.plainRowsMs))}` +
      (s3 ? `, ${mid((x) => x.plainStoreRequests)} store requests` : '')
  )
  BYTE_COLUMNS.forEach((column, i) => {
    const of = (x: PagePhases): ColumnPhases | undefined => x.columns[i]
    const thumbsMade = mid((x) => of(x)?.thumbs ?? 0)
    console.log(
      `  ${column}: reading ${mb(mid((x) => of(x)?.bytesRead ?? 0))} through the table handle (LanceDB) ${ms(mid((x) => of(x)?.readMs ?? 0))}` +
        (s3 ? ` (${mid((x) => of(x)?.storeRequests ?? 0)} store requests)` : '') +
        `; describing the cells${thumbsMade > 0 ? ` (${thumbsMade} thumbnails with sharp)` : ''} ${ms(mid((x) => of(x)?.describeMs ?? 0))}`
    )
  })
  const inProcess = mid((x) => x.columns.reduce((sum, c) => sum + c.readMs + c.describeMs, 0))
  console.log(
    `  media:cells in process ${ms(inProcess)} against ${ms(median(f.nextMedia.map((c) => c.cellsMs)))} through the host (median next page); ` +
      `a kept answer's ${ms(median(f.kept.map((c) => c.cellsMs)))} is the host's dispatch, encoding and socket for ${kb(answerBytesOf(f.kept))}`
  )
}

const VIDEO_COLUMNS: GridColumns = { table: VIDEO_TABLE, plain: VIDEO_PLAIN_COLUMNS, bytes: VIDEO_BYTE_COLUMNS }

/** The video table's figures: the grid's calls through the host against the plain page, then the page's decodes. */
async function runVideo(): Promise<void> {
  const spec: VideoTableSpec = { rows: VIDEO_ROWS, clipBytes: VIDEO_BYTES, distinct: 8, batchRows: 50 }
  const folder = join(CACHE, `local-${videoSpecKey(spec)}`)
  const root = join(folder, 'catalog')
  const built = await ensureBuilt(folder, () => ensureVideoTable(root, folder, spec, console.log))
  console.log('')
  console.log('== video: first frames, a directory catalog on disk ==')
  console.log(
    `table: ${built.rows.toLocaleString('en')} rows (video: ${built.container} of ${built.codec} 1280 x 720, ${built.framesPerClip} frames, mean ${kb(built.meanFileBytes)}, ` +
      `first keyframe mean ${kb(built.meanKeyframeBytes)}; ${VIDEO_PLAIN_COLUMNS.length} plain columns); ` +
      (built.built ? `built by this run in ${built.seconds.toFixed(0)} s` : `reused (an earlier run built it in ${built.seconds.toFixed(0)} s)`) +
      ` under ${folder} (${gib(await folderBytes(folder))} on disk)`
  )
  const local = { root, storage: {}, storeRequests: () => 0 }
  const work = await mkdtemp(join(tmpdir(), 'lcb-bench-media-video-'))
  const first: { media: PageCost[]; plain: PageCost[] } = { media: [], plain: [] }
  const next: { media: PageCost[]; plain: PageCost[] } = { media: [], plain: [] }
  const kept: PageCost[] = []
  const again: PageCost[] = []
  const peaks: { media: number; plain: number }[] = []
  const pages = Math.min(VIDEO_PAGES, Math.floor(built.rows / PAGE_ROWS) - 1)
  let frames: VideoFirstFrame[] = []
  let problems: string[] = []
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const media = await startHost(local, join(work, `media-${round}`), VIDEO_COLUMNS)
      const plain = await startHost(local, join(work, `plain-${round}`), VIDEO_COLUMNS)
      try {
        const sides = round % 2 === 0 ? ([media, plain] as const) : ([plain, media] as const)
        for (const side of sides) {
          await openTable(side.target)
          ;(side === media ? first.media : first.plain).push(await gridPage(side.target, 0, side === media, FIRST_SCREEN_ROWS))
          // Asked again at once: answered from the cells main keeps (what carrying the first frames costs).
          if (side === media) kept.push(await gridPage(side.target, 0, true, FIRST_SCREEN_ROWS))
        }
        for (let page = 1; page <= pages; page++) {
          for (const side of sides) (side === media ? next.media : next.plain).push(await gridPage(side.target, page, side === media))
        }
        again.push(await gridPage(media.target, 0, true, FIRST_SCREEN_ROWS))
        if (round === 0) ({ frames, problems } = await firstFramesOf(media.target, spec.distinct))
        peaks.push({ media: (await memoryOf(media.pid))?.peak ?? NaN, plain: (await memoryOf(plain.pid))?.peak ?? NaN })
      } finally {
        await media.stop()
        await plain.stop()
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  const loadAfterHosts = loadavg()[0] ?? NaN
  const decodes = frames.length > 0 ? await timeFrameDecodes(frames, THUMB_SIZES.row, ROUNDS) : []
  reportVideo({ first, next, kept, again, peaks, pages, frames, problems, decodes, loadAfterHosts })
}

/** The first frames `media:cells` sends for the video table's first `count` rows (one per distinct clip), and the cells' problems if any. */
async function firstFramesOf(target: GridTarget, count: number): Promise<{ frames: VideoFirstFrame[]; problems: string[] }> {
  const cells = (await target.call('media:cells', {
    connectionId: target.connectionId,
    table: { namespace: [], name: VIDEO_TABLE },
    offset: 0,
    limit: count,
    columns: [...VIDEO_BYTE_COLUMNS],
    size: 'row',
    ...target.described
  })) as MediaCell[][]
  const all = cells.map((row) => row[0])
  return {
    frames: all.flatMap((cell) => (cell?.firstFrame ? [cell.firstFrame] : [])),
    problems: all.flatMap((cell) => (cell?.firstFrameProblem ? [cell.firstFrameProblem] : []))
  }
}

interface VideoFigures {
  readonly first: { readonly media: readonly PageCost[]; readonly plain: readonly PageCost[] }
  readonly next: { readonly media: readonly PageCost[]; readonly plain: readonly PageCost[] }
  readonly kept: readonly PageCost[]
  readonly again: readonly PageCost[]
  readonly peaks: readonly { media: number; plain: number }[]
  readonly pages: number
  readonly frames: readonly VideoFirstFrame[]
  readonly problems: readonly string[]
  readonly decodes: readonly DecodeRound[]
  readonly loadAfterHosts: number
}

function reportVideo(f: VideoFigures): void {
  const times = (costs: readonly PageCost[]): number[] => costs.map((c) => c.ms)
  const firstMs = { media: median(times(f.first.media)), plain: median(times(f.first.plain)) }
  const nextMs = { media: median(times(f.next.media)), plain: median(times(f.next.plain)) }
  const all = f.next.media.concat(f.first.media)
  const framesSent = all.reduce((sum, c) => sum + c.thumbs, 0)
  const perFrame = all.reduce((sum, c) => sum + c.cellsBytes, 0) / Math.max(1, framesSent)
  console.log(
    `${ROUNDS} rounds, each with a fresh host per side, taking turns; per round the first screen (${f.first.media[0]?.thumbs ?? 0} first frames in ` +
      `${FIRST_SCREEN_ROWS / GRID_MEDIA_BLOCK_ROWS === 1 ? 'one block' : `${FIRST_SCREEN_ROWS / GRID_MEDIA_BLOCK_ROWS} blocks`}) and ${f.pages} next pages of ${PAGE_ROWS} rows (${f.next.media[0]?.thumbs ?? 0} first frames each, ` +
      `blocks of ${GRID_MEDIA_BLOCK_ROWS} rows sent together); medians; load average ${f.loadAfterHosts.toFixed(1)} at the end`
  )
  console.log(
    table(
      ['', 'with first frames', 'plain columns', 'ratio'],
      [
        ['the first screen', ms(firstMs.media), ms(firstMs.plain), ratio(firstMs.media / firstMs.plain)],
        [
          '  of it: tables:readRows / media:cells',
          `${ms(median(f.first.media.map((c) => c.rowsMs)))} / ${ms(median(f.first.media.map((c) => c.cellsMs)))}`,
          ms(median(f.first.plain.map((c) => c.rowsMs))),
          ''
        ],
        [
          `next page at once, median of ${f.next.media.length} (p90)`,
          `${ms(nextMs.media)} (${ms(p90(times(f.next.media)))})`,
          `${ms(nextMs.plain)} (${ms(p90(times(f.next.plain)))})`,
          ratio(nextMs.media / nextMs.plain)
        ],
        [
          'bytes per next page sent by the host',
          kb(median(f.next.media.map((c) => c.rowsBytes + c.cellsBytes))),
          kb(median(f.next.plain.map((c) => c.rowsBytes))),
          ''
        ]
      ]
    )
  )
  console.log(
    `the first screen asked again at once, from the cells main keeps: ${ms(median(times(f.kept)))} (${kb(median(f.kept.map((c) => c.cellsBytes)))}); ` +
      `again after the next pages: ${ms(median(times(f.again)))} (main's kept cells are bounded in bytes, and first frames are large)`
  )
  console.log(`bytes per video thumbnail sent (media:cells answers / first frames they hold): ${kb(perFrame)}`)
  console.log(
    `host peak RSS (VmHWM): with first frames ${f.peaks.map((p) => mib(p.media)).join(', ')}; plain columns ${f.peaks.map((p) => mib(p.plain)).join(', ')} (per round)`
  )
  if (f.problems.length > 0) console.log(`cells without a first frame: ${f.problems.join('; ')}`)
  const d = f.decodes
  if (d.length === 0) {
    console.log('the page: no first frame to decode')
    return
  }
  const one = d.flatMap((r) => r.oneMs)
  console.log(
    `the page (Chromium ${d[0]?.decodable ? 'with' : 'WITHOUT'} WebCodecs, first-frames.ts), ${f.frames.length} distinct first frames (${f.frames[0]?.codec}, ` +
      `${f.frames[0]?.width} x ${f.frames[0]?.height}) to ${THUMB_SIZES.row} px pictures (${d[0]?.width} x ${d[0]?.height}), ${d.length} rounds, nothing kept; ` +
      `load average ${loadavg()[0]?.toFixed(1)} now:`
  )
  console.log(
    `  one frame at a time: median ${ms(median(one))} per frame (p90 ${ms(p90(one))}, first of each round ${d.map((r) => ms(r.oneMs[0] ?? NaN)).join(', ')})`
  )
  console.log(
    `  all ${f.frames.length} asked at once (two decoders at a time): ${ms(median(d.map((r) => r.allMs)))}, ${ms(median(d.map((r) => r.allMs / r.frames)))} per frame`
  )
}

/**
 * The page's side: the real UI in Chromium over a fresh host on the local table, scrolled
 * with thumbnails and with the byte columns hidden, the sides taking turns.
 */
async function runRenderer(): Promise<void> {
  const spec = specOf(ROWS)
  const folder = join(CACHE, `local-${specKey(spec)}`)
  const root = join(folder, 'catalog')
  const built = await ensureBuilt(folder, () => ensureMediaTable(root, folder, spec, {}, console.log))
  console.log('')
  console.log('== renderer: the real UI in Chromium over the host, scrolling the local table ==')
  console.log(
    `table: ${built.rows.toLocaleString('en')} rows (photo: JPEG 1600 x 1200, mean ${kb(built.meanPhotoBytes)}; clip: WAV, ${kb(built.meanClipBytes)}; ` +
      `${PLAIN_COLUMNS.length} plain columns); ` +
      (built.built ? `built by this run in ${built.seconds.toFixed(0)} s` : `reused (an earlier run built it in ${built.seconds.toFixed(0)} s)`) +
      ` under ${folder}`
  )
  const local = { root, storage: {}, storeRequests: () => 0 }
  const work = await mkdtemp(join(tmpdir(), 'lcb-bench-media-renderer-'))
  const runs: ScrollMemory[] = []
  // The side without byte columns goes down to the row the side with them reached: its rows are lower, so a screen holds more.
  let untilRow: number | undefined
  try {
    for (let round = 0; round < RENDERER_ROUNDS; round++) {
      // Taking turns; the first round starts with thumbnails, so the other side knows its row.
      for (const withMedia of round % 2 === 0 ? [true, false] : [false, true]) {
        const host = await startHost(local, join(work, `${withMedia ? 'media' : 'plain'}-${round}`))
        try {
          const run = await scrollInBrowser({
            url: host.url,
            hostPid: host.pid,
            table: MEDIA_TABLE,
            rows: built.rows,
            byteColumns: BYTE_COLUMNS,
            withMedia,
            screens: RENDERER_SCREENS,
            lookMs: RENDERER_LOOK_MS,
            ...(withMedia || untilRow === undefined ? {} : { untilRow })
          })
          if (withMedia) untilRow ??= run.rowReached
          runs.push(run)
        } finally {
          await host.stop()
        }
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  reportRenderer(runs, built.rows)
}

/** The renderer's peak RSS: its VmHWM, or a reading above it. */
function peakOf(run: ScrollMemory): number {
  return Math.max(run.rendererPeak, run.rendererSampledPeak)
}

function reportRenderer(runs: readonly ScrollMemory[], rows: number): void {
  const media = runs.filter((r) => r.withMedia)
  const plain = runs.filter((r) => !r.withMedia)
  /** The median of a figure over the rounds, with each round's in brackets. */
  const rounds = (side: readonly ScrollMemory[], pick: (r: ScrollMemory) => number, show: (value: number) => string): string =>
    `${show(median(side.map(pick)))} (${side.map((r) => show(pick(r)).replace(/ .*/, '')).join(', ')})`
  const memory = (label: string, pick: (r: ScrollMemory) => number): string[] => [
    label,
    rounds(media, pick, mib),
    rounds(plain, pick, mib),
    ratio(median(media.map(pick)) / median(plain.map(pick)))
  ]
  const seconds = (value: number): string => `${value.toFixed(1)} s`
  console.log(
    `${RENDERER_ROUNDS} rounds, each side with a fresh host and a fresh Chromium ${runs[0]?.browserVersion ?? ''} (1280 x 800), taking turns; ` +
      `Page Down with a ${RENDERER_LOOK_MS} ms look at each screen, then Ctrl+End to row ${rows.toLocaleString('en')} and Ctrl+Home back; ` +
      `without thumbnails, the byte columns (${BYTE_COLUMNS.join(', ')}) hidden in the Columns chooser once the grid opened; ` +
      `medians (each round's); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`
  )
  console.log(
    table(
      ['', 'with thumbnails', 'byte columns hidden', 'ratio'],
      [
        memory('renderer RSS before the table opened', (r) => r.rendererBefore),
        memory('renderer peak RSS (VmHWM)', (r) => r.rendererPeak),
        memory('renderer RSS, highest read every 250 ms', (r) => r.rendererSampledPeak),
        memory('renderer peak RSS growth from before', (r) => peakOf(r) - r.rendererBefore),
        memory('renderer RSS at the end', (r) => r.rendererEnd),
        memory('renderer own memory before the table opened', (r) => r.ownBefore),
        memory('renderer own memory, highest read', (r) => r.ownPeak),
        memory('renderer own memory at the end', (r) => r.ownEnd),
        memory('JS heap used at the end', (r) => r.heapUsed),
        memory('host peak RSS (VmHWM)', (r) => r.hostPeak),
        [
          'Page Down: screens, rows scrolled',
          `${rounds(media, (r) => r.screens, String)}, ${rounds(media, (r) => r.rowReached - 1, String)}`,
          `${rounds(plain, (r) => r.screens, String)}, ${rounds(plain, (r) => r.rowReached - 1, String)}`,
          ''
        ],
        ['time of the Page Down screens', rounds(media, (r) => r.scrollSeconds, seconds), rounds(plain, (r) => r.scrollSeconds, seconds), ''],
        ['time to the last row and back', rounds(media, (r) => r.jumpSeconds, seconds), rounds(plain, (r) => r.jumpSeconds, seconds), '']
      ]
    )
  )
  const under = runs.filter((r) => r.rendererSampledPeak > r.rendererPeak)
  if (under.length > 0) {
    console.log(
      `in ${under.length} of ${runs.length} runs a 250 ms reading of the renderer's RSS was above its VmHWM (the kernel's high-water mark is not a strict ` +
        'maximum of the readings): the growth above is from the higher of the two'
    )
  }
  console.log(
    "a renderer's own memory is its RssAnon + RssShmem, read with its RSS every 250 ms: its RSS less the pages of mapped files (Chromium's code, fonts)"
  )
  const pictures = (side: readonly ScrollMemory[]): string =>
    side
      .map(
        (r) =>
          `${r.picturesOnScreen} of ${r.rowsOnScreen} rows` +
          (r.withMedia ? ` (${r.picturesOnScreen === r.rowsOnScreen ? 'all shown' : 'given up'} ${ms(r.picturesWaitMs)} after the last look)` : '')
      )
      .join(', ')
  console.log(
    `rows on the last screen (the first rows, after Ctrl+Home) with a picture drawn in a cell: with thumbnails ${pictures(media)}; byte columns hidden ${pictures(plain)}`
  )
  console.log(
    `renderer processes of the browser: ${range(runs.map((r) => r.renderers))} (its own UI's, a spare, and the page's: the one that ran the page's busy loop)`
  )
  const problems = runs.flatMap((r) => r.problems)
  if (problems.length > 0) console.log(`the page reported errors: ${problems.join('; ')}`)
}

/** The waits of the screens that asked for something (the others cost nothing). */
function asking(costs: readonly ScreenCost[]): number[] {
  const waits = costs.filter((c) => c.pages + c.blocks > 0).map((c) => c.ms)
  return waits.length > 0 ? waits : [0]
}

function answerBytesOf(costs: readonly PageCost[]): number {
  return median(costs.map((c) => c.cellsBytes))
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [head, ...rows]
  const widths = head.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)))
  return all.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('   ')).join('\n')
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2
}

/** The 90th percentile, nearest rank. */
function p90(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(0.9 * sorted.length) - 1)] ?? NaN
}

function range(values: readonly number[]): string {
  return `${Math.min(...values)}-${Math.max(...values)}`
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en')} ms`
}

function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : '-'
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`
}

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}

function gib(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`
}

function mib(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? 'n/a' : `${Math.round(value)} MiB`
}

function met(ok: boolean): string {
  return ok ? 'met' : 'NOT met'
}

function navigatorCores(): number {
  return navigator.hardwareConcurrency
}

function envWhole(name: string, fallback: number, min: number): number {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not ${text}.`)
  return value
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
