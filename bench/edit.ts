/**
 * Committing staged row edits on a 1,000,000-row table: 1, 100 and 10,000 updated rows,
 * each batch with 100 added and 100 deleted rows, on a directory catalog on local disk and on
 * a slow object store (s3rver behind the delay proxy, 15 ms per request, requests counted).
 * The app's path is the `tables:commitEdits` handler in this process, as the page calls it:
 * cell texts parsed again against the schema, the edited rows read at the base version, the
 * key's uniqueness checked, then one merge insert. The anchor is LanceDB's SDK doing the same
 * same work directly: read the edited rows (`id IN (...)`, sorted), build them whole with the
 * new values, and one `mergeInsert('id').whenMatchedUpdateAll().whenNotMatchedInsertAll()
 * .whenNotMatchedBySourceDelete({ where })`; its merge alone is printed too. Each contender
 * edits its own copy of the table, the same edits in the same round, by turns; the first
 * round warms up. Prints medians of time and object-store requests, and app / SDK, beside
 * the goal (1.3x).
 *
 * Run: npm run bench:edit [-- local | s3]   (both targets by default)
 * Env: EDIT_ROWS (1000000), EDIT_ROUNDS (3), EDIT_DELAY_MS (15)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectNamespace, type Table as LanceTable } from '@lancedb/lancedb'
import { Field, Float64, Int64, Schema, Table, TimestampMicrosecond, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow'
import { tableForLance } from '../src/catalog/arrow-schema'
import { setUpApp, type AppCore } from '../src/main/app-setup'
import { dispatch } from '../src/main/ipc/dispatch'
import type { CommitEditsResult } from '../src/shared/contract/edits'
import type { IpcResult } from '../src/shared/ipc-channels'
import { mulberry32, type Rng } from '../test-kit/prng'
import { startSlowStore, storageProperties, type SlowStore, type StorageOptions } from './remote/slow-store'
import { formatResults, type ResultRow, type Sample } from './remote/turns'

function envWhole(name: string, fallback: number, least: number): number {
  const value = Number(process.env[name])
  return Number.isInteger(value) && value >= least ? value : fallback
}

const ROWS = envWhole('EDIT_ROWS', 1_000_000, 20_000)
const ROUNDS = envWhole('EDIT_ROUNDS', 3, 1)
const DELAY_MS = envWhole('EDIT_DELAY_MS', 15, 0)
const TARGETS = process.argv.slice(2).filter((arg) => arg !== '--')
const UPDATES = [1, 100, 10_000]
const INSERTS = 100
const DELETES = 100
const BATCH = 100_000
const GOAL_RATIO = 1.3
const CATEGORIES = ['red', 'green', 'blue', 'amber', 'violet']

const schema = new Schema([
  new Field('id', new Int64(), false),
  new Field('name', new Utf8(), true),
  new Field('score', new Float64(), true),
  new Field('at', new TimestampMicrosecond(), true),
  new Field('category', new Utf8(), true)
])

/** Rows with ids [first, first + count), the same on every run. */
function rowsFrom(first: number, count: number): Table {
  const rng = mulberry32(first)
  const ids = Array.from({ length: count }, (_, i) => BigInt(first + i))
  return new Table(schema, {
    id: vectorFromArray(ids, new Int64()),
    name: vectorFromArray(
      ids.map((id) => `item ${id}`),
      new Utf8()
    ),
    score: vectorFromArray(
      ids.map(() => rng.next() * 1000),
      new Float64()
    ),
    at: vectorFromArray(
      ids.map((id) => 1_704_067_200_000 + Number(id) * 1000),
      new TimestampMicrosecond()
    ),
    category: vectorFromArray(
      ids.map((_, i) => CATEGORIES[i % CATEGORIES.length]!),
      new Utf8()
    )
  } as never)
}

/** One round's edits, the same for both contenders. */
interface Edits {
  readonly updates: readonly bigint[]
  readonly inserts: readonly bigint[]
  readonly deletes: readonly bigint[]
}

