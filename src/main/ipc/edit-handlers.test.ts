/**
 * Row editing through the real handler table, on a real LanceDB directory catalog and on the
 * reference REST server's routes: a commit of mixed edits adds exactly one version and
 * LanceDB reads every value back exactly; a moved table answers conflicts and writes
 * nothing; overwrite commits; restoring the previous version undoes a commit; hostile input
 * is refused with a clear invalid_request.
 */
import { connectNamespace, type Table as LanceDbTable } from '@lancedb/lancedb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tableFromIPC } from 'apache-arrow'
import { lanceArrow as arrow } from '../../catalog/lance-arrow'
import { startAppOverCatalog, type CatalogApp } from '../../../test-kit/app-over-catalog'
import type { AppCore } from '../app-setup'
import { dispatch } from './dispatch'
import type { IpcResult } from '../../shared/ipc-channels'
import type { CommitEditsResult, Editability } from '../../shared/contract/edits'
import { TableMoved } from '../../catalog/merge-rows'

const { Field, Schema, Int64, Utf8, Timestamp, TimeUnit, Decimal, FixedSizeList, Float32, Binary, makeData, RecordBatch, Struct, Table } = arrow

const BIG = 2n ** 62n + 1n
const schema = new Schema([
  new Field('id', new Int64(), false),
  new Field('big', new Int64(), true),
  new Field('at', new Timestamp(TimeUnit.NANOSECOND, null), true),
  new Field('price', new Decimal(4, 20, 128), true),
  new Field('name', new Utf8(), true),
  new Field('vec', new FixedSizeList(2, new Field('item', new Float32(), true)), true),
  new Field('blob', new Binary(), true)
])

/** Rows 1..n: id i, big 2^62+1+i, at i ns after 2024-01-01, price i.0001, name "row i", vec [i, -i], blob [i]. */
function seedRows(n: number): InstanceType<typeof Table> {
  const ids = Array.from({ length: n }, (_, k) => BigInt(k + 1))
  const encoder = new TextEncoder()
  const text = (values: string[]) => {
    const offsets = new Int32Array(values.length + 1)
    const parts = values.map((v) => encoder.encode(v))
    parts.forEach((p, i) => (offsets[i + 1] = offsets[i]! + p.length))
    const data = new Uint8Array(offsets[values.length]!)
    parts.forEach((p, i) => data.set(p, offsets[i]!))
    return { valueOffsets: offsets, data }
  }
  const words = new Uint32Array(n * 4)
  ids.forEach((id, i) => {
    words[i * 4] = Number(id * 10000n + 1n)
  })
  const binary = (() => {
    const offsets = Int32Array.from({ length: n + 1 }, (_, i) => i)
    return { valueOffsets: offsets, data: Uint8Array.from(ids, Number) }
  })()
  const children = [
    makeData({ type: new Int64(), length: n, nullCount: 0, data: BigInt64Array.from(ids) }),
    makeData({ type: new Int64(), length: n, nullCount: 0, data: BigInt64Array.from(ids, (id) => BIG + id) }),
    makeData({ type: new Timestamp(TimeUnit.NANOSECOND, null), length: n, nullCount: 0, data: BigInt64Array.from(ids, (id) => 1704067200000000000n + id) }),
    makeData({ type: new Decimal(4, 20, 128), length: n, nullCount: 0, data: words }),
    makeData({ type: new Utf8(), length: n, nullCount: 0, ...text(ids.map((id) => `row ${id}`)) }),
    makeData({
      type: schema.fields[5]!.type,
      length: n,
      nullCount: 0,
      child: makeData({ type: new Float32(), length: n * 2, nullCount: 0, data: Float32Array.from(ids.flatMap((id) => [Number(id), -Number(id)])) })
    }),
    makeData({ type: new Binary(), length: n, nullCount: 0, ...binary })
  ]
  return new Table([new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: n, nullCount: 0, children }))])
}

const call = <T>(core: AppCore, channel: string, request: object): Promise<IpcResult<T>> =>
  dispatch(core.handlers, channel as never, request) as Promise<IpcResult<T>>

