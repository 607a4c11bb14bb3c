/**
 * Builds (once, then reuses) the benchmark catalog of `bench:find`: leaf namespaces on
 * three levels, each holding tables of `columns` columns (an `id`, a 768-dimension
 * `embedding` vector, the rest strings), made through LanceDB's directory namespace so
 * the reference server serves it exactly as it would any catalog.
 */
import { access, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import { Field, FixedSizeList, Float32, Int64, Schema, Table, Utf8, tableToIPC } from 'apache-arrow'
import { tableForLance } from '../src/main/namespace/arrow-schema'

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

/** The folder of a catalog of this shape, built if missing; `log` hears progress. */
export async function benchCatalog(shape: CatalogShape, log: (line: string) => void): Promise<string> {
  const root = join(tmpdir(), 'lcb-bench-find', `f${shape.fanout}-t${shape.tables}-c${shape.columns}`)
  const done = join(root, '.complete')
  if (
    await access(done).then(
      () => true,
      () => false
    )
  )
    return root
  await rm(root, { recursive: true, force: true })
  await mkdir(root, { recursive: true })
  const fields: Field[] = [new Field('id', new Int64(), false), new Field('embedding', new FixedSizeList(768, new Field('item', new Float32(), true)), true)]
  for (let i = fields.length; i < shape.columns; i++) fields.push(new Field(`attr_${i}`, new Utf8(), true))
  const schema = tableForLance(tableToIPC(new Table(new Schema(fields)), 'stream')).schema
  const db = await connectNamespace('dir', { root })
  const started = performance.now()
  try {
    const made = new Set<string>()
    const leaves = leafPaths(shape.fanout)
    for (const [leaf, path] of leaves.entries()) {
      for (let depth = 1; depth <= path.length; depth++) {
        const key = path.slice(0, depth).join('$')
        if (made.has(key)) continue
        await db.createNamespace(path.slice(0, depth))
        made.add(key)
      }
      for (let j = 0; j < shape.tables; j++) (await db.createEmptyTable(tableName(leaf, j), schema, path)).close()
      if (leaf % 50 === 49) log(`  built ${leaf + 1} of ${leaves.length} leaf namespaces (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
  } finally {
    db.close()
  }
  await writeFile(done, '')
  return root
}
