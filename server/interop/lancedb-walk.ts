/**
 * The walk a LanceDB user takes through a REST catalog with LanceDB's own JavaScript SDK:
 * create, list (paginated), open, schema, count, query, searches, explain, indexes,
 * versions, add, update, delete, merge insert, checkout and drop, each step checking what
 * LanceDB answers. It takes the SDK as a module, so the same walk runs at the project's
 * LanceDB version (the acceptance test) and at any other (`npm run interop -- VERSION`).
 * Only plain rows cross into the SDK, never Arrow objects, so any SDK's own Arrow copy works.
 */

/** The part of LanceDB's SDK the walk uses (its shape has held since 0.2x). */
export interface LanceDbSdk {
  connect(uri: string, options?: Record<string, unknown>): Promise<SdkConnection>
  connectNamespace?(impl: string, properties: Record<string, unknown>): Promise<SdkConnection>
  readonly Index: { fts(): unknown }
}

interface SdkConnection {
  createTable(name: string, rows: Record<string, unknown>[]): Promise<SdkTable>
  openTable(name: string): Promise<SdkTable>
  tableNames(options?: { limit?: number; startAfter?: string }): Promise<string[]>
  dropTable(name: string): Promise<void>
  close(): void
}

interface SdkQuery {
  limit(n: number): SdkQuery
  where(filter: string): SdkQuery
  fullTextSearch(text: string): SdkQuery
  toArray(): Promise<Record<string, unknown>[]>
  explainPlan(verbose?: boolean): Promise<string>
}

interface SdkMerge {
  whenMatchedUpdateAll(): SdkMerge
  whenNotMatchedInsertAll(): SdkMerge
  execute(rows: Record<string, unknown>[]): Promise<unknown>
}

interface SdkTable {
  schema(): Promise<{ fields: { name: string }[] }>
  countRows(filter?: string): Promise<number>
  query(): SdkQuery
  vectorSearch(vector: number[]): SdkQuery
  createIndex(column: string, options: { config: unknown }): Promise<void>
  listIndices(): Promise<{ name: string; columns: string[] }[]>
  listVersions(): Promise<{ version: number; timestamp: Date }[]>
  version(): Promise<number>
  add(rows: Record<string, unknown>[]): Promise<unknown>
  update(options: { where: string; values: Record<string, unknown> }): Promise<unknown>
  delete(predicate: string): Promise<unknown>
  mergeInsert(on: string): SdkMerge
  checkout(version: number): Promise<void>
  checkoutLatest(): Promise<void>
  close(): void
}

/** How the walk reaches the catalog: LanceDB's remote client or its REST namespace client. */
export type WalkMode = 'remote' | 'namespace'

/** One step's outcome. */
export interface WalkStep {
  readonly name: string
  readonly ok: boolean
  /** What LanceDB answered, or why the step failed. */
  readonly detail: string
}

/** Where the catalog server is and the key it takes. */
export interface WalkTarget {
  readonly url: string
  readonly apiKey: string
}

const ROWS = Array.from({ length: 20 }, (_, i) => ({ id: i, text: `word${i} hello`, vector: [i, i + 1] }))

