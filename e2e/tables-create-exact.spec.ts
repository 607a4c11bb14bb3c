/**
 * Imports keep every digit: timestamps pasted as CSV reach the table exactly at their unit
 * (read back with LanceDB's SDK as the stored integers), a column whose times state no
 * zone is created zone-less, and the zone assumed for mixed values is said before Create.
 * Then the odd-types table exported to CSV from the data tab imports back, through the
 * same dialog, to the same values column by column.
 */
import { join } from 'node:path'
import { connectNamespace } from '@lancedb/lancedb'
import type { Locator, Page } from '@playwright/test'
import { startCatalogServer } from '../server/server'
import { expect, test } from './fixtures/test'
import { TablesPage } from './pages/tables-page'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import { buildOddTypesCatalog, ODD_NAME_COLUMN, ODD_TYPES_TABLE } from '../test-kit/odd-types-table'

interface StoredColumn {
  readonly type: string
  readonly values: readonly unknown[]
}

/** Each column of a table as LanceDB's SDK reads it: its Arrow type and its values as stored. */
async function readStored(root: string, namespace: string[], name: string): Promise<Record<string, StoredColumn>> {
  const db = await connectNamespace('dir', { root })
  try {
    const table = await db.openTable(name, namespace)
    const arrow = await table.query().toArrow()
    table.close()
    return Object.fromEntries(
      arrow.schema.fields.map((field, c) => {
        const vector = arrow.getChildAt(c)!
        return [field.name, { type: String(field.type), values: Array.from({ length: arrow.numRows }, (_, r) => storedValue(vector, r)) }]
      })
    )
  } finally {
    db.close()
  }
}

/**
 * A cell as stored: timestamps, times and durations as their integer count (Arrow JS's
 * `get` would give milliseconds), decimals as their unscaled integer, everything else as a
 * comparable plain value.
 */
function storedValue(
  vector: { data: readonly { length: number; values: unknown; type: unknown; getValid(i: number): boolean }[]; get(i: number): unknown },
  row: number
): unknown {
  let at = row
  for (const chunk of vector.data) {
    if (at >= chunk.length) {
      at -= chunk.length
      continue
    }
    if (!chunk.getValid(at)) return null
    const type = String(chunk.type)
    if (/^(Timestamp|Time|Duration)/.test(type)) return BigInt((chunk.values as ArrayLike<number | bigint>)[at]!)
    if (type.startsWith('Decimal')) {
      const words = chunk.values as Uint32Array
      const per = words.length / chunk.length
      let bits = 0n
      for (let w = per - 1; w >= 0; w--) bits = (bits << 32n) | BigInt(words[at * per + w]!)
      return BigInt.asIntN(per * 32, bits)
    }
    return plain(vector.get(row))
  }
  return undefined
}

function plain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (value instanceof Uint8Array) return Array.from(value)
  // Struct rows answer their members through toJSON; lists are iterable.
  const json = (value as { toJSON?: () => unknown }).toJSON?.()
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    return Object.fromEntries(Object.entries(json as Record<string, unknown>).map(([key, item]) => [key, plain(item)]))
  }
  if (Symbol.iterator in value) return Array.from(value as Iterable<unknown>, plain)
  return value
}

/** The schema editor's row for the field named `name` (a struct's member rows included, first match). */
async function fieldRow(dialog: Locator, name: string): Promise<Locator> {
  const rows = dialog.locator('[role="group"][aria-label^="Field "]')
  // A row's own name input is its first one; a struct's member rows follow inside it.
  const names = await rows.evaluateAll((groups) =>
    groups.map((group) => (group.querySelector('input[aria-label="Field name"]') as unknown as { value: string } | null)?.value)
  )
  const index = names.indexOf(name)
  expect(index, `field ${name}`).toBeGreaterThanOrEqual(0)
  return rows.nth(index)
}

/** Sets a field's type and its parameters in the schema editor. */
async function setType(
  dialog: Locator,
  name: string,
  type: string,
  options: { unit?: string; zone?: string; precision?: number; scale?: number } = {}
): Promise<void> {
  const row = await fieldRow(dialog, name)
  // A row's own controls come before those of its struct members.
  await row.getByLabel('Field type').first().selectOption(type)
  if (options.unit) await row.getByLabel('Unit').selectOption(options.unit)
  if (options.zone !== undefined) await row.getByLabel('Time zone').fill(options.zone)
  if (options.precision !== undefined) await row.getByLabel('Precision').fill(String(options.precision))
  if (options.scale !== undefined) await row.getByLabel('Scale').fill(String(options.scale))
}

