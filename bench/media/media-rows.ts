/**
 * The media benchmark's table: `rows` rows of an int32 `id`, a `name`, a `photo`
 * (large_binary, a JPEG of about 500 KB), a `clip` (large_binary, a WAV of about 50 KB) and
 * plain `width`, `height` and `seconds`. The JPEGs are a few dozen distinct 1600 x 1200
 * pictures (a gradient under gaussian noise, so JPEG cannot squeeze them below the size
 * asked), made with sharp; the WAVs a tone under noise. Rows cycle through them, each
 * value made unique to its row (a comment in the JPEG, noise at the start of the WAV). The table
 * is written in batches, so no more than one batch of bytes is ever held, and kept in a
 * folder keyed by its size: a later run with the same size reuses it.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { connectNamespace, type Table as LanceTable } from '@lancedb/lancedb'
import sharp from 'sharp'
import { lanceArrow as arrow } from '../../src/catalog/lance-arrow'
import { wavBytes } from '../../test-kit/media-table'
import { mulberry32 } from '../../test-kit/prng'
import { storageProperties, type StorageOptions } from '../remote/slow-store'

/** The table's name in its catalog. */
export const MEDIA_TABLE = 'media'
/** Its columns that hold no bytes: what the grid reads as rows. */
export const PLAIN_COLUMNS = ['id', 'name', 'width', 'height', 'seconds'] as const
/** Its byte columns: what `media:cells` describes. */
export const BYTE_COLUMNS = ['photo', 'clip'] as const

/** The size of the table to build. */
export interface MediaTableSpec {
  readonly rows: number
  /** Bytes each JPEG aims at. */
  readonly photoBytes: number
  /** Bytes of each WAV. */
  readonly clipBytes: number
  /** Distinct JPEGs (and WAVs) the rows cycle through. */
  readonly distinct: number
  /** Rows written at once. */
  readonly batchRows: number
}

/** What building (or finding) the table told. */
export interface BuiltTable {
  /** Whether this run built it (false: reused from an earlier run). */
  readonly built: boolean
  /** How long building took, in seconds (the earlier run's, when reused). */
  readonly seconds: number
  readonly rows: number
  readonly meanPhotoBytes: number
  readonly meanClipBytes: number
}

/** What a table is written from: rows LanceDB takes, as an Arrow table of its own copy of Arrow. */
export type Batch = Parameters<LanceTable['add']>[0]

const WIDTH = 1600
const HEIGHT = 1200
const CLIP_RATE = 8000
const MARKER = 'built.json'

/** A name for a folder holding this size of table, so different sizes never mix. */
export function specKey(spec: MediaTableSpec): string {
  return `${spec.rows}r-${spec.photoBytes}p-${spec.clipBytes}c-${spec.distinct}d-v2`
}

/**
 * Builds the table in the dir catalog at `root` (a local folder or an `s3://` URI with
 * `storage`) unless `markerFolder` (a local folder) says an earlier run finished it.
 */
export async function ensureMediaTable(
  root: string,
  markerFolder: string,
  spec: MediaTableSpec,
  storage: StorageOptions = {},
  progress: (line: string) => void = () => {}
): Promise<BuiltTable> {
  return ensureTable(markerFolder, async (started) => {
    const photos = await photoPool(spec.distinct, spec.photoBytes)
    const clips = Array.from({ length: spec.distinct }, (_, i) => clipBytes(spec.clipBytes, i))
    progress(`  ${spec.distinct} JPEGs (mean ${kb(mean(photos.map((p) => p.length)))}) and WAVs made in ${secondsSince(started)}`)
    const batchOf = (start: number, count: number): Batch => mediaBatch(start, count, photos, clips)
    await writeInBatches(root, MEDIA_TABLE, spec, batchOf, storage, progress, started)
    return { rows: spec.rows, meanPhotoBytes: mean(photos.map((p) => p.length)), meanClipBytes: mean(clips.map((c) => c.length)) }
  })
}

/**
 * What `build` made of a table, with how long it took: from `markerFolder`'s marker when an
 * earlier run finished (`built` false), else by running `build` (given its start time) and
 * writing the marker after it.
 */
export async function ensureTable<Facts extends object>(
  markerFolder: string,
  build: (started: number) => Promise<Facts>
): Promise<Facts & { readonly built: boolean; readonly seconds: number }> {
  const marker = join(markerFolder, MARKER)
  const earlier = await readFile(marker, 'utf8').then(
    (text) => JSON.parse(text) as Facts & { readonly seconds: number },
    () => null
  )
  if (earlier) return { ...earlier, built: false }
  await mkdir(markerFolder, { recursive: true })
  const started = performance.now()
  const facts = { ...(await build(started)), seconds: (performance.now() - started) / 1000 }
  await writeFile(marker, JSON.stringify(facts))
  return { ...facts, built: true }
}

/** Writes table `name` in the dir catalog at `root`, `spec.batchRows` rows at a time made by `batchOf`, so no more than a batch is held. */
export async function writeInBatches(
  root: string,
  name: string,
  spec: { readonly rows: number; readonly batchRows: number },
  batchOf: (start: number, count: number) => Batch,
  storage: StorageOptions,
  progress: (line: string) => void,
  started: number
): Promise<void> {
  const db = await connectNamespace('dir', { root, ...storageProperties(storage) })
  let table: LanceTable | undefined
  try {
    for (let start = 0; start < spec.rows; start += spec.batchRows) {
      const batch = batchOf(start, Math.min(spec.batchRows, spec.rows - start))
      if (table) await table.add(batch)
      else table = await db.createTable(name, batch, { mode: 'overwrite', storageOptions: { ...storage } })
      if ((start / spec.batchRows) % 8 === 7) progress(`  ${(start + spec.batchRows).toLocaleString('en')} rows written, ${secondsSince(started)}`)
    }
  } finally {
    table?.close()
    db.close()
  }
}

