/**
 * The partitions (IVF centroids) of a vector column's index, read from the table's own
 * files: LanceDB's SDK reports an index's type and counts but not its centroids. The path
 * there, as Lance writes it:
 *
 * 1. The version's manifest, `_versions/<2^64 - 1 - version>.manifest` (or `<version>.manifest`
 *    in the older naming), ends with the manifest's position (u64), the format version and
 *    `LANC`; at that position a u32 length and the `Manifest` protobuf, whose `fields` name
 *    each column's field id and whose `index_section` is the position of another u32 length
 *    and `IndexSection` protobuf listing each index's uuid, field ids and name.
 * 2. The index's `_indices/<uuid>/index.idx` is a Lance v2 file: its 40-byte footer points
 *    at the global buffer table; global buffer 0 is a `FileDescriptor` whose schema
 *    metadata `lance:ivf` holds the number of the global buffer with the `IVF` protobuf,
 *    whose `centroids_tensor` is the centroids (shape [partitions, dimension]).
 *
 * The files are read through the table handle's `TableFiles` (../../catalog/table-files.ts):
 * a folder on this computer or an object store (S3, GCS, Azure), by byte ranges. Every length and offset is
 * checked against the file's size before anything is read, and nothing is allocated or
 * asked of a store from a declared length beyond the bounds below. Any failure is an
 * answer with a reason, never a throw.
 */
import { stat } from 'node:fs/promises'
import { bounded } from '../../catalog/dir/bounded-fs'
import { tableFilesAt } from '../../catalog/files/store-files'
import type { FileReadOptions, RangeFile, TableFiles } from '../../catalog/table-files'
import type { CallOptions, TableHandle } from '../../catalog/table-handle'
import { fieldsOf, safeNumber, textOf, varintsOf, WireError, type WireField } from './proto-wire'

/** The most partitions and the widest centroid read. */
export const MAX_PARTITIONS = 65_536
export const MAX_DIMENSION = 4_096
/** The most numbers of all centroids together (64 MiB of float32). */
const MAX_CENTROID_NUMBERS = 16 * 1024 * 1024
/** The most bytes of a manifest message, of its index section and of an index file's schema buffer. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024
const MAX_SECTION_BYTES = 16 * 1024 * 1024
const MAX_SCHEMA_BYTES = 16 * 1024 * 1024
/** The IVF buffer: the centroids as float64 at most, with each partition's offset and length. */
const MAX_IVF_BYTES = MAX_CENTROID_NUMBERS * 8 + MAX_PARTITIONS * 24 + 4096
const MAX_GLOBAL_BUFFERS = 4_096
const FOOTER_BYTES = 40
/** The most characters of an index's name kept. */
const MAX_NAME_CHARS = 200

/** An index's partitions, or why they cannot be read. */
export type IndexPartitions =
  | {
      readonly ok: true
      readonly indexName: string
      /** The index's distance, as its file names it (`l2`, `cosine`, `dot`), or null. */
      readonly distanceType: string | null
      readonly count: number
      readonly dimension: number
      /** `count` centroids of `dimension` numbers, row after row. */
      readonly centroids: Float32Array
    }
  | { readonly ok: false; readonly reason: string }

const CANNOT = 'Cannot read this index’s partitions'
const MISSING = `${CANNOT}: a file of the index or of this version is missing.`

/**
 * The partitions of the vector index on `column` of the table `handle` reaches, at
 * `version`: read where the connection itself reads the table's files (a folder on this
 * computer, or an object store with the storage options the table was opened with, or, for a
 * REST table opened with vended ones, those the catalog vends for it at the read; a REST
 * catalog's location only where the profile lets it open one).
 */
