/**
 * Real media in real LanceDB tables, made in the test: PNG and JPEG pictures drawn with
 * sharp (a gradient, so every size of thumbnail differs), WAV clips of a sine tone, a minimal
 * MP4 (its `ftyp` and an empty `moov`: the signature and boxes, no frames), a one-page PDF
 * (test-kit/pdf-files.ts: a 200 x 100 pt page of one colour, a dark square at its top left), an SVG
 * carrying a script, hostile images (one declaring 100,000 x 100,000 pixels, a truncated
 * JPEG, bytes that only start like a PNG), and videos of one real encoded frame (an H.264
 * MP4 and a VP8 WebM of test-kit/encoded-frames.ts's picture, and two WebMs whose keyframe is
 * noise, one with a real keyframe's header). `buildMediaCatalog` writes them into a directory
 * catalog: a binary column of every kind, a Lance blob v2 column and a legacy blob column.
 */
import { deflateSync } from 'node:zlib'
import { blob, connectNamespace } from '@lancedb/lancedb'
import sharp from 'sharp'
import { lanceArrow } from '../src/catalog/lance-arrow'
import { storageProperties } from '../src/shared/storage-options'
import { onePagePdf } from './pdf-files'
import { avcMp4, garbageFrameWebm, vp8Webm } from './video-files'

/** A width x height picture in `format`: a colour gradient with a dark square at the top left. */
export async function pictureBytes(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 320, height = 200): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      const dark = x < width / 4 && y < height / 4
      pixels[at] = dark ? 20 : Math.round((255 * x) / width)
      pixels[at + 1] = dark ? 20 : Math.round((255 * y) / height)
      pixels[at + 2] = dark ? 20 : 180
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
  const encoded = format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg({ quality: 90 }) : format === 'webp' ? image.webp() : image.gif()
  return new Uint8Array(await encoded.toBuffer())
}

/** A mono 16-bit PCM WAV of a `hz` tone lasting `seconds`. */
export function wavBytes(seconds = 0.5, hz = 440, rate = 8000): Uint8Array {
  const samples = Math.round(seconds * rate)
  const out = Buffer.alloc(44 + samples * 2)
  out.write('RIFF', 0, 'ascii')
  out.writeUInt32LE(36 + samples * 2, 4)
  out.write('WAVEfmt ', 8, 'ascii')
  out.writeUInt32LE(16, 16)
  out.writeUInt16LE(1, 20) // PCM
  out.writeUInt16LE(1, 22) // mono
  out.writeUInt32LE(rate, 24)
  out.writeUInt32LE(rate * 2, 28)
  out.writeUInt16LE(2, 32)
  out.writeUInt16LE(16, 34)
  out.write('data', 36, 'ascii')
  out.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(12_000 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2)
  return new Uint8Array(out)
}

/** An ISO media file of an `ftyp` box (brand isom) and an empty `moov`: an MP4 by its boxes, without frames. */
export function mp4Bytes(): Uint8Array {
  const box = (type: string, body: Buffer): Buffer => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(8 + body.length, 0)
    head.write(type, 4, 'ascii')
    return Buffer.concat([head, body])
  }
  return new Uint8Array(Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')), box('moov', Buffer.alloc(0))]))
}

/** An SVG that runs a script when rendered as a document: it must only ever show as text. */
export const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__svgRan = true"><script>window.__svgRan = true</script><rect width="10" height="10"/></svg>'

/** A PNG declaring `width` x `height` pixels, with valid CRCs, and a few bytes of image data: a decompression bomb's header. */
export function hugePngHeader(width = 100_000, height = 100_000): Uint8Array {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(64))),
      chunk('IEND', Buffer.alloc(0))
    ])
  )
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** The first half of a real JPEG: it starts right and stops in the middle of its data. */
export async function truncatedJpeg(): Promise<Uint8Array> {
  const whole = await pictureBytes('jpeg', 400, 300)
  return whole.slice(0, Math.floor(whole.length / 2))
}

/** A PNG signature followed by bytes that are not a PNG. */
export function fakePng(): Uint8Array {
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...new TextEncoder().encode('not really a picture at all, only its first eight bytes')
  ])
}