/** The bytes the files under `folder` take (what a table really stores, after Lance's encodings). */
export async function folderBytes(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  const sizes = await Promise.all(entries.filter((e) => e.isFile()).map(async (e) => (await stat(join(e.parentPath, e.name))).size))
  return sizes.reduce((sum, size) => sum + size, 0)
}

/** Forgets a half-built table: its folder goes, so the next run builds it again. */
export async function forgetTable(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true })
}

/** Rows `start` … `start + count - 1` as one Arrow table. */
function mediaBatch(start: number, count: number, photos: readonly Uint8Array[], clips: readonly Uint8Array[]) {
  const ids = Array.from({ length: count }, (_, i) => start + i)
  const seconds = (clips[0]?.length ?? 44) / 2 / CLIP_RATE
  return new arrow.Table({
    id: arrow.vectorFromArray(ids, new arrow.Int32()),
    name: arrow.vectorFromArray(
      ids.map((id) => `photo_${String(id).padStart(6, '0')}.jpg`),
      new arrow.Utf8()
    ),
    photo: arrow.vectorFromArray(
      ids.map((id) => withComment(photos[id % photos.length] ?? new Uint8Array(), id)),
      new arrow.LargeBinary()
    ),
    clip: arrow.vectorFromArray(
      ids.map((id) => withRowNoise(clips[id % clips.length] ?? new Uint8Array(), id)),
      new arrow.LargeBinary()
    ),
    width: arrow.vectorFromArray(
      ids.map(() => WIDTH),
      new arrow.Int32()
    ),
    height: arrow.vectorFromArray(
      ids.map(() => HEIGHT),
      new arrow.Int32()
    ),
    seconds: arrow.vectorFromArray(
      ids.map(() => seconds),
      new arrow.Float64()
    )
  })
}

/**
 * `jpeg` with a comment segment (COM) naming row `id` after its start marker: the same
 * picture, but bytes no other row has. Without it, a few dozen values repeated over the rows
 * are dictionary-encoded by Lance, and the table would hold a few dozen pictures, not
 * `rows` of them.
 */
export function withComment(jpeg: Uint8Array, id: number): Uint8Array {
  const text = new TextEncoder().encode(`lcb-bench-media row ${id} `)
  const noise = Uint8Array.from({ length: 48 }, (_, i) => (Math.imul(id + 1, 2654435761) >>> (i % 24)) & 0xff)
  const body = new Uint8Array([...text, ...noise])
  const segment = new Uint8Array(4 + body.length)
  segment.set([0xff, 0xfe, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff])
  segment.set(body, 4)
  const out = new Uint8Array(jpeg.length + segment.length)
  out.set(jpeg.subarray(0, 2))
  out.set(segment, 2)
  out.set(jpeg.subarray(2), 2 + segment.length)
  return out
}

/** `wav` with its first samples made noise of row `id`'s own: the same size, bytes no other row has. */
function withRowNoise(wav: Uint8Array, id: number): Uint8Array {
  const out = wav.slice()
  const random = mulberry32(0x5eed + id)
  for (let at = 44; at < Math.min(out.length, 44 + 512); at++) out[at] = random.int(256)
  return out
}

/**
 * `count` distinct JPEGs of WIDTH x HEIGHT near `target` bytes: each a gradient turned a
 * different way under gaussian noise, at the JPEG quality that comes nearest the target.
 */
export async function photoPool(count: number, target: number): Promise<Uint8Array[]> {
  const pool: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const pixels = await sharp({
      create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 18 } }
    })
      .raw()
      .toBuffer()
    const turn = (i * 2 * Math.PI) / count
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const at = (y * WIDTH + x) * 3
        const along = ((x / WIDTH) * Math.cos(turn) + (y / HEIGHT) * Math.sin(turn) + 1.5) / 3
        for (let c = 0; c < 3; c++) {
          const base = 255 * (c === 0 ? along : c === 1 ? 1 - along : (i % 7) / 7)
          pixels[at + c] = Math.max(0, Math.min(255, (pixels[at + c] ?? 128) - 128 + Math.round(base)))
        }
      }
    }
    let low = 40
    let high = 98
    let best = new Uint8Array()
    // Bisect the quality: JPEG size grows with it.
    for (let step = 0; step < 6; step++) {
      const quality = Math.round((low + high) / 2)
      const jpeg = new Uint8Array(
        await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
          .jpeg({ quality })
          .toBuffer()
      )
      if (best.length === 0 || Math.abs(jpeg.length - target) < Math.abs(best.length - target)) best = jpeg
      if (jpeg.length > target) high = quality
      else low = quality
    }
    pool.push(best)
  }
  return pool
}

/** A mono 16-bit WAV of `bytes` bytes: tone `index` under noise. */
function clipBytes(bytes: number, index: number): Uint8Array {
  const samples = Math.floor((bytes - 44) / 2)
  const wav = wavBytes(samples / CLIP_RATE, 220 + 20 * index, CLIP_RATE)
  const random = mulberry32(index + 1)
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength)
  for (let i = 0; i < samples; i++) {
    const at = 44 + i * 2
    view.setInt16(at, Math.max(-32768, Math.min(32767, view.getInt16(at, true) + Math.round((random.next() - 0.5) * 16_000))), true)
  }
  return wav
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length)
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1000).toLocaleString('en')} KB`
}

function secondsSince(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}