/** Picks the round's edits: updated and deleted rows among those still there, new ids for added rows. */
function editsFor(updates: number, alive: Set<bigint>, nextId: { value: bigint }, rng: Rng): Edits {
  const pick = (count: number, taken: Set<bigint>): bigint[] => {
    const chosen: bigint[] = []
    while (chosen.length < count) {
      const id = BigInt(1 + rng.int(ROWS))
      if (alive.has(id) && !taken.has(id)) {
        taken.add(id)
        chosen.push(id)
      }
    }
    return chosen
  }
  const taken = new Set<bigint>()
  const updated = pick(updates, taken)
  const deleted = pick(DELETES, taken)
  const inserted = Array.from({ length: INSERTS }, () => nextId.value++)
  for (const id of deleted) alive.delete(id)
  for (const id of inserted) alive.add(id)
  return { updates: updated, inserts: inserted, deletes: deleted }
}

const updatedName = (id: bigint, round: number): string => `edited ${id} in round ${round}`

/** The app's request: changed cells as text, as the grid sends them. */
function appRequest(connectionId: string, baseVersion: string, edits: Edits, round: number): object {
  return {
    connectionId,
    table: { namespace: [], name: 'app' },
    baseVersion,
    key: 'id',
    updates: edits.updates.map((id) => ({ key: String(id), values: { name: updatedName(id, round), score: String(round) } })),
    inserts: edits.inserts.map((id) => ({ id: String(id), name: `added ${id}`, score: '0.5', at: '2024-05-31T12:30:00.123', category: 'new' })),
    deletes: edits.deletes.map(String),
    overwrite: []
  }
}

/** The SDK's source: the updated rows whole (read before the clock starts) and the added rows. */
async function sdkSource(table: LanceTable, edits: Edits, round: number): Promise<Table> {
  const current = await table
    .query()
    .where(`id IN (${[...edits.updates].sort((a, b) => (a < b ? -1 : 1)).join(',')})`)
    .toArray()
  const ids = [...current.map((row) => row.id as bigint), ...edits.inserts]
  const updated = current.length
  return new Table(schema, {
    id: vectorFromArray(ids, new Int64()),
    name: vectorFromArray(
      ids.map((id, i) => (i < updated ? updatedName(id, round) : `added ${id}`)),
      new Utf8()
    ),
    score: vectorFromArray(
      ids.map((_, i) => (i < updated ? round : 0.5)),
      new Float64()
    ),
    at: vectorFromArray(
      ids.map((_, i) => (i < updated ? (current[i]!.at as number) : 1_717_158_600_123)),
      new TimestampMicrosecond()
    ),
    category: vectorFromArray(
      ids.map((_, i) => (i < updated ? (current[i]!.category as string) : 'new')),
      new Utf8()
    )
  } as never)
}

interface Target {
  readonly label: string
  readonly root: string
  readonly storage: StorageOptions
  readonly requests: () => number
}

async function writeTable(target: Target, name: string): Promise<void> {
  const db = await connectNamespace('dir', { root: target.root, ...storageProperties(target.storage) })
  let table: LanceTable | null = null
  for (let first = 1; first <= ROWS; first += BATCH) {
    const data = tableForLance(tableToIPC(rowsFrom(first, Math.min(BATCH, ROWS - first + 1)), 'stream'))
    if (table === null) {
      table = await db.createTable(name, data as never, { storageOptions: { ...target.storage } })
      await table.setUnenforcedPrimaryKey('id')
    } else await table.add(data as never)
  }
  table?.close()
  db.close()
}

/** Runs `work`, with its time and the object-store requests made meanwhile. */
async function timed(target: Target, work: () => Promise<unknown>): Promise<Sample> {
  const before = target.requests()
  const begun = performance.now()
  await work()
  return { ms: performance.now() - begun, storeRequests: target.requests() - before, catalogRequests: 0 }
}