/** The rows of the media table: what each `media` cell holds, in order. */
export const MEDIA_ROWS = [
  'png',
  'jpeg',
  'wav',
  'mp4',
  'pdf',
  'svg',
  'unknown',
  'null',
  'huge-png',
  'truncated-jpeg',
  'fake-png',
  'h264-mp4',
  'vp8-webm',
  'noise-webm',
  'broken-vp8-webm'
] as const
export type MediaRow = (typeof MEDIA_ROWS)[number]

/** The bytes of each row's `media` cell (null for the null row). */
export async function mediaCellBytes(): Promise<Record<MediaRow, Uint8Array | null>> {
  return {
    png: await pictureBytes('png'),
    jpeg: await pictureBytes('jpeg'),
    wav: wavBytes(),
    mp4: mp4Bytes(),
    pdf: onePagePdf(),
    svg: new TextEncoder().encode(SCRIPTED_SVG),
    unknown: new Uint8Array([0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]),
    null: null,
    'huge-png': hugePngHeader(),
    'truncated-jpeg': await truncatedJpeg(),
    'fake-png': fakePng(),
    'h264-mp4': avcMp4(),
    'vp8-webm': vp8Webm(),
    'noise-webm': garbageFrameWebm(),
    'broken-vp8-webm': garbageFrameWebm(true)
  }
}

/** The media table's name in `buildMediaCatalog`'s catalog. */
export const MEDIA_TABLE = 'media'
/** Its Lance blob v2 table: `id` and `clip`, a picture, a WAV and a null. */
export const BLOB_TABLE = 'blobs'
/** Its legacy blob table (`lance-encoding:blob`): `id` and `clip`, the same values. */
export const LEGACY_BLOB_TABLE = 'legacy_blobs'

/**
 * A directory catalog at `root` (in `namespace`) with MEDIA_TABLE (`id`, `kind` naming the
 * row, `media` as large_binary), BLOB_TABLE and LEGACY_BLOB_TABLE; on an object store
 * (`s3://...`) with LanceDB's `storageOptions` for it.
 */
export async function buildMediaCatalog(root: string, namespace: readonly string[] = [], storageOptions: Readonly<Record<string, string>> = {}): Promise<void> {
  const { Field, Int32, LargeBinary, RecordBatch, Schema, Table, Utf8, vectorFromArray } = lanceArrow
  const cells = await mediaCellBytes()
  const db = await connectNamespace('dir', { root, ...storageProperties(storageOptions) })
  try {
    if (namespace.length > 0) await db.createNamespace([...namespace])
    const media = new Table({
      id: vectorFromArray(
        MEDIA_ROWS.map((_, i) => i),
        new Int32()
      ),
      kind: vectorFromArray([...MEDIA_ROWS], new Utf8()),
      media: vectorFromArray(
        MEDIA_ROWS.map((row) => cells[row]),
        new LargeBinary()
      )
    })
    ;(await db.createTable(MEDIA_TABLE, media, [...namespace], { storageOptions: { ...storageOptions } })).close()

    const clips = [cells.png, cells.wav, null]
    const blobSchema = new Schema([new Field('id', new Int32()), blob('clip')])
    const rows = clips.map((clip, id) => ({ id, clip: clip ? Buffer.from(clip) : null }))
    ;(
      await db.createTable(BLOB_TABLE, rows as never, [...namespace], {
        schema: blobSchema,
        storageOptions: { ...storageOptions, new_table_data_storage_version: '2.2' }
      } as never)
    ).close()

    const loose = new Table({
      id: vectorFromArray([0, 1, 2], new Int32()),
      clip: vectorFromArray(clips, new LargeBinary())
    })
    const legacySchema = new Schema(
      loose.schema.fields.map((f) => (f.name === 'clip' ? new Field(f.name, f.type, true, new Map([['lance-encoding:blob', 'true']])) : f))
    )
    const legacy = new Table(
      legacySchema,
      loose.batches.map((batch) => new RecordBatch(legacySchema, batch.data))
    )
    ;(await db.createTable(LEGACY_BLOB_TABLE, legacy, [...namespace], { storageOptions: { ...storageOptions, new_table_data_storage_version: '2.1' } })).close()
  } finally {
    db.close()
  }
}
