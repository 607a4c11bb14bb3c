/**
 * Whether LanceDB at some version reads the tables the app creates in a catalog that
 * version made: LanceDB writes a directory catalog with a table of its own, the app's dir
 * client creates a table in it in a chosen Lance data storage version, and LanceDB reads
 * both back. LanceDB 0.22, for one, reads 2.0 and 2.1 but not 0.39's default 2.2.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Int64, Table, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow'
import { openDirNamespace } from '../../src/catalog/dir/dir-namespace'
import type { DataStorageVersion } from '../../src/shared/data-storage-version'
import type { LanceDbSdk, WalkStep } from './lancedb-walk'

const ROWS = 25
const ids = Array.from({ length: ROWS }, (_, i) => i)
const appRows = tableToIPC(
  new Table({
    id: vectorFromArray(ids.map(BigInt), new Int64()),
    text: vectorFromArray(
      ids.map((i) => (i % 5 === 0 ? null : `app row ${i}`)),
      new Utf8()
    )
  }),
  'stream'
)

/** Runs the check in a scratch folder; `label` names the LanceDB version in the step names. */
export async function checkOldReader(sdk: LanceDbSdk, label: string, version: DataStorageVersion | undefined): Promise<WalkStep[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'lcb-interop-dir-'))
  const steps: WalkStep[] = []
  const step = async (name: string, run: () => Promise<string>): Promise<boolean> => {
    try {
      steps.push({ name, ok: true, detail: await run() })
      return true
    } catch (error) {
      steps.push({ name, ok: false, detail: oneLine(error instanceof Error ? error.message : String(error)) })
      return false
    }
  }
  const chosen = version ?? "LanceDB's default"
  try {
    const made = await step(`LanceDB ${label} makes a catalog`, async () => {
      const db = await sdk.connect(root)
      try {
        ;(
          await db.createTable(
            'made_by_lancedb',
            ids.map((id) => ({ id, text: `lancedb row ${id}` }))
          )
        ).close()
      } finally {
        db.close()
      }
      return `table "made_by_lancedb" (${ROWS} rows) in ${root}`
    })
    if (!made) return steps
    const created = await step(`the app creates in ${chosen}`, async () => {
      const client = await openDirNamespace(root)
      try {
        await client.createTable({ namespace: [], name: 'made_by_app' }, appRows, 'create', version ? { dataStorageVersion: version } : {})
        const listed = (await client.listTables([])).items
        expectEqual([...listed].sort(), ['made_by_app', 'made_by_lancedb'])
        return `table "made_by_app" (${ROWS} rows); the app lists ${listed.join(', ')}`
      } finally {
        await client.close()
      }
    })
    if (!created) return steps
    for (const name of ['made_by_app', 'made_by_lancedb']) {
      await step(`LanceDB ${label} reads ${name}`, async () => {
        const db = await sdk.connect(root)
        try {
          const table = await db.openTable(name)
          try {
            const read = await table.query().toArray()
            expectEqual(
              read.map((row) => Number(row['id'])).sort((a, b) => a - b),
              ids
            )
            return `${read.length} rows`
          } finally {
            table.close()
          }
        } finally {
          db.close()
        }
      })
    }
    return steps
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

function expectEqual(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300)
}