/** Runs every step against the server at `target`; a failing step does not stop the ones after it. */
export async function walkLanceDb(sdk: LanceDbSdk, mode: WalkMode, target: WalkTarget): Promise<WalkStep[]> {
  const steps: WalkStep[] = []
  const step = async (name: string, run: () => Promise<string>): Promise<void> => {
    try {
      steps.push({ name, ok: true, detail: await run() })
    } catch (error) {
      steps.push({ name, ok: false, detail: oneLine(error instanceof Error ? error.message : String(error)) })
    }
  }
  let db: SdkConnection
  try {
    db = await connectTo(sdk, mode, target)
  } catch (error) {
    return [{ name: 'connect', ok: false, detail: oneLine(error instanceof Error ? error.message : String(error)) }]
  }
  let table: SdkTable | null = null
  const items = (): SdkTable => {
    if (!table) throw new Error('the table was never opened')
    return table
  }
  try {
    await step('create', async () => {
      const created = await db.createTable('items', ROWS)
      created.close()
      ;(await db.createTable('extra', [{ id: 1, text: 'x', vector: [0, 0] }])).close()
      return 'tables "items" (20 rows) and "extra"'
    })
    await step('list (paginated)', async () => {
      const first = await db.tableNames({ limit: 1 })
      const second = await db.tableNames({ limit: 1, startAfter: first[0] ?? '' })
      expectEqual([...first, ...second], ['extra', 'items'])
      return `${JSON.stringify(first)} then ${JSON.stringify(second)}`
    })
    await step('open', async () => {
      table = await db.openTable('items')
      return 'opened "items"'
    })
    await step('open a missing table', async () => {
      const missing = await db.openTable('nowhere').then(
        (opened) => (opened.close(), null),
        (error: unknown) => (error instanceof Error ? error.message : String(error))
      )
      if (missing === null) throw new Error('opening a table that does not exist succeeded')
      if (!/not found|does not exist/i.test(missing)) throw new Error(`the error does not say the table is missing: ${missing}`)
      return oneLine(missing)
    })
    await step('schema', async () => {
      const names = (await items().schema()).fields.map((field) => field.name)
      expectEqual(names, ['id', 'text', 'vector'])
      return names.join(', ')
    })
    await step('count', async () => {
      expectEqual([await items().countRows(), await items().countRows('id < 5')], [20, 5])
      return '20 rows, 5 with id < 5'
    })
    await step('query with a limit', async () => {
      expectEqual((await items().query().limit(3).toArray()).length, 3)
      return '3 rows'
    })
    await step('query without a limit', async () => {
      const rows = await items().query().toArray()
      expectEqual(
        rows.map((row) => Number(row['id'])).sort((a, b) => a - b),
        ROWS.map((row) => row.id)
      )
      return `${rows.length} rows`
    })
    await step('vector search', async () => {
      const rows = await items().vectorSearch([3, 4]).limit(2).toArray()
      expectEqual(Number(rows[0]?.['id']), 3)
      return `nearest id ${String(rows[0]?.['id'])}, distance ${String(rows[0]?.['_distance'])}`
    })
    await step('full-text search', async () => {
      await items().createIndex('text', { config: sdk.Index.fts() })
      const rows = await items().query().fullTextSearch('word7').limit(5).toArray()
      expectEqual(
        rows.map((row) => Number(row['id'])),
        [7]
      )
      return 'found id 7 for "word7"'
    })
    await step('explain', async () => {
      const limited = await items().query().limit(5).explainPlan()
      const whole = await items().query().where('id > 2').explainPlan()
      if (limited.trim() === '' || whole.trim() === '') throw new Error('an empty plan')
      return oneLine(whole).slice(0, 80)
    })
    await step('indexes', async () => {
      const indexes = await items().listIndices()
      if (!indexes.some((index) => index.columns.includes('text'))) throw new Error(`no index on "text" in ${JSON.stringify(indexes)}`)
      return indexes.map((index) => index.name).join(', ')
    })
    await step('versions', async () => {
      const versions = await items().listVersions()
      if (versions.length < 2 || !versions.every((v) => Number.isInteger(v.version) && v.timestamp instanceof Date))
        throw new Error(`versions: ${JSON.stringify(versions)}`)
      expectEqual(await items().version(), versions[versions.length - 1]?.version)
      return `${versions.length} versions, latest ${versions[versions.length - 1]?.version}`
    })
    await step('add', async () => {
      await items().add([{ id: 100, text: 'added', vector: [9, 9] }])
      expectEqual(await items().countRows(), 21)
      return '21 rows'
    })
    await step('update', async () => {
      await items().update({ where: 'id = 100', values: { text: 'changed' } })
      expectEqual((await items().query().where('id = 100').toArray())[0]?.['text'], 'changed')
      return 'id 100 now "changed"'
    })
    await step('delete', async () => {
      await items().delete('id = 100')
      expectEqual(await items().countRows(), 20)
      return '20 rows'
    })
    await step('merge insert', async () => {
      await items()
        .mergeInsert('id')
        .whenMatchedUpdateAll()
        .whenNotMatchedInsertAll()
        .execute([
          { id: 1, text: 'merged', vector: [1, 2] },
          { id: 200, text: 'new', vector: [5, 5] }
        ])
      expectEqual(await items().countRows(), 21)
      expectEqual((await items().query().where('id = 1').toArray())[0]?.['text'], 'merged')
      return 'id 1 updated, id 200 inserted'
    })
    await step('checkout', async () => {
      await items().checkout(1)
      const count = await items().countRows()
      const first = (await items().query().where('id = 1').toArray())[0]?.['text']
      await items().checkoutLatest()
      expectEqual([count, first, await items().countRows()], [20, 'word1 hello', 21])
      return 'version 1 has 20 rows and the old text; latest has 21'
    })
    await step('drop', async () => {
      items().close()
      table = null
      await db.dropTable('items')
      await db.dropTable('extra')
      expectEqual(await db.tableNames(), [])
      return 'no tables left'
    })
  } finally {
    ;(table as SdkTable | null)?.close()
    db.close()
  }
  return steps
}

async function connectTo(sdk: LanceDbSdk, mode: WalkMode, target: WalkTarget): Promise<SdkConnection> {
  if (mode === 'remote') return sdk.connect('db://walk', { apiKey: target.apiKey, hostOverride: target.url })
  if (!sdk.connectNamespace) throw new Error('this LanceDB version has no connectNamespace')
  return sdk.connectNamespace('rest', { uri: target.url, headers: { 'x-api-key': target.apiKey } })
}

function expectEqual(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300)
}