/** Every row of the table as LanceDB reads it now, by id, with stored integers for timestamps. */
async function readBack(table: LanceDbTable): Promise<Map<bigint, Record<string, unknown>>> {
  const read = await table.query().toArrow()
  const rows = new Map<bigint, Record<string, unknown>>()
  for (const batch of read.batches) {
    const at = batch.getChild('at')!.data[0]!.values as BigInt64Array
    for (let i = 0; i < batch.numRows; i++) {
      const row = batch.get(i)!.toJSON() as Record<string, unknown>
      rows.set(row['id'] as bigint, { ...row, at: batch.getChild('at')!.isValid(i) ? at[i] : null })
    }
  }
  return rows
}

/** The two ways the app reaches the table: directly, and through the reference server's routes. */
const kinds = [
  { name: 'a directory catalog', rest: false },
  { name: "the reference REST server's routes", rest: true }
]

async function openLance(root: string): Promise<LanceDbTable> {
  const db = await connectNamespace('dir', { root })
  return db.openTable('items')
}

/** Builds the `items` table of `rows` seed rows in `root`, with `id` as its primary key when asked. */
async function buildItems(root: string, rows: number, primaryKey: boolean): Promise<void> {
  const db = await connectNamespace('dir', { root })
  const created = await db.createTable('items', seedRows(rows), { schema } as never)
  if (primaryKey) await created.setUnenforcedPrimaryKey('id')
  created.close()
  db.close()
}

