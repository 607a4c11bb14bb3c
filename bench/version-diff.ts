/**
 * Counting the changes between two versions of a 1,000,000-row table with 1,000 changes
 * (400 rows added, 300 deleted, 300 updated), on a directory catalog on local disk: by row
 * lineage on a table made with stable row ids, and by the key column `id` on one made
 * without. The app's path is the table handle's `diffVersions`; the anchor is LanceDB's SDK
 * doing the same work directly (lineage: the same three filtered counts; key: the key and
 * row address of every row at both versions into maps, compared). Prints the median of
 * the rounds (the first warms up) and app / SDK. Then the changed rows: the first page of
 * 50 updated rows on a connection that has not compared the two versions yet (which works
 * out every changed row's id first), and a page of added rows after it (from what the
 * first kept).
 *
 * Run: npm run bench:version-diff
 * Env: DIFF_ROWS (1000000), DIFF_ROUNDS (3)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect, type Table } from '@lancedb/lancedb'
import { openDirNamespace } from '../src/catalog/dir/dir-namespace'

const ROWS = Math.max(20_000, Number(process.env['DIFF_ROWS']) || 1_000_000)
const ROUNDS = Math.max(1, Number(process.env['DIFF_ROUNDS']) || 3)
const APPENDS = 10

const batch = (first: number, n: number): { id: number; v: number; s: string }[] =>
  Array.from({ length: n }, (_, i) => ({ id: first + i, v: (first + i) * 1.5, s: `row ${first + i}` }))

/** The table, its version before the changes and after. */
async function build(root: string, stable: boolean): Promise<{ from: number; to: number }> {
  const db = await connect(root)
  const per = ROWS / APPENDS
  const t = await db.createTable('t', batch(0, per), stable ? { storageOptions: { new_table_enable_stable_row_ids: 'true' } } : {})
  for (let k = 1; k < APPENDS; k++) await t.add(batch(k * per, per))
  const from = await t.version()
  await t.add(batch(ROWS, 400))
  await t.delete('id < 300')
  await t.update({ where: `id >= ${ROWS / 2} AND id < ${ROWS / 2 + 300}`, values: { v: '0' } })
  const to = await t.version()
  t.close()
  db.close()
  return { from, to }
}

async function sdkLineage(t: Table, from: number, to: number): Promise<string> {
  await t.checkout(from)
  const before = await t.countRows()
  await t.checkout(to)
  const added = await t.countRows(`_row_created_at_version > ${from}`)
  const updated = await t.countRows(`_row_created_at_version <= ${from} AND _row_last_updated_at_version > ${from}`)
  const deleted = before - ((await t.countRows()) - added)
  return `+${added} -${deleted} ~${updated}`
}

async function sdkKey(t: Table, from: number, to: number): Promise<string> {
  const read = async (version: number): Promise<Map<number, bigint>> => {
    await t.checkout(version)
    const out = new Map<number, bigint>()
    for await (const b of t.query().withRowId().select(['id', '_rowaddr'])) {
      const ids = b.getChild('id')!.toArray() as Float64Array
      const addresses = b.getChild('_rowaddr')!.toArray() as BigUint64Array
      for (let i = 0; i < b.numRows; i++) out.set(ids[i]!, addresses[i]!)
    }
    return out
  }
  const a = await read(from)
  const b = await read(to)
  let added = 0
  let moved = 0
  for (const [k, address] of b) {
    const old = a.get(k)
    if (old === undefined) added++
    else if (old !== address) moved++
  }
  return `+${added} -${a.size - (b.size - added)} ~${moved} moved`
}

async function time(run: () => Promise<string>): Promise<{ ms: number; answer: string }> {
  const start = performance.now()
  const answer = await run()
  return { ms: performance.now() - start, answer }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function main(): Promise<void> {
  console.log(`Changes between two versions of a ${ROWS.toLocaleString('en-US')}-row table with 1,000 changes; ${ROUNDS} rounds after a warm-up`)
  for (const stable of [true, false]) {
    const root = await mkdtemp(join(tmpdir(), 'bench-version-diff-'))
    try {
      const { from, to } = await build(root, stable)
      const client = await openDirNamespace(root)
      const db = await connect(root)
      const sdkTable = await db.openTable('t')
      const app = (): Promise<string> =>
        client
          .table({ namespace: [], name: 't' })
          .diffVersions({ from: String(from), to: String(to), ...(stable ? {} : { key: 'id' }) })
          .then((d) => `+${d.added} -${d.deleted} ~${d.updated} (${d.method})`)
      const sdk = (): Promise<string> => (stable ? sdkLineage(sdkTable, from, to) : sdkKey(sdkTable, from, to))
      const appMs: number[] = []
      const sdkMs: number[] = []
      let answers = ['', '']
      for (let round = 0; round <= ROUNDS; round++) {
        const a = await time(app)
        const s = await time(sdk)
        answers = [a.answer, s.answer]
        if (round > 0) {
          appMs.push(a.ms)
          sdkMs.push(s.ms)
        }
      }
      const [a, s] = [median(appMs), median(sdkMs)]
      const method = stable ? 'row lineage (stable row ids)' : 'key column id (no stable row ids)'
      console.log(`${method}: app ${a.toFixed(0)} ms [${answers[0]}], SDK ${s.toFixed(0)} ms [${answers[1]}], app / SDK ${(a / s).toFixed(2)}`)
      const firstMs: number[] = []
      const nextMs: number[] = []
      let shown = ''
      for (let round = 0; round <= ROUNDS; round++) {
        const fresh = await openDirNamespace(root)
        const table = fresh.table({ namespace: [], name: 't' })
        const page = (kind: 'added' | 'updated') => () =>
          table
            .changedRows({ from: String(from), to: String(to), kind, offset: 0, limit: 50, ...(stable ? {} : { key: 'id' }) })
            .then((p) => `${p.rows.length} of ${p.total ?? 'unlisted'} ${kind}`)
        const first = await time(page('updated'))
        const next = await time(page('added'))
        shown = `${first.answer}, ${next.answer}`
        if (round > 0) {
          firstMs.push(first.ms)
          nextMs.push(next.ms)
        }
        await fresh.close()
      }
      console.log(`${method}, changed rows: first page ${median(firstMs).toFixed(0)} ms, a page after it ${median(nextMs).toFixed(0)} ms [${shown}]`)
      sdkTable.close()
      db.close()
      await client.close()
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  }
}

await main()
