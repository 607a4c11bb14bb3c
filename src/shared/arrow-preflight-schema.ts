/**
 * The schema half of the Arrow IPC preflight (./arrow-preflight.ts): a schema's fields read
 * through the lazy flatbuffers views apache-arrow ships, into a small shape per field that
 * says which buffers and field nodes a record batch holds for it. Nothing here builds
 * apache-arrow `Schema` or `Field` objects: a crafted schema can point the `children` of
 * many fields at one Field table, so a 12 KB schema would decode to a billion fields.
 * Every visit is counted, so such a schema is cut off at the budget, not after it.
 */
import type { ByteBuffer } from 'flatbuffers'
import { DictionaryEncoding } from 'apache-arrow/fb/dictionary-encoding'
import { Field } from 'apache-arrow/fb/field'
import { Int } from 'apache-arrow/fb/int'
import { Type } from 'apache-arrow/fb/type'
import { UnionMode } from 'apache-arrow/fb/union-mode'
import { Date as DateType } from 'apache-arrow/fb/date'
import { Decimal } from 'apache-arrow/fb/decimal'
import { FixedSizeBinary } from 'apache-arrow/fb/fixed-size-binary'
import { FixedSizeList } from 'apache-arrow/fb/fixed-size-list'
import { FloatingPoint } from 'apache-arrow/fb/floating-point'
import { Interval } from 'apache-arrow/fb/interval'
import { Time } from 'apache-arrow/fb/time'
import { Union } from 'apache-arrow/fb/union'
import type { Schema } from 'apache-arrow/fb/schema'

/** How a record batch lays out one field's values. */
export type FieldKind = 'null' | 'bool' | 'fixed' | 'binary' | 'list' | 'fixed-list' | 'struct' | 'union' | 'view' | 'dictionary'

/** One field as a record batch holds it: its kind, its widths and its children. */
export interface FieldShape {
  readonly kind: FieldKind
  /** Bytes per value (fixed), per offset (binary, list) or per dictionary index. */
  readonly width: number
  /** Values per slot of a fixed-size list. */
  readonly listSize: number
  /** A dense union (with an offsets buffer) rather than a sparse one. */
  readonly dense: boolean
  readonly children: readonly FieldShape[]
}

/** A schema's fields and, per dictionary id, the shape of the dictionary's values. */
export interface SchemaShape {
  readonly fields: readonly FieldShape[]
  readonly dictionaries: ReadonlyMap<number, FieldShape>
}

/** What reading schemas may spend, counted over every schema of one input. */
export interface SchemaBudget {
  /** Field visits, counting a field each time a `children` vector reaches it. */
  readonly maxFields: number
  readonly maxDepth: number
  /** Key-value pairs of custom metadata read (schema, fields and messages). */
  readonly maxMetadataEntries: number
  /** Bytes of names, keys and values read. */
  readonly maxTextBytes: number
}

/** Counts what the reads of one input spent; shared by the schema and the messages. */
export interface Spent {
  fields: number
  metadataEntries: number
  textBytes: number
}

/**
 * Thrown when the input is refused: with the reason, a clause such as "its schema ...",
 * worded for people by the preflight, or with a whole sentence of its own.
 */
export class Refusal extends Error {
  constructor(
    readonly reason: string,
    readonly sentence: string | null = null
  ) {
    super(sentence ?? reason)
    this.name = 'Refusal'
  }
}

// Vtable slots of the tables read here (Schema.fbs and Message.fbs, field order).
const FIELD_NAME = 4
const FIELD_CHILDREN = 14
const FIELD_METADATA = 16
const SCHEMA_FIELDS = 6
const SCHEMA_METADATA = 8
const UNION_TYPE_IDS = 6
const KEY_VALUE_KEY = 4
const KEY_VALUE_VALUE = 6

/** Throws unless a table starts at `position` with its vtable and inline part inside the bytes. */
export function checkTable(bb: ByteBuffer, position: number, what: string): void {
  const size = bb.capacity()
  const vtable = position >= 0 && position + 4 <= size ? position - bb.readInt32(position) : -1
  const vtableSize = vtable >= 0 && vtable + 4 <= size ? bb.readUint16(vtable) : 0
  if (vtableSize < 4 || vtableSize % 2 !== 0 || vtable + vtableSize > size || position + bb.readUint16(vtable + 2) > size) {
    throw new Refusal(`its ${what} points outside the message.`)
  }
}