describe.each(kinds)('row edits on $name', ({ rest }) => {
  let app: CatalogApp
  /** The REST server's request lines. */
  const log: string[] = []
  const table = { namespace: [], name: 'items' }
  const openItems = () => openLance(app.root)
  const commit = (request: object) =>
    call<CommitEditsResult>(app.core, 'tables:commitEdits', {
      connectionId: app.connectionId,
      table,
      overwrite: [],
      updates: [],
      inserts: [],
      deletes: [],
      ...request
    })

  beforeEach(async () => {
    log.length = 0
    const server = rest ? { server: { log: (line: string) => log.push(line) } } : {}
    app = await startAppOverCatalog('lcb-edits', (root) => buildItems(root, 20, true), server)
  }, 60_000)

  afterEach(() => app.close())

  it('says the table is editable on its primary key, and not at an older version', async () => {
    const editable = await call<Editability>(app.core, 'tables:editability', { connectionId: app.connectionId, table })
    expect(editable).toEqual({
      ok: true,
      value: {
        editable: true,
        reason: null,
        version: '2',
        primaryKey: 'id',
        keyColumns: ['id', 'big', 'name'],
        readOnlyColumns: [{ name: 'blob', reason: 'bytes cannot be typed in a cell' }]
      }
    })
    const older = await call<Editability>(app.core, 'tables:editability', { connectionId: app.connectionId, table, version: '1' })
    expect(older).toMatchObject({ ok: true, value: { editable: false, reason: expect.stringContaining('This is version 1, an older version') } })
  })

  it('commits mixed updates, inserts and deletes as exactly one version that reads back exactly, and undoes it by restoring', async () => {
    const result = await commit({
      baseVersion: '2',
      key: 'id',
      updates: [
        { key: '3', values: { big: '9223372036854775807', name: 'Zoë 🦀 "quoted" \'single\'' } },
        { key: '4', values: { at: '2024-05-31T12:30:00.123456789', price: '-1234567890123456.7891', name: null } },
        { key: '5', values: { vec: '[0.5, -0.25]', name: '' } }
      ],
      inserts: [{ id: '9007199254740993', big: '-9223372036854775808', at: '1969-12-31T23:59:59.999999999', price: '0.0001', name: '中文' }],
      deletes: ['7', '8']
    })
    expect(result).toEqual({ ok: true, value: { kind: 'committed', version: '3', previousVersion: '2', updated: 3, inserted: 1, deleted: 2 } })
    // Over REST the catalog's own merge_insert route wrote it, once.
    if (rest) expect(log.filter((line) => /^POST \/v1\/table\/[^ ]+\/merge_insert\S* -> 200/.test(line))).toHaveLength(1)

    const lance = await openItems()
    expect(await lance.version()).toBe(3)
    const rows = await readBack(lance)
    expect(rows.size).toBe(19)
    expect(rows.has(7n) || rows.has(8n)).toBe(false)
    expect(rows.get(3n)).toMatchObject({ big: 2n ** 63n - 1n, name: 'Zoë 🦀 "quoted" \'single\'', at: 1704067200000000003n })
    expect(rows.get(4n)).toMatchObject({ at: 1717158600123456789n, name: null, big: BIG + 4n })
    expect(rows.get(5n)).toMatchObject({ name: '' })
    expect(Array.from(rows.get(5n)!['vec'] as Float32Array)).toEqual([0.5, -0.25])
    // Untouched cells, bytes included, are written back exactly.
    expect(Array.from(rows.get(3n)!['blob'] as Uint8Array)).toEqual([3])
    expect(Array.from(rows.get(3n)!['vec'] as Float32Array)).toEqual([3, -3])
    const added = rows.get(9007199254740993n)!
    expect(added).toMatchObject({ big: -(2n ** 63n), at: -1n, name: '中文', blob: null, vec: null })
    const decimals = await lance.query().where('id IN (4, 9007199254740993)').select({ p: 'CAST(price AS STRING)', id: 'id' }).toArray()
    expect(decimals.map((r) => [r.id, r.p]).sort((a, b) => (a[0] < b[0] ? -1 : 1))).toEqual([
      [4n, '-1234567890123456.7891'],
      [9007199254740993n, '0.0001']
    ])
    lance.close()

    const undone = await call<string>(app.core, 'versions:restore', { connectionId: app.connectionId, table, version: '2' })
    expect(undone).toEqual({ ok: true, value: '4' })
    const restored = await readBack(await openItems())
    expect(restored.size).toBe(20)
    expect(restored.get(3n)).toMatchObject({ big: BIG + 3n, name: 'row 3' })
    expect(restored.has(9007199254740993n)).toBe(false)
  }, 60_000)

  it('answers the rows that changed elsewhere as conflicts and writes nothing, then commits them when told to overwrite', async () => {
    // The app has the table open (and its version kept) before the writes made elsewhere, which come within its freshness interval.
    expect(await call<Editability>(app.core, 'tables:editability', { connectionId: app.connectionId, table })).toMatchObject({
      ok: true,
      value: { version: '2' }
    })
    const other = await openItems()
    await other.update({ where: 'id = 3', values: { name: 'changed elsewhere' } })
    await other.delete('id = 4')
    await other.add(seedRows(30).slice(29, 30))
    const moved = await other.version()
    other.close()

    const edits = {
      baseVersion: '2',
      key: 'id',
      updates: [
        { key: '3', values: { name: 'mine' } },
        { key: '4', values: { name: 'mine too' } },
        { key: '6', values: { name: 'untouched elsewhere' } }
      ],
      inserts: [{ id: '30', name: 'added here' }],
      deletes: []
    }
    const refused = await commit(edits)
    expect(refused.ok && refused.value.kind).toBe('conflict')
    if (!refused.ok || refused.value.kind !== 'conflict') return
    expect(refused.value.version).toBe(String(moved))
    expect(refused.value.conflicts).toEqual([
      { key: '3', state: 'changed' },
      { key: '4', state: 'deleted' },
      { key: '30', state: 'added' }
    ])
    const now = tableFromIPC(refused.value.rows)
    expect(now.toArray().map((r) => [r!.id, r!.name])).toEqual([
      [3n, 'changed elsewhere'],
      [30n, 'row 30']
    ])
    const lance = await openItems()
    expect(await lance.version()).toBe(moved)
    lance.close()

    const kept = await commit({ ...edits, overwrite: ['3', '4', '30'] })
    expect(kept).toMatchObject({ ok: true, value: { kind: 'committed', version: String(moved + 1), previousVersion: String(moved) } })
    const rows = await readBack(await openItems())
    expect([rows.get(3n)!['name'], rows.get(4n)!['name'], rows.get(6n)!['name'], rows.get(30n)!['name']]).toEqual([
      'mine',
      'mine too',
      'untouched elsewhere',
      'added here'
    ])
  }, 60_000)

  it('commits deletes alone, and updates alone, each as one version', async () => {
    expect(await commit({ baseVersion: '2', key: 'id', deletes: ['1', '2'] })).toMatchObject({
      ok: true,
      value: { version: '3', deleted: 2, updated: 0, inserted: 0 }
    })
    expect(await commit({ baseVersion: '3', key: 'id', updates: [{ key: '3', values: { name: 'only' } }] })).toMatchObject({
      ok: true,
      value: { version: '4', deleted: 0, updated: 1, inserted: 0 }
    })
    const rows = await readBack(await openItems())
    expect([rows.size, rows.get(3n)!['name'], rows.get(4n)!['name']]).toEqual([18, 'only', 'row 4'])
  }, 60_000)

  it('checks keys past one SQL filter: thousands of added rows, one of them a key that exists', async () => {
    const last = '9000000000000000000'
    expect(await commit({ baseVersion: '2', key: 'id', inserts: [{ id: last, name: 'the largest key' }] })).toMatchObject({ ok: true, value: { version: '3' } })
    // 9,000 keys of 16 digits take three filters of 65,536 characters; the existing key sorts into the last.
    const ids = Array.from({ length: 9_000 }, (_, i) => String(1_000_000_000_000_000n + BigInt(i)))
    const taken = await commit({ baseVersion: '3', key: 'id', inserts: [...ids, last].map((id) => ({ id, name: `n${id}` })) })
    expect(taken).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: `A row with id ${last} already exists; change that row instead of adding another.` }
    })
    const added = await commit({ baseVersion: '3', key: 'id', inserts: ids.map((id) => ({ id, name: `n${id}` })) })
    expect(added).toMatchObject({ ok: true, value: { kind: 'committed', version: '4', inserted: 9_000 } })
  }, 120_000)

  it('writes nothing when the table is no longer at the version the merge expects', async () => {
    const handle = (await app.core.registry.client(app.connectionId)).table(table)
    const rows = arrow.tableToIPC(seedRows(1), 'stream')
    const refused = await handle.mergeRows({ on: 'id', rows, expectedVersion: '1' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TableMoved)
    expect((refused as TableMoved).version).toBe('2')
    const lance = await openItems()
    expect(await lance.version()).toBe(2)
    lance.close()
    expect(await handle.mergeRows({ on: 'id', rows, expectedVersion: '2' })).toEqual({ version: '3', updated: 1, inserted: 0, deleted: 0 })
  }, 60_000)

  it('refuses bad values, unknown columns, missing rows and hostile sizes with a clear invalid_request', async () => {
    const base = { baseVersion: '2', key: 'id' }
    const bad = await commit({ ...base, updates: [{ key: '3', values: { big: '3.14', nope: '1' } }] })
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: 'Row id 3: "3.14" is not a whole number (int64) (column big) (and 1 more problem).' }
    })
    expect(!bad.ok && bad.error.details?.issues).toEqual([
      'Row id 3: "3.14" is not a whole number (int64) (column big)',
      'Row id 3: the table has no column nope'
    ])
    expect(await commit({ ...base, updates: [{ key: '999', values: { name: 'x' } }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: 'No row has id 999 at version 2, so it cannot be changed or deleted.' }
    })
    expect(await commit({ ...base, inserts: [{ id: '3' }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: expect.stringContaining('A row with id 3 already exists') }
    })
    expect(await commit({ ...base, key: 'name', updates: [{ key: 'row 3', values: { big: '1' } }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: "The table's primary key is id; edits are matched on it, not on name." }
    })
    expect(await commit({ ...base, updates: [{ key: '3', values: { blob: 'AAAA' } }] })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('bytes cannot be typed') }
    })
    expect(await commit({ ...base, inserts: [{ id: '40', big: null, name: 'x', at: 'soon' }] })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('is not a timestamp') }
    })
    expect(await commit({ ...base, updates: [{ key: '3', values: { id: '4' } }] })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('the key column id cannot be changed') }
    })
    expect(await commit({ ...base, deletes: Array.from({ length: 100_001 }, (_, i) => String(i)) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' }
    })
    expect(await commit({ ...base, updates: [{ key: '3', values: { name: 'x'.repeat(1_000_001) } }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: expect.stringContaining('at most 1,000,000 characters') }
    })
    expect(await commit({ ...base })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: expect.stringContaining('There are no edits to commit.') }
    })
    const lance = await openItems()
    expect(await lance.version()).toBe(2)
    lance.close()
  }, 60_000)
})