for (const over of ['a directory catalog', 'REST'] as const) {
  test(`pasted CSV timestamps keep micro- and nanoseconds over ${over}; zone-less times make a zone-less column; an assumed zone is said first`, async ({
    workDir,
    openApp
  }) => {
    const root = join(workDir, 'catalog')
    await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 1 } } } })
    const server = over === 'REST' ? await startCatalogServer({ root }) : undefined
    try {
      const app = await openApp(server ? ['--rest', server.url] : ['--dir', root])
      const tables = new TablesPage(app.page)
      await app.expand('sales')
      const dialog = await tables.openCreateDialog()
      await dialog.getByLabel('Table name').fill('times')
      await tables.pasteRows(
        'at,fine,local,mixed\n' +
          '2024-03-01T12:34:56.123456Z,2024-03-01T12:34:56.123456789Z,2024-03-01T12:34:56.123456,2024-03-01T12:00:00Z\n' +
          '2024-03-01T12:34:56.000001Z,2024-03-01T12:34:56.000000001Z,2024-03-01 12:34:56.000001,2024-03-01T13:00:00.5\n'
      )
      const at = await fieldRow(dialog, 'at')
      await expect(at.getByLabel('Field type')).toHaveValue('timestamp')
      await expect(at.getByLabel('Unit')).toHaveValue('us')
      await expect(at.getByLabel('Time zone')).toHaveValue('UTC')
      await expect((await fieldRow(dialog, 'fine')).getByLabel('Unit')).toHaveValue('ns')
      await expect((await fieldRow(dialog, 'local')).getByLabel('Time zone')).toHaveValue('')
      // The preview shows the digits as written and says which zone is assumed where one is missing.
      await expect(dialog.getByRole('table', { name: 'First rows' })).toContainText('2024-03-01T12:34:56.123456Z')
      const notes = dialog.getByRole('list', { name: 'How times are read' })
      await expect(notes).toHaveText('"mixed": times without a zone are read as UTC time.')
      await tables.createButton().click()
      await expect(dialog).toHaveCount(0)
      await expect(app.page.getByLabel('Row count')).toHaveText('2')

      const stored = await readStored(root, ['sales'], 'times')
      expect(Object.fromEntries(Object.entries(stored).map(([name, column]) => [name, column.type]))).toEqual({
        at: 'Timestamp<MICROSECOND, UTC>',
        fine: 'Timestamp<NANOSECOND, UTC>',
        local: 'Timestamp<MICROSECOND>',
        mixed: 'Timestamp<MICROSECOND, UTC>'
      })
      expect(stored['at']!.values).toEqual([1709296496123456n, 1709296496000001n])
      expect(stored['fine']!.values).toEqual([1709296496123456789n, 1709296496000000001n])
      expect(stored['local']!.values).toEqual([1709296496123456n, 1709296496000001n])
      expect(stored['mixed']!.values).toEqual([1709294400000000n, 1709298000500000n])
    } finally {
      await server?.close()
    }
  })
}

test('pasted NDJSON keeps every digit of 64-bit integers and decimals', async ({ workDir, openApp }) => {
  const root = join(workDir, 'catalog')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 1 } } } })
  const app = await openApp(['--dir', root])
  const tables = new TablesPage(app.page)
  await app.expand('sales')
  const dialog = await tables.openCreateDialog()
  await dialog.getByLabel('Table name').fill('exact')
  await tables.pasteRows('{"id": 9007199254740993, "price": 12345678901234567.123456789}\n{"id": -9223372036854775808, "price": -0.000000001}\n')
  await expect((await fieldRow(dialog, 'id')).getByLabel('Field type')).toHaveValue('int64')
  await setType(dialog, 'price', 'decimal', { precision: 30, scale: 9 })
  await tables.createButton().click()
  await expect(dialog).toHaveCount(0)
  const stored = await readStored(root, ['sales'], 'exact')
  expect(stored['id']!.values).toEqual([9007199254740993n, -9223372036854775808n])
  expect(stored['price']).toEqual({ type: 'Decimal[30e+9]', values: [12345678901234567123456789n, -1n] })
})

