/**
 * A LanceDB table holding one column of each unusual Arrow type LanceDB 0.39 stores, with
 * values tests can predict. LanceDB 0.39 refuses interval, union, list_view and decimal32/64
 * columns ("Unsupported data type: Interval(YearMonth)" and so on), so those are covered by
 * formatter unit tests only. The null-typed column must be nullable (LanceDB 0.39 refuses a
 * non-nullable one holding nulls); it is stored and scanned like any null-only column.
 */
import { connectNamespace } from '@lancedb/lancedb'
import type { DataType, Int32 as Int32Type, Table as ArrowTable, Utf8 as Utf8Type } from 'apache-arrow'
// LanceDB takes only tables built with its own Arrow copy.
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'
const {
  Binary,
  DateDay,
  DateMillisecond,
  Decimal,
  Dictionary,
  Duration,
  Field,
  FixedSizeBinary,
  Float16,
  Int32,
  LargeBinary,
  LargeList,
  LargeUtf8,
  List,
  Map_,
  Null,
  RecordBatch,
  Schema,
  Struct,
  Table,
  Time,
  TimeUnit,
  Timestamp,
  Utf8,
  makeData,
  makeVector,
  vectorFromArray
} = arrow

/** The table's name. */
export const ODD_TYPES_TABLE = 'all_types'
/** The column of Arrow type null. */
export const NULL_TYPED_COLUMN = 'nothing'
/** A column name with spaces and non-ASCII letters. */
export const ODD_NAME_COLUMN = 'naïve field ✓ name'
/** Length of the long string in row 1 of `long_text`. */
export const LONG_TEXT_LENGTH = 10_000

const ROWS = 3

function raw(type: DataType, data: ArrayLike<number> | ArrayLike<bigint>): ReturnType<typeof makeVector> {
  return makeVector(makeData({ type, length: ROWS, nullCount: 0, data } as Parameters<typeof makeData>[0]))
}

/** 128-bit two's complement words (little-endian) of small integers. */
function decimalWords(values: readonly number[], words: number): Uint32Array {
  const out = new Uint32Array(values.length * words)
  values.forEach((value, i) => {
    out[i * words] = value >>> 0
    for (let w = 1; w < words; w++) out[i * words + w] = value < 0 ? 0xffffffff : 0
  })
  return out
}

/**
 * The table: three rows. What row 1 shows in the grid is in `ODD_TYPES_EXPECTED`.
 */
export function oddTypesTable(): ArrowTable {
  const inner = new Struct([new Field('b', new Int32(), true), new Field('c', new Utf8(), true)])
  const entries = new Struct<{ key: Utf8Type; value: Int32Type }>([new Field('key', new Utf8(), false), new Field('value', new Int32(), true)])
  const table = new Table({
    dict_str: vectorFromArray(['red', 'green', 'red'], new Dictionary(new Utf8(), new Int32())),
    half: vectorFromArray([1.5, null, -0.25], new Float16()),
    price: raw(new Decimal(2, 10, 128), decimalWords([28, -1234567, 100], 4)),
    big_price: raw(new Decimal(2, 40, 256), decimalWords([12345, 1, -5], 8)),
    berlin_time: raw(new Timestamp(TimeUnit.MICROSECOND, 'Europe/Berlin'), new BigInt64Array([1_704_164_645_678_901n, 1_720_000_000_000_000n, 0n])),
    day: vectorFromArray([new Date(Date.UTC(2024, 1, 29)), null, new Date(0)], new DateDay()),
    day_ms: raw(new DateMillisecond(), new BigInt64Array([86_400_000n, 0n, 1_500n])),
    clock: raw(new Time(TimeUnit.MICROSECOND, 64), new BigInt64Array([3_723_000_004n, 0n, 1n])),
    clock_ms: raw(new Time(TimeUnit.MILLISECOND, 32), new Int32Array([45_296_789, 0, 1])),
    elapsed: raw(new Duration(TimeUnit.MILLISECOND), new BigInt64Array([90_061_001n, -61_000n, 0n])),
    long_text: vectorFromArray(['x'.repeat(LONG_TEXT_LENGTH), '', null], new LargeUtf8()),
    big_bytes: vectorFromArray([new Uint8Array([1, 2, 3]), new Uint8Array([]), null], new LargeBinary()),
    bytes: vectorFromArray([new Uint8Array([171, 205]), null, new Uint8Array(20)], new Binary()),
    fixed_bytes: raw(new FixedSizeBinary(4), new Uint8Array([222, 173, 190, 239, 0, 0, 0, 0, 1, 2, 3, 4])),
    nested: vectorFromArray(
      [
        {
          a: [
            { b: 1, c: 'x' },
            { b: 2, c: null }
          ]
        },
        { a: [] },
        null
      ],
      new Struct([new Field('a', new List(new Field('item', inner, true)), true)])
    ),
    big_list: vectorFromArray([[1, 2, 3], [], null], new LargeList(new Field('item', new Int32(), true))),
    scores: vectorFromArray(
      [
        new Map([
          ['k', 1],
          ['j', 2]
        ]),
        new Map(),
        null
      ],
      new Map_(new Field('entries', entries, false))
    ),
    [NULL_TYPED_COLUMN]: vectorFromArray([null, null, null], new Null()),
    all_null: vectorFromArray([null, null, null], new Utf8()),
    [ODD_NAME_COLUMN]: vectorFromArray(['ünïcode ✓', 'b', 'c'], new Utf8())
  })
  // Arrow JS's `new Table` marks the null-typed field non-nullable, and LanceDB 0.39
  // refuses a non-nullable field holding nulls.
  const schema = new Schema(table.schema.fields.map((f) => (f.name === NULL_TYPED_COLUMN ? new Field(f.name, f.type, true, f.metadata) : f)))
  return new Table(
    schema,
    table.batches.map((batch) => new RecordBatch(schema, batch.data))
  )
}

/** Column -> the text its first-row cell shows. */
export const ODD_TYPES_EXPECTED: Readonly<Record<string, string>> = {
  dict_str: 'red',
  half: '1.5',
  price: '0.28',
  big_price: '123.45',
  berlin_time: '2024-01-02T04:04:05.678901+01:00',
  day: '2024-02-29',
  day_ms: '1970-01-02',
  clock: '01:02:03.000004',
  clock_ms: '12:34:56.789',
  elapsed: '1d 01:01:01.001',
  big_bytes: '0x010203 (3 bytes)',
  bytes: '0xabcd (2 bytes)',
  fixed_bytes: '0xdeadbeef (4 bytes)',
  nested: '{a: [{b: 1, c: x}, {b: 2, c: null}]}',
  big_list: '[1, 2, 3]',
  scores: '{k: 1, j: 2}',
  [NULL_TYPED_COLUMN]: 'null',
  all_null: 'null',
  [ODD_NAME_COLUMN]: 'ünïcode ✓'
}

/** Creates namespace `namespace` (if needed) in the V2 catalog at `root` and the odd-types table in it. */
export async function buildOddTypesCatalog(root: string, namespace: readonly string[] = ['odd']): Promise<void> {
  const db = await connectNamespace('dir', { root })
  try {
    if (namespace.length > 0) await db.createNamespace([...namespace])
    // Map columns need Lance file format 2.2. LanceDB 0.37.1 wrote it only when asked; 0.39.0
    // creates and reads this table without the option too, so it now only pins the format.
    const table = await db.createTable(ODD_TYPES_TABLE, oddTypesTable(), [...namespace], {
      storageOptions: { new_table_data_storage_version: '2.2' }
    })
    table.close()
  } finally {
    db.close()
  }
}