describe('row edits with a read-only key', () => {
  let app: CatalogApp

  beforeEach(async () => {
    app = await startAppOverCatalog('lcb-edits-read-only', (root) => buildItems(root, 5, false), {
      server: { apiKeys: ['reader:read'] },
      headers: ['x-api-key: reader']
    })
  }, 60_000)

  afterEach(() => app.close())

  it('answers the refusal, and from then on says editing is not possible and why', async () => {
    const { core, connectionId } = app
    const table = { namespace: [], name: 'items' }
    const before = await call<Editability>(core, 'tables:editability', { connectionId, table })
    expect(before).toMatchObject({ ok: true, value: { editable: true, primaryKey: null, keyColumns: ['id', 'big', 'name'] } })
    const refused = await call<CommitEditsResult>(core, 'tables:commitEdits', {
      connectionId,
      table,
      baseVersion: '1',
      key: 'id',
      updates: [{ key: '1', values: { name: 'x' } }],
      inserts: [],
      deletes: [],
      overwrite: []
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'permission_denied' } })
    const after = await call<Editability>(core, 'tables:editability', { connectionId, table })
    expect(after).toMatchObject({ ok: true, value: { editable: false, reason: expect.stringContaining('Writes on this connection were refused') } })
  }, 60_000)
})

describe('row edits on a metadata-only REST catalog', () => {
  let app: CatalogApp
  const log: string[] = []

  beforeEach(async () => {
    app = await startAppOverCatalog('lcb-edits-metadata-only', (root) => buildItems(root, 5, false), {
      server: { dataRoutes: false, log: (line) => log.push(line) }
    })
  }, 60_000)

  afterEach(() => app.close())

  it("writes the commit at the table's location, as the catalog's other data", async () => {
    const { core, connectionId } = app
    const table = { namespace: [], name: 'items' }
    // Reading rows teaches the connection that the catalog serves metadata only.
    expect(await call(core, 'tables:readRows', { connectionId, table, offset: 0, limit: 5 })).toMatchObject({ ok: true })
    const committed = await call<CommitEditsResult>(core, 'tables:commitEdits', {
      connectionId,
      table,
      baseVersion: '1',
      key: 'id',
      updates: [{ key: '2', values: { name: 'at the location' } }],
      inserts: [],
      deletes: ['3'],
      overwrite: []
    })
    expect(committed).toMatchObject({ ok: true, value: { kind: 'committed', version: '2', updated: 1, deleted: 1 } })
    expect(log.some((line) => line.includes('/merge_insert'))).toBe(false)
    const rows = await readBack(await openLance(app.root))
    expect([rows.size, rows.get(2n)!['name'], rows.has(3n)]).toEqual([4, 'at the location', false])
  }, 60_000)
})

