/**
 * The video benchmark's table: `rows` rows of an int32 `id`, a `name`, a `video`
 * (large_binary, a 1280 x 720 clip of about `clipBytes`) and plain `width`, `height` and
 * `seconds`. The clips are `distinct` pictures encoded by Chromium (./video-clips.ts): H.264
 * in MP4 (test-kit/video-files.ts's muxer, moov first, one sync sample) or VP8 in WebM. Each
 * file is the clip's keyframe and delta frames, then filler samples of random bytes that the
 * container lists as the clip's later frames, up to the size asked (30 frames a second). Rows
 * cycle through the clips, each file made its own by noise of its row at the start of its
 * last filler sample, which the first keyframe does not reach: with a few values repeated, Lance would
 * dictionary-encode the column. Built once in batches and kept, as media-rows.ts does.
 */
import { lanceArrow as arrow } from '../../src/catalog/lance-arrow'
import { mulberry32 } from '../../test-kit/prng'
import { mp4Video, webmVideo } from '../../test-kit/video-files'
import { ensureTable, writeInBatches, type Batch } from './media-rows'
import { CLIP_HEIGHT, CLIP_WIDTH, encodeClips, type EncodedClips } from './video-clips'

export const VIDEO_TABLE = 'videos'
export const VIDEO_PLAIN_COLUMNS = ['id', 'name', 'width', 'height', 'seconds'] as const
export const VIDEO_BYTE_COLUMNS = ['video'] as const

export interface VideoTableSpec {
  readonly rows: number
  /** Bytes of each file. */
  readonly clipBytes: number
  /** Distinct pictures the rows cycle through. */
  readonly distinct: number
  readonly batchRows: number
}

interface BuiltVideoTable {
  readonly built: boolean
  readonly seconds: number
  readonly rows: number
  readonly codec: string
  readonly container: 'MP4' | 'WebM'
  readonly meanFileBytes: number
  readonly meanKeyframeBytes: number
  readonly framesPerClip: number
}

/** Real frames encoded per clip (a keyframe and its deltas); the filler follows them. */
const ENCODED_FRAMES = 10
/** Bits a second asked of the encoder: a 720p keyframe of the pictures here comes out near 130 KB. */
const BITRATE = 2_500_000
/** Size of each filler sample (a delta frame at a few megabits a second). */
const FILLER_SAMPLE_BYTES = 10_000
/** Bytes of row noise at the start of the filler. */
const ROW_NOISE_BYTES = 64

export function videoSpecKey(spec: VideoTableSpec): string {
  return `video-${spec.rows}r-${spec.clipBytes}b-${spec.distinct}d-v1`
}

/** Builds the table in the dir catalog at `root` (a local folder) unless `markerFolder` says an earlier run finished it. */
export function ensureVideoTable(root: string, markerFolder: string, spec: VideoTableSpec, progress: (line: string) => void): Promise<BuiltVideoTable> {
  return ensureTable(markerFolder, async (started) => {
    const encoded = await encodeClips(spec.distinct, ENCODED_FRAMES, BITRATE)
    const files = encoded.clips.map((clip, i) => clipFile(encoded, clip, spec.clipBytes, i))
    progress(
      `  ${spec.distinct} clips encoded by Chromium (${encoded.codec}, keyframes mean ${kb(mean(encoded.clips.map((c) => c.key.length)))}) ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`
    )
    const batchOf = (start: number, count: number): Batch => videoBatch(start, count, files)
    await writeInBatches(root, VIDEO_TABLE, spec, batchOf, {}, progress, started)
    return {
      rows: spec.rows,
      codec: encoded.codec,
      container: encoded.description ? ('MP4' as const) : ('WebM' as const),
      meanFileBytes: mean(files.map((f) => f.bytes.length)),
      meanKeyframeBytes: mean(encoded.clips.map((c) => c.key.length)),
      framesPerClip: files[0]?.frames ?? 0
    }
  })
}

interface ClipFile {
  readonly bytes: Uint8Array
  /** Where the file's last sample starts, a filler one (the row's noise goes there). */
  readonly lastSampleAt: number
  readonly frames: number
  readonly extension: 'mp4' | 'webm'
}

/** Clip `index` as a file of about `size` bytes: its encoded frames, then filler samples. */
function clipFile(encoded: EncodedClips, clip: EncodedClips['clips'][number], size: number, index: number): ClipFile {
  const random = mulberry32(0xc11f + index)
  const real = [clip.key, ...clip.deltas]
  const realBytes = real.reduce((sum, frame) => sum + frame.length, 0)
  const filler = Array.from({ length: Math.max(1, Math.round((size - realBytes) / FILLER_SAMPLE_BYTES)) }, () =>
    Uint8Array.from({ length: FILLER_SAMPLE_BYTES }, () => random.int(256))
  )
  const frames = [...real, ...filler]
  const common = { width: CLIP_WIDTH, height: CLIP_HEIGHT }
  // In both layouts the last sample's data is the file's last bytes (moov before mdat; WebM's one cluster last).
  const bytes = encoded.description
    ? mp4Video({ ...common, entry: 'avc1', config: { type: 'avcC', payload: encoded.description }, frames, sync: [1] })
    : webmVideo({ ...common, codecId: 'V_VP8', frames: frames.map((data, i) => ({ data, key: i === 0 })) })
  return { bytes, lastSampleAt: bytes.length - FILLER_SAMPLE_BYTES, frames: frames.length, extension: encoded.description ? 'mp4' : 'webm' }
}

function videoBatch(start: number, count: number, files: readonly ClipFile[]): Batch {
  const ids = Array.from({ length: count }, (_, i) => start + i)
  const ext = files[0]?.extension ?? 'mp4'
  return new arrow.Table({
    id: arrow.vectorFromArray(ids, new arrow.Int32()),
    name: arrow.vectorFromArray(
      ids.map((id) => `clip_${String(id).padStart(6, '0')}.${ext}`),
      new arrow.Utf8()
    ),
    video: arrow.vectorFromArray(
      ids.map((id) => ownFile(files[id % files.length], id)),
      new arrow.LargeBinary()
    ),
    width: arrow.vectorFromArray(
      ids.map(() => CLIP_WIDTH),
      new arrow.Int32()
    ),
    height: arrow.vectorFromArray(
      ids.map(() => CLIP_HEIGHT),
      new arrow.Int32()
    ),
    seconds: arrow.vectorFromArray(
      ids.map((id) => (files[id % files.length]?.frames ?? 0) / 30),
      new arrow.Float64()
    )
  })
}

/** A copy of `file` with row `id`'s noise at the start of its last (filler) sample: the same first keyframe, bytes no other row has. */
function ownFile(file: ClipFile | undefined, id: number): Uint8Array {
  if (!file) return new Uint8Array()
  const out = file.bytes.slice()
  const random = mulberry32(0x5eed + id)
  for (let at = file.lastSampleAt; at < file.lastSampleAt + ROW_NOISE_BYTES; at++) out[at] = random.int(256)
  return out
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length)
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1000).toLocaleString('en')} KB`
}
