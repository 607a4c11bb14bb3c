/**
 * The catalog a newcomer sees when the app starts with no `--dir`/`--rest`: a folder in
 * the data dir, created on first run with one small example table so the tree, the
 * schema view and the row count have something to show.
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Field, FixedSizeList, Float32, Int32, Table, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow'
import { openDirNamespace } from '../catalog/dir/dir-namespace'

/** The folder, inside the data dir, of the default catalog. */
export function defaultCatalogRoot(dataDir: string): string {
  return join(dataDir, 'default-catalog')
}

/** Creates the default catalog with its example table, unless the folder already exists. */
export async function ensureDefaultCatalog(dataDir: string): Promise<string> {
  const root = defaultCatalogRoot(dataDir)
  if (await exists(root)) return root
  const client = await openDirNamespace(root)
  try {
    await client.createNamespace(['examples'])
    await client.createTable({ namespace: ['examples'], name: 'cities' }, exampleRows())
  } finally {
    await client.close()
  }
  return root
}

function exampleRows(): Uint8Array {
  const cities = [
    ['Lisbon', 545_000, [38.72, -9.14]],
    ['Osaka', 2_750_000, [34.69, 135.5]],
    ['Nairobi', 4_400_000, [-1.29, 36.82]],
    ['Toronto', 2_790_000, [43.65, -79.38]]
  ] as const
  const location = new FixedSizeList(2, new Field('item', new Float32(), true))
  const table = new Table({
    name: vectorFromArray(
      cities.map((c) => c[0]),
      new Utf8()
    ),
    population: vectorFromArray(
      cities.map((c) => c[1]),
      new Int32()
    ),
    location: vectorFromArray(
      cities.map((c) => [...c[2]]),
      location
    )
  })
  return tableToIPC(table, 'stream')
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}