/** The length of the vector in `slot` of the table at `position` (0 when absent), held to the bytes present. */
export function vectorLength(bb: ByteBuffer, position: number, slot: number, elementBytes: number, what: string): number {
  const offset = bb.__offset(position, slot)
  if (offset === 0) return 0
  const at = position + offset
  const size = bb.capacity()
  if (at + 4 > size) throw new Refusal(`its ${what} points outside the message.`)
  const start = bb.__vector(at)
  const length = bb.__vector_len(at)
  if (!(start >= 4 && length >= 0 && start + length * elementBytes <= size)) {
    throw new Refusal(`its ${what} vector declares ${length.toLocaleString('en')} entries that the message does not hold.`)
  }
  return length
}

/** Reads the schema at `schema` into shapes, spending from `spent` within `budget`. */
export function readSchema(schema: Schema, budget: SchemaBudget, spent: Spent): SchemaShape {
  const bb = schema.bb as ByteBuffer
  checkTable(bb, schema.bb_pos, 'schema')
  readMetadata(bb, schema.bb_pos, SCHEMA_METADATA, budget, spent)
  const count = vectorLength(bb, schema.bb_pos, SCHEMA_FIELDS, 4, 'schema')
  const dictionaries = new Map<number, FieldShape>()
  const fields: FieldShape[] = []
  for (let i = 0; i < count; i++) {
    const field = schema.fields(i)
    if (field) fields.push(readField(field, 1, budget, spent, dictionaries))
  }
  return { fields, dictionaries }
}

/** Counts the custom metadata in `slot` of a table and the bytes of its keys and values. */
export function readMetadata(bb: ByteBuffer, position: number, slot: number, budget: SchemaBudget, spent: Spent): void {
  const count = vectorLength(bb, position, slot, 4, 'custom metadata')
  spent.metadataEntries += count
  if (spent.metadataEntries > budget.maxMetadataEntries) {
    throw new Refusal(`it holds more than ${budget.maxMetadataEntries.toLocaleString('en')} custom metadata entries; at most that many can be read.`)
  }
  if (count === 0) return
  const vector = bb.__vector(position + bb.__offset(position, slot))
  for (let i = 0; i < count; i++) {
    const at = bb.__indirect(vector + i * 4)
    checkTable(bb, at, 'custom metadata')
    spendText(bb, at, KEY_VALUE_KEY, budget, spent)
    spendText(bb, at, KEY_VALUE_VALUE, budget, spent)
  }
}

/** Counts a string's bytes without decoding it (a string is a byte vector). */
function spendText(bb: ByteBuffer, position: number, slot: number, budget: SchemaBudget, spent: Spent): void {
  spent.textBytes += vectorLength(bb, position, slot, 1, 'text')
  if (spent.textBytes > budget.maxTextBytes) {
    throw new Refusal(`its names and metadata come to more than ${budget.maxTextBytes.toLocaleString('en')} bytes; at most that many can be read.`)
  }
}

function readField(field: Field, depth: number, budget: SchemaBudget, spent: Spent, dictionaries: Map<number, FieldShape>): FieldShape {
  spent.fields += 1
  if (spent.fields > budget.maxFields) {
    throw new Refusal(
      `its schema reaches more than ${budget.maxFields.toLocaleString('en')} fields (counting nested ones each time they are reached); at most that many can be read.`
    )
  }
  if (depth > budget.maxDepth) throw new Refusal(`its fields nest more than ${budget.maxDepth} levels deep.`)
  const bb = field.bb as ByteBuffer
  const at = field.bb_pos
  checkTable(bb, at, 'field')
  spendText(bb, at, FIELD_NAME, budget, spent)
  readMetadata(bb, at, FIELD_METADATA, budget, spent)
  const count = vectorLength(bb, at, FIELD_CHILDREN, 4, 'field children')
  const children: FieldShape[] = []
  for (let i = 0; i < count; i++) {
    const child = field.children(i)
    if (child) children.push(readField(child, depth + 1, budget, spent, dictionaries))
  }
  const values = valueShape(field, children)
  const encoding = table(field.dictionary(new DictionaryEncoding()), 'dictionary encoding')
  if (!encoding) return values
  const id = Number(encoding.id())
  // As apache-arrow does: the first field with an id gives the dictionary's value type.
  if (!dictionaries.has(id)) dictionaries.set(id, values)
  const index = table(encoding.indexType(new Int()), 'dictionary index type')
  const width = index ? intWidth(index.bitWidth()) : 4
  return { kind: 'dictionary', width, listSize: 0, dense: false, children: [] }
}

