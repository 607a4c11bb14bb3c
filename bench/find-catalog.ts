/**
 * Builds (once, then reuses) the benchmark catalog of `bench:find`: leaf namespaces on
 * three levels, each holding tables of `columns` columns (an `id`, a 768-dimension
 * `embedding` vector, the rest strings), made through LanceDB's directory namespace so
 * the reference server serves it exactly as it would any catalog. Creates run a few at
 * once (every one commits to the catalog's manifest, so more only adds retries).
 */
import { access, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { Field, FixedSizeList, Float32, Int64, Schema, Table, Utf8, tableToIPC } from 'apache-arrow'
import { tableForLance } from '../src/catalog/arrow-schema'

/** The shape of the benchmark catalog. */
export interface CatalogShape {
  /** Namespaces per level; leaves = fanout^3. */
  readonly fanout: number
  readonly tables: number
  readonly columns: number
}

/** Name of leaf `i`'s table `j`: unique across the catalog. */
export function tableName(leaf: number, j: number): string {
  return `events_${String(leaf).padStart(4, '0')}_${j}`
}

/** The leaf namespaces in creation order, as paths. */
export function leafPaths(fanout: number): string[][] {
  const paths: string[][] = []
  for (let a = 0; a < fanout; a++)
    for (let b = 0; b < fanout; b++) for (let c = 0; c < fanout; c++) paths.push([`region_${a}`, `team_${a}_${b}`, `project_${a}_${b}_${c}`])
  return paths
}

/** Creates at once while building. */
const BUILD_CONCURRENCY = 4

/** Runs `work` over `items` with at most `limit` at once. */
async function eachBounded<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++
      await work(items[at] as T, at)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** The folder of a catalog of this shape (built if missing) and whether an earlier run's build was reused; `log` hears progress. */
export async function benchCatalog(shape: CatalogShape, log: (line: string) => void): Promise<{ root: string; reused: boolean }> {
  const root = join(tmpdir(), 'lcb-bench-find', `f${shape.fanout}-t${shape.tables}-c${shape.columns}`)
  const done = join(root, '.complete')
  if (
    await access(done).then(
      () => true,
      () => false
    )
  )
    return { root, reused: true }
  await rm(root, { recursive: true, force: true })
  await mkdir(root, { recursive: true })
  const fields: Field[] = [new Field('id', new Int64(), false), new Field('embedding', new FixedSizeList(768, new Field('item', new Float32(), true)), true)]
  for (let i = fields.length; i < shape.columns; i++) fields.push(new Field(`attr_${i}`, new Utf8(), true))
  const schema = tableForLance(tableToIPC(new Table(new Schema(fields)), 'stream')).schema
  const db = await connectNamespace('dir', { root })
  const started = performance.now()
  const seconds = (): string => `${((performance.now() - started) / 1000).toFixed(0)} s`
  try {
    const leaves = leafPaths(shape.fanout)
    // Namespaces level by level (a child needs its parent), then every table.
    for (let depth = 1; depth <= 3; depth++) {
      const level = [...new Map(leaves.map((path) => [path.slice(0, depth).join('$'), path.slice(0, depth)])).values()]
      await eachBounded(level, BUILD_CONCURRENCY, async (path) => void (await db.createNamespace(path)))
    }
    log(`  built ${leaves.length} leaf namespaces and their parents (${seconds()})`)
    const tables = leaves.flatMap((path, leaf) => Array.from({ length: shape.tables }, (_, j) => ({ path, name: tableName(leaf, j) })))
    const step = Math.max(1, Math.round(tables.length / 20))
    await eachBounded(tables, BUILD_CONCURRENCY, async ({ path, name }, at) => {
      ;(await db.createEmptyTable(name, schema, path)).close()
      if (at % step === step - 1) log(`  built about ${at + 1} of ${tables.length} tables (${seconds()})`)
    })
  } finally {
    db.close()
  }
  await writeFile(done, '')
  return { root, reused: false }
}