/** Exports the open table's rows in `format` from the data tab and saves the file at `path`. */
async function exportAs(page: Page, format: 'CSV' | 'JSON lines', path: string): Promise<void> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export rows' })
  await dialog.getByLabel('Format').selectOption({ label: format })
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export', exact: true }).click()
  await (await download).saveAs(path)
  await expect(dialog).toHaveCount(0)
}

for (const [format, file] of [
  ['CSV', 'odd.csv'],
  ['JSON lines', 'odd.jsonl']
] as const) {
  test(`the odd-types table exported to ${format} imports back to the same values`, async ({ workDir, openApp }) => {
    const root = join(workDir, 'catalog')
    await buildOddTypesCatalog(root)
    const app = await openApp(['--dir', root])
    await app.expand('odd')
    await app.table(ODD_TYPES_TABLE).click()
    await expect(app.page.getByRole('status', { name: 'Matching rows' })).toHaveText('3 rows')
    const exported = join(workDir, file)
    await exportAs(app.page, format, exported)

    const tables = new TablesPage(app.page)
    const dialog = await tables.openCreateDialog()
    await dialog.getByLabel('Table name').fill('back')
    await dialog.getByLabel('Import a file').check()
    await dialog.getByLabel('File to import').setInputFiles(exported)
    await expect(dialog.getByRole('table', { name: 'First rows' })).toContainText('ünïcode ✓')
    // The file carries no Arrow types: each column gets the type the dialog offers for the original's.
    await setType(dialog, 'half', 'float32')
    await setType(dialog, 'price', 'decimal', { precision: 10, scale: 2 })
    await setType(dialog, 'big_price', 'decimal', { precision: 40, scale: 2 })
    await setType(dialog, 'berlin_time', 'timestamp', { unit: 'us', zone: 'Europe/Berlin' })
    await setType(dialog, 'clock', 'time', { unit: 'us' })
    await setType(dialog, 'clock_ms', 'time', { unit: 'ms' })
    await setType(dialog, 'elapsed', 'duration', { unit: 'ms' })
    for (const name of ['big_bytes', 'bytes', 'fixed_bytes']) await setType(dialog, name, 'binary')
    const bigList = await fieldRow(dialog, 'big_list')
    await bigList.getByLabel('Field type').first().selectOption('list')
    await bigList.getByLabel('Item type').selectOption('int32')
    // struct<a: list<struct<b: int32, c: utf8>>>: the list of structs is inferred, b needs int32.
    await setType(dialog, 'b', 'int32')
    const scores = await fieldRow(dialog, 'scores')
    await scores.getByLabel('Field type').first().selectOption('map')
    await scores.getByLabel('Value type').selectOption('int32')
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await tables.createButton().click()
    await expect(dialog).toHaveCount(0)
    await expect(app.page.getByLabel('Row count')).toHaveText('3')

    const original = await readStored(root, ['odd'], ODD_TYPES_TABLE)
    const back = await readStored(root, ['odd'], 'back')
    expect(Object.keys(back)).toEqual(Object.keys(original))
    // Types the dialog creates as they were; the rest as the dialog's nearest type.
    expect(back['price']!.type).toBe(original['price']!.type)
    expect(back['big_price']!.type).toBe(original['big_price']!.type)
    expect(back['berlin_time']!.type).toBe(original['berlin_time']!.type)
    expect(back['clock']!.type).toBe(original['clock']!.type)
    expect(back['clock_ms']!.type).toBe(original['clock_ms']!.type)
    expect(back['elapsed']!.type).toBe(original['elapsed']!.type)
    // A date64 is a whole day by Arrow's rules (CSV writes the day), so it compares as days here.
    const days = (values: readonly unknown[]): unknown[] => values.map((v) => (v === null ? null : Math.floor(Number(v) / 86_400_000)))
    expect(days(back['day_ms']!.values)).toEqual(days(original['day_ms']!.values))
    // Every other column of the odd-types table the dialog can type holds exactly the original values.
    const same = [
      'dict_str',
      'half',
      'price',
      'big_price',
      'berlin_time',
      'day',
      'clock',
      'clock_ms',
      'elapsed',
      'long_text',
      'big_bytes',
      'bytes',
      'fixed_bytes',
      'nested',
      'big_list',
      'scores',
      'all_null',
      'nothing',
      ODD_NAME_COLUMN
    ]
    for (const name of same) expect(back[name]!.values, name).toEqual(original[name]!.values)
  })
}