function shaped(kind: FieldKind, children: readonly FieldShape[], width = 0, listSize = 0, dense = false): FieldShape {
  return { kind, width, listSize, dense, children }
}

function valueShape(field: Field, children: readonly FieldShape[]): FieldShape {
  const typeId = field.typeType()
  switch (typeId) {
    case Type.NONE:
    case Type.Null:
      return shaped('null', children)
    case Type.Bool:
      return shaped('bool', children)
    case Type.Int:
      return shaped('fixed', children, intWidth(typed(field, new Int()).bitWidth()))
    case Type.FloatingPoint:
      return shaped('fixed', children, [2, 4, 8][typed(field, new FloatingPoint()).precision()] ?? unreadable('a floating-point precision'))
    case Type.Decimal:
      return shaped('fixed', children, bitsToBytes(typed(field, new Decimal()).bitWidth()))
    case Type.Date:
      return shaped('fixed', children, typed(field, new DateType()).unit() === 0 ? 4 : 8)
    case Type.Time:
      return shaped('fixed', children, bitsToBytes(typed(field, new Time()).bitWidth()))
    case Type.Timestamp:
    case Type.Duration:
      return shaped('fixed', children, 8)
    case Type.Interval:
      return shaped('fixed', children, [4, 8, 16][typed(field, new Interval()).unit()] ?? unreadable('an interval unit'))
    case Type.FixedSizeBinary: {
      const width = typed(field, new FixedSizeBinary()).byteWidth()
      if (!(width >= 1)) unreadable('a fixed-size binary width')
      return shaped('fixed', children, width)
    }
    case Type.Binary:
    case Type.Utf8:
      return shaped('binary', children, 4)
    case Type.LargeBinary:
    case Type.LargeUtf8:
      return shaped('binary', children, 8)
    case Type.BinaryView:
    case Type.Utf8View:
      return shaped('view', children, 16)
    case Type.List:
    case Type.Map:
      return oneChild(shaped('list', children, 4))
    case Type.LargeList:
      return oneChild(shaped('list', children, 8))
    case Type.FixedSizeList: {
      const listSize = typed(field, new FixedSizeList()).listSize()
      if (!(listSize >= 0)) unreadable('a fixed-size list size')
      return oneChild(shaped('fixed-list', children, 0, listSize))
    }
    case Type.Struct_:
      return shaped('struct', children)
    case Type.Union: {
      const union = typed(field, new Union())
      vectorLength(union.bb as ByteBuffer, union.bb_pos, UNION_TYPE_IDS, 4, 'union type ids')
      return shaped('union', children, 0, 0, union.mode() === UnionMode.Dense)
    }
    default:
      throw new Refusal(`it has a column of a type this app cannot read (${Type[typeId] ?? `type ${typeId}`}).`)
  }
}

function oneChild(shape: FieldShape): FieldShape {
  if (shape.children.length !== 1) throw new Refusal(`a list column has ${shape.children.length} child fields instead of one.`)
  return shape
}

/** The type table of a field, checked to lie within the message. */
function typed<T extends { bb: ByteBuffer | null; bb_pos: number }>(field: Field, view: T): T {
  const found = table(field.type(view) as T | null, 'field type')
  if (!found) throw new Refusal('a field has no type parameters.')
  return found
}

function table<T extends { bb: ByteBuffer | null; bb_pos: number }>(view: T | null, what: string): T | null {
  if (view) checkTable(view.bb as ByteBuffer, view.bb_pos, what)
  return view
}

function intWidth(bits: number): number {
  if (![8, 16, 32, 64].includes(bits)) unreadable('an integer width')
  return bits / 8
}

function bitsToBytes(bits: number): number {
  if (!(bits > 0 && bits % 8 === 0 && bits <= 256)) unreadable('a bit width')
  return bits / 8
}

function unreadable(what: string): never {
  throw new Refusal(`it declares ${what} that Arrow does not have.`)
}