describe('row edits matched on a column with repeated values', () => {
  let app: CatalogApp

  beforeEach(async () => {
    app = await startAppOverCatalog('lcb-edits-repeated', async (root) => {
      const db = await connectNamespace('dir', { root })
      const tags = arrow.vectorFromArray(['a', 'b', 'a'], new Utf8())
      ;(await db.createTable('tagged', new Table({ id: arrow.vectorFromArray([1n, 2n, 3n], new Int64()), tag: tags }))).close()
      db.close()
    })
  }, 60_000)

  afterEach(() => app.close())

  it('refuses the key, naming a repeated value, and writes nothing', async () => {
    const { core, connectionId } = app
    const table = { namespace: [], name: 'tagged' }
    const base = { connectionId, table, baseVersion: '1', inserts: [], deletes: [], overwrite: [] }
    expect(await call<CommitEditsResult>(core, 'tables:commitEdits', { ...base, key: 'tag', updates: [{ key: 'a', values: { id: '9' } }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: expect.stringContaining('Column tag does not identify rows: tag a names more than one row at version 1.') }
    })
    expect(await call<CommitEditsResult>(core, 'tables:commitEdits', { ...base, key: '_rowid', updates: [{ key: '0', values: { tag: 'x' } }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', message: expect.stringContaining('_rowid') }
    })
    expect(await call<CommitEditsResult>(core, 'tables:commitEdits', { ...base, key: 'tag', updates: [{ key: 'b', values: { id: '9' } }] })).toMatchObject({
      ok: true,
      value: { kind: 'committed', version: '2', updated: 1 }
    })
  }, 60_000)
})

describe.each(kinds)('many deletes on $name', ({ rest }) => {
  let app: CatalogApp
  const log: string[] = []
  const table = { namespace: [], name: 'items' }

  beforeEach(async () => {
    log.length = 0
    const server = rest ? { server: { log: (line: string) => log.push(line) } } : {}
    app = await startAppOverCatalog('lcb-edits-deletes', (root) => buildItems(root, 25_000, true), server)
  }, 120_000)

  afterEach(() => app.close())

  it('commits 20,000 deletes with an update and an insert as exactly one version, the other rows read back exactly', async () => {
    // Every id but each fifth: 20,000 keys, far more than one SQL filter or a URL holds.
    const deletes = Array.from({ length: 25_000 }, (_, i) => i + 1)
      .filter((id) => id % 5 !== 0)
      .map(String)
    const result = await call<CommitEditsResult>(app.core, 'tables:commitEdits', {
      connectionId: app.connectionId,
      table,
      baseVersion: '2',
      key: 'id',
      updates: [{ key: '10', values: { name: 'kept and changed' } }],
      inserts: [{ id: '9007199254740993', name: 'added' }],
      deletes,
      overwrite: []
    })
    expect(result).toEqual({ ok: true, value: { kind: 'committed', version: '3', previousVersion: '2', updated: 1, inserted: 1, deleted: 20_000 } })
    // Over REST the deletes do not fit the merge_insert route's URL, so the table's location took the merge.
    if (rest) expect(log.filter((line) => /\/items\/merge_insert/.test(line))).toEqual([])

    const lance = await openLance(app.root)
    expect(await lance.version()).toBe(3)
    const rows = await readBack(lance)
    lance.close()
    expect(rows.size).toBe(5_001)
    expect(rows.get(9007199254740993n)).toMatchObject({ name: 'added', big: null })
    expect(rows.get(10n)).toMatchObject({ name: 'kept and changed', big: BIG + 10n, at: 1704067200000000010n })
    const seed = new Map(
      seedRows(25_000)
        .toArray()
        .map((row) => [row!.id as bigint, row!.toJSON() as Record<string, unknown>])
    )
    let exact = 0
    for (const [id, row] of rows) {
      if (id === 10n || id === 9007199254740993n) continue
      const want = seed.get(id)!
      expect(id % 5n).toBe(0n)
      if (
        row['big'] === want['big'] &&
        row['name'] === want['name'] &&
        row['at'] === 1704067200000000000n + id &&
        Array.from(row['blob'] as Uint8Array).join() === Array.from(want['blob'] as Uint8Array).join()
      )
        exact++
    }
    expect(exact).toBe(4_999)
  }, 120_000)
})