export async function readTablePartitions(
  handle: TableHandle,
  version: string,
  column: string,
  dimension: number,
  options: CallOptions = {}
): Promise<IndexPartitions> {
  let files: TableFiles | null
  try {
    files = await handle.tableFiles(options)
  } catch (error) {
    return fail(`${CANNOT}: ${messageOf(error)}`)
  }
  if (files === null)
    return fail(
      'The partitions are read from the index’s own files, which this connection does not read itself: the table is reached only through ' +
        'the REST catalog’s routes, or is stored somewhere other than a folder, S3, Google Cloud Storage or Azure.'
    )
  return readIndexPartitions(files, version, column, dimension, options.signal ? { signal: options.signal } : {})
}

/**
 * The partitions of the vector index on `column` of the table whose files are `at` (its
 * files, or a folder the caller may read) at `version`, checked to be of `dimension`.
 */
export async function readIndexPartitions(
  at: TableFiles | string | null,
  version: string,
  column: string,
  dimension: number,
  options: FileReadOptions = {}
): Promise<IndexPartitions> {
  if (at === null) return fail('The catalog does not say where the table’s files are, and the partitions are read from the index’s own files.')
  let files: TableFiles
  if (typeof at === 'string') {
    // A bare location names no storage options: only a folder here is read from it.
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(at))
      return fail(`The partitions of a table on a store (${schemeOf(at)}) are read through its connection, with the storage options it was opened with.`)
    const folder = await bounded(stat(at), `look for ${at}`).catch(() => null)
    if (!folder?.isDirectory()) return fail(`The partitions are read from the index’s own files, and the table’s folder (${at}) is not on this computer.`)
    files = tableFilesAt(at, {})!
  } else files = at
  try {
    const index = await indexOfColumn(files, version, column, options)
    if ('reason' in index) return fail(index.reason)
    const opened = await files.open(`_indices/${index.uuid}/index.idx`, options)
    if (!opened) return fail(MISSING)
    const file = new CheckedFile(opened, options)
    try {
      const read = await centroidsOf(file)
      if (read.dimension !== dimension) return fail(`${CANNOT}: its centroids have ${read.dimension} numbers where the column has ${dimension}.`)
      return { ok: true, indexName: index.name, ...read }
    } finally {
      await opened.close()
    }
  } catch (error) {
    if (error instanceof WireError || error instanceof FileShapeError) return fail(`${CANNOT}: ${error.message}`)
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT') return fail(MISSING)
    return fail(`${CANNOT}: ${messageOf(error)}`)
  }
}