async function measure(target: Target, build: Target): Promise<void> {
  console.log(`\n${target.label}: writing two tables of ${ROWS.toLocaleString('en')} rows…`)
  const started = performance.now()
  await Promise.all([writeTable(build, 'app'), writeTable(build, 'sdk')])
  console.log(`  written in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const dataDir = await mkdtemp(join(tmpdir(), 'lcb-bench-edit-data-'))
  const core: AppCore = await setUpApp(
    { port: 0, dataDir: undefined, connections: [{ name: 'bench', type: 'dir', properties: { root: target.root, ...storageProperties(target.storage) } }] },
    dataDir,
    { info: { host: 'browser', version: 'bench' } }
  )
  const connectionId = core.registry.list()[0]!.id
  const db = await connectNamespace('dir', { root: target.root, ...storageProperties(target.storage) })
  const storageOptions = { ...target.storage }
  const sdkTable = await db.openTable('sdk', [], { storageOptions })
  const rows: ResultRow[] = []
  const mergeRows: ResultRow[] = []
  const alive = new Set(Array.from({ length: ROWS }, (_, i) => BigInt(i + 1)))
  const nextId = { value: BigInt(ROWS + 1) }
  let round = 0
  try {
    for (const updates of UPDATES) {
      const rng = mulberry32(updates)
      const app: Sample[] = []
      const sdk: Sample[] = []
      const merges: Sample[] = []
      for (let r = 0; r <= ROUNDS; r++) {
        round++
        const edits = editsFor(updates, alive, nextId, rng)
        // What the page knows before Commit: the version it edited (from tables:editability).
        const opened = await db.openTable('app', [], { storageOptions })
        const baseVersion = String(await opened.version())
        opened.close()
        const request = appRequest(connectionId, baseVersion, edits, round)
        const appSample = await timed(target, async () => {
          const answer = (await dispatch(core.handlers, 'tables:commitEdits', request as never)) as IpcResult<CommitEditsResult>
          if (!answer.ok || answer.value.kind !== 'committed') throw new Error(`The app did not commit: ${JSON.stringify(answer)}`)
        })
        // The SDK does the same work: reads the edited rows, builds them whole with the new values, merges.
        const where = `id IN (${edits.deletes.join(',')})`
        let mergeSample: Sample | null = null
        const sdkSample = await timed(target, async () => {
          const source = tableForLance(tableToIPC(await sdkSource(sdkTable, edits, round), 'stream'))
          mergeSample = await timed(target, () =>
            sdkTable
              .mergeInsert('id')
              .whenMatchedUpdateAll()
              .whenNotMatchedInsertAll()
              .whenNotMatchedBySourceDelete({ where })
              .execute(source as never)
          )
        })
        if (r > 0) {
          app.push(appSample)
          sdk.push(sdkSample)
          merges.push(mergeSample!)
        }
      }
      const workload = `${updates.toLocaleString('en')} updates + ${INSERTS} inserts + ${DELETES} deletes`
      rows.push({ workload, app, sdk })
      mergeRows.push({ workload, app, sdk: merges })
    }
  } finally {
    sdkTable.close()
    db.close()
    await core.close()
    await rm(dataDir, { recursive: true, force: true })
  }
  console.log('  against the SDK doing the same work (read the edited rows with id IN (...), build them whole, one merge insert):')
  console.log(formatResults(rows))
  console.log(`  goal: app within ${GOAL_RATIO}x of the SDK's time`)
  console.log("  against the SDK's merge insert alone (its source rows already in hand):")
  console.log(formatResults(mergeRows))
}

async function main(): Promise<void> {
  const unknown = TARGETS.filter((t) => t !== 'local' && t !== 's3')
  if (unknown.length > 0) throw new Error(`Targets are local and s3, not ${unknown.join(', ')}.`)
  const targets = TARGETS.length > 0 ? TARGETS : ['local', 's3']
  console.log(
    `bench:edit, ${new Date().toISOString()}, ${ROWS.toLocaleString('en')} rows, ${ROUNDS} rounds after a warm-up, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start`
  )
  for (const which of targets) {
    if (which === 'local') {
      const folder = await mkdtemp(join(tmpdir(), 'lcb-bench-edit-'))
      try {
        const local: Target = { label: 'local: a directory catalog on disk', root: join(folder, 'catalog'), storage: {}, requests: () => 0 }
        await measure(local, local)
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    } else {
      const store: SlowStore = await startSlowStore(DELAY_MS)
      try {
        const root = `s3://${store.bucket}/catalog`
        await measure(
          { label: `s3: a directory catalog on s3rver behind a ${DELAY_MS} ms proxy`, root, storage: store.slow, requests: () => store.proxy.counts().total },
          { label: 'setup', root, storage: store.direct, requests: () => 0 }
        )
      } finally {
        await store.close()
      }
    }
  }
}

await main()