function fail(reason: string): IndexPartitions {
  return { ok: false, reason }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function schemeOf(location: string): string {
  return `${location.slice(0, location.indexOf('://') + 3)}…`
}

/** A file whose declared layout does not fit its bytes. */
class FileShapeError extends Error {}

/** A table file read in checked ranges: each within the file and within a bound, before it is asked for. */
class CheckedFile {
  constructor(
    private readonly file: RangeFile,
    private readonly options: FileReadOptions
  ) {}

  get size(): number {
    return this.file.size
  }

  get name(): string {
    return this.file.name
  }

  /** `length` bytes from `offset`, which must lie within the file and within `max`. */
  async read(offset: number | bigint, length: number | bigint, max: number, what: string): Promise<Uint8Array> {
    const from = BigInt(offset)
    const count = BigInt(length)
    if (from < 0n || count < 0n || from + count > BigInt(this.size))
      throw new FileShapeError(`${this.name} places ${what} at bytes ${from}–${from + count}, past its end (${this.size} bytes).`)
    if (count > BigInt(max)) throw new FileShapeError(`${what} in ${this.name} is ${count} bytes, more than the ${max} read.`)
    const bytes = await this.file.read(Number(from), Number(count), this.options)
    if (bytes.length !== Number(count)) throw new FileShapeError(`${this.name} ended early.`)
    // The parsers read through DataViews on the whole buffer: hand them bytes that start it.
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
  }

  /** The message at `position`: a u32 length, then that many bytes (as Lance writes its manifest sections). */
  async message(position: number | bigint, max: number, what: string): Promise<Uint8Array> {
    const head = await this.read(position, 4, 4, `the length of ${what}`)
    const length = new DataView(head.buffer).getUint32(0, true)
    return this.read(BigInt(position) + 4n, length, max, what)
  }
}

/** The version's manifest file, in either naming. */
async function openManifest(files: TableFiles, version: string, options: FileReadOptions): Promise<RangeFile | null> {
  const number = BigInt(version)
  const names = [`${(0xffff_ffff_ffff_ffffn - number).toString().padStart(20, '0')}.manifest`, `${number}.manifest`]
  for (const name of names) {
    const file = await files.open(`_versions/${name}`, options)
    if (file) return file
  }
  return null
}

/** The uuid and name of the first index on `column` at `version`, or why there is none. */
async function indexOfColumn(
  files: TableFiles,
  version: string,
  column: string,
  options: FileReadOptions
): Promise<{ uuid: string; name: string } | { reason: string }> {
  const opened = await openManifest(files, version, options)
  if (!opened) return { reason: `${CANNOT}: version ${version}’s manifest is not in the table’s files (${files.location}).` }
  const file = new CheckedFile(opened, options)
  try {
    if (file.size < 16) throw new FileShapeError('The manifest is too short.')
    const tail = await file.read(file.size - 16, 16, 16, 'the manifest’s tail')
    if (new TextDecoder().decode(tail.subarray(12)) !== 'LANC') throw new FileShapeError('The manifest does not end as a Lance manifest does.')
    const manifest = await file.message(new DataView(tail.buffer).getBigUint64(0, true), MAX_MANIFEST_BYTES, 'the manifest')
    let fieldId: number | null = null
    let sectionAt: bigint | null = null
    for (const field of fieldsOf(manifest)) {
      if (field.field === 1 && field.wire === 'bytes') {
        const described = schemaField(field.bytes)
        if (described.name === column && described.parent === -1) fieldId = described.id
      } else if (field.field === 6 && field.wire === 'varint') sectionAt = field.value
    }
    if (fieldId === null) return { reason: `${CANNOT}: the manifest has no column "${column}".` }
    if (sectionAt === null) return { reason: 'The table has no index at this version, so there are no partitions to show.' }
    const section = await file.message(sectionAt, MAX_SECTION_BYTES, 'the index section')
    for (const entry of fieldsOf(section)) {
      if (entry.field !== 1 || entry.wire !== 'bytes') continue
      const index = indexEntry(entry.bytes)
      if (!index.fields.includes(fieldId)) continue
      if (index.baseId !== null)
        return { reason: `${CANNOT}: index "${index.name}" is stored in another base path of the table, which this app does not read.` }
      if (index.uuid === null) throw new FileShapeError(`Index "${index.name}" has no uuid.`)
      return { uuid: index.uuid, name: index.name }
    }
    return { reason: `"${column}" has no vector index at this version, so there are no partitions to show.` }
  } finally {
    await opened.close()
  }
}

/** A schema field's name, id and parent id (-1 for a top-level column). */
function schemaField(bytes: Uint8Array): { name: string; id: number; parent: number } {
  let name = ''
  let id = -1
  let parent = -1
  for (const field of fieldsOf(bytes)) {
    if (field.field === 2) name = textOf(field)
    else if (field.field === 3 && field.wire === 'varint') id = Number(BigInt.asIntN(32, field.value))
    else if (field.field === 4 && field.wire === 'varint') parent = Number(BigInt.asIntN(32, field.value))
  }
  return { name, id, parent }
}

/** An IndexMetadata entry: its uuid (as its folder is named), field ids, name and base id. */
function indexEntry(bytes: Uint8Array): { uuid: string | null; fields: number[]; name: string; baseId: number | null } {
  let uuid: string | null = null
  const fields: number[] = []
  let name = ''
  let baseId: number | null = null
  for (const field of fieldsOf(bytes)) {
    if (field.field === 1 && field.wire === 'bytes') {
      for (const inner of fieldsOf(field.bytes)) if (inner.field === 1 && inner.wire === 'bytes' && inner.bytes.length === 16) uuid = uuidText(inner.bytes)
    } else if (field.field === 2) for (const id of varintsOf(field, 1024)) fields.push(Number(BigInt.asIntN(32, id)))
    // Shown to the user: a name past any real one's length is cut.
    else if (field.field === 3) name = textOf(field).slice(0, MAX_NAME_CHARS)
    else if (field.field === 9 && field.wire === 'varint') baseId = Number(field.value)
  }
  return { uuid, fields, name, baseId }
}

function uuidText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The centroids in an index file, with the index's distance. */
async function centroidsOf(file: CheckedFile): Promise<{ distanceType: string | null; count: number; dimension: number; centroids: Float32Array }> {
  if (file.size < FOOTER_BYTES) throw new FileShapeError(`${file.name} is too short to be a Lance file.`)
  const footer = await file.read(file.size - FOOTER_BYTES, FOOTER_BYTES, FOOTER_BYTES, 'the footer')
  const view = new DataView(footer.buffer)
  if (new TextDecoder().decode(footer.subarray(36)) !== 'LANC') throw new FileShapeError(`${file.name} does not end as a Lance file does.`)
  const major = view.getUint16(32, true)
  const minor = view.getUint16(34, true)
  if (major === 0 && minor < 3)
    throw new FileShapeError(`${file.name} is in Lance’s legacy file format (${major}.${minor}), from an older index format this app does not read.`)
  const tableAt = view.getBigUint64(16, true)
  const buffers = view.getUint32(24, true)
  if (buffers === 0 || buffers > MAX_GLOBAL_BUFFERS) throw new FileShapeError(`${file.name} declares ${buffers} global buffers.`)
  const table = await file.read(tableAt, buffers * 16, buffers * 16, 'the global buffer table')
  const tableView = new DataView(table.buffer)
  const buffer = (i: number, max: number, what: string): Promise<Uint8Array> =>
    file.read(tableView.getBigUint64(i * 16, true), tableView.getBigUint64(i * 16 + 8, true), max, what)

  const metadata = schemaMetadata(await buffer(0, MAX_SCHEMA_BYTES, 'the schema'))
  const ivfBuffer = metadata.get('lance:ivf')
  if (ivfBuffer === undefined || !/^\d{1,6}$/.test(ivfBuffer)) throw new FileShapeError('the index file has no IVF partitions (no `lance:ivf` entry).')
  const at = Number(ivfBuffer)
  if (at >= buffers) throw new FileShapeError(`the IVF entry names global buffer ${at} of ${buffers}.`)
  return { distanceType: distanceOf(metadata), ...ivfCentroids(await buffer(at, MAX_IVF_BYTES, 'the IVF partitions')) }
}

/** A FileDescriptor's schema metadata, as text. */
function schemaMetadata(bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>()
  for (const field of fieldsOf(bytes)) {
    if (field.field !== 1 || field.wire !== 'bytes') continue
    for (const entry of fieldsOf(field.bytes)) {
      if (entry.field !== 5 || entry.wire !== 'bytes') continue
      let key = ''
      let value = ''
      for (const part of fieldsOf(entry.bytes)) {
        if (part.field === 1) key = textOf(part)
        else if (part.field === 2) value = textOf(part)
      }
      out.set(key, value)
    }
  }
  return out
}

/** The distance an index file names in its `lance:index` (JSON) or `distance_type` entry. */
function distanceOf(metadata: Map<string, string>): string | null {
  const direct = metadata.get('distance_type')
  if (direct) return direct.slice(0, 32)
  try {
    const parsed: unknown = JSON.parse(metadata.get('lance:index') ?? 'null')
    const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['distance_type'] : null
    return typeof value === 'string' ? value.slice(0, 32) : null
  } catch {
    return null
  }
}

/** Tensor data types (index.proto's Tensor.DataType) the centroids may be in, with their byte widths. */
const FLOAT16 = 1
const FLOAT32 = 2
const FLOAT64 = 3
const WIDTHS: Readonly<Record<number, number>> = { [FLOAT16]: 2, [FLOAT32]: 4, [FLOAT64]: 8 }

/** The centroids of an `IVF` message (its tensor; the deprecated flat list of floats with one length per partition otherwise). */
function ivfCentroids(bytes: Uint8Array): { count: number; dimension: number; centroids: Float32Array } {
  let tensor: WireField | null = null
  let flat: WireField | null = null
  let partitions = 0
  for (const field of fieldsOf(bytes)) {
    if (field.field === 4) tensor = field
    else if (field.field === 1) flat = field
    else if (field.field === 3) partitions += varintsOf(field, MAX_PARTITIONS + 1).length
  }
  if (tensor?.wire === 'bytes') return tensorCentroids(tensor.bytes)
  if (flat?.wire === 'bytes' && partitions > 0) {
    if (flat.bytes.length % (4 * partitions) !== 0) throw new FileShapeError('its centroids do not divide evenly among its partitions.')
    return checked(partitions, flat.bytes.length / 4 / partitions, FLOAT32, flat.bytes)
  }
  throw new FileShapeError('the index holds no centroids (an index without IVF partitions).')
}

function tensorCentroids(bytes: Uint8Array): { count: number; dimension: number; centroids: Float32Array } {
  let type = FLOAT32
  let shape: bigint[] = []
  let data: Uint8Array = new Uint8Array(0)
  for (const field of fieldsOf(bytes)) {
    if (field.field === 1 && field.wire === 'varint') type = safeNumber(field.value, 'The tensor type')
    else if (field.field === 2) shape = varintsOf(field, 8)
    else if (field.field === 3 && field.wire === 'bytes') data = field.bytes
  }
  if (shape.length !== 2) throw new FileShapeError(`its centroids are a tensor of ${shape.length} dimensions, not 2.`)
  return checked(safeNumber(shape[0]!, 'The partition count'), safeNumber(shape[1]!, 'The dimension'), type, data)
}

/** `count` x `dimension` numbers of `type` from `data` as float32, once the bounds hold. */
function checked(count: number, dimension: number, type: number, data: Uint8Array): { count: number; dimension: number; centroids: Float32Array } {
  if (count < 1 || count > MAX_PARTITIONS) throw new FileShapeError(`it declares ${count} partitions (at most ${MAX_PARTITIONS} are read).`)
  if (dimension < 1 || dimension > MAX_DIMENSION) throw new FileShapeError(`its centroids declare ${dimension} numbers (at most ${MAX_DIMENSION} are read).`)
  if (count * dimension > MAX_CENTROID_NUMBERS)
    throw new FileShapeError(`its centroids hold ${count * dimension} numbers, more than the ${MAX_CENTROID_NUMBERS} read.`)
  const width = WIDTHS[type]
  if (width === undefined) throw new FileShapeError(`its centroids are of tensor type ${type}, which this app does not read.`)
  if (data.length !== count * dimension * width)
    throw new FileShapeError(`its centroids are ${data.length} bytes where ${count} × ${dimension} need ${count * dimension * width}.`)
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const out = new Float32Array(count * dimension)
  for (let i = 0; i < out.length; i++)
    out[i] = type === FLOAT32 ? view.getFloat32(i * 4, true) : type === FLOAT64 ? view.getFloat64(i * 8, true) : halfFloat(view.getUint16(i * 2, true))
  return { count, dimension, centroids: out }
}

/** An IEEE 754 half-precision number's value. */
function halfFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1
  const exponent = (bits >> 10) & 0x1f
  const fraction = bits & 0x3ff
  if (exponent === 0) return sign * fraction * 2 ** -24
  if (exponent === 0x1f) return fraction === 0 ? sign * Infinity : NaN
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15)
}
