import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { connect } from '@lancedb/lancedb'
import { tableFromIPC } from 'apache-arrow'
import { parquetReadObjects } from 'hyparquet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPORT_TABLE, exportFilter, exportRow, makeExportTable } from '../../../test-kit/export-table'
import { openBuiltDirCatalog, type OpenedDirCatalog } from '../../../test-kit/dir-catalog'
import type { ExportFormat, ExportStatus } from '../../shared/contract/export'
import type { NamespaceClient } from '../../catalog/namespace-client'
import { ExportJobs } from './export-jobs'

// More rows than one read page (10,000), so every format writes several batches.
const ROWS = 25_000
const KEPT = 21_000
const table = { namespace: [], name: EXPORT_TABLE }
let catalog: OpenedDirCatalog
let dir: string
let client: NamespaceClient

beforeAll(async () => {
  catalog = await openBuiltDirCatalog('export-jobs', async (root) => {
    const db = await connect(root)
    ;(await makeExportTable(db, ROWS)).close()
    // Version 1 holds 3 rows, version 2 (the latest) 5.
    const grow = await db.createTable('grow', [{ n: 1 }, { n: 2 }, { n: 3 }])
    await grow.add([{ n: 4 }, { n: 5 }])
    grow.close()
    db.close()
  })
  ;({ dir, client } = catalog)
}, 60_000)

afterAll(() => catalog.close())

async function exportTo(format: ExportFormat, columns?: string[]): Promise<{ status: ExportStatus; bytes: Buffer }> {
  const path = join(dir, `out.${format}`)
  const jobs = new ExportJobs(async () => path)
  const started = await jobs.start(client, { table, format, filter: exportFilter(KEPT), ...(columns ? { columns } : {}) })
  const status = await jobs.settled(started!.id)
  expect(status.error).toBeUndefined()
  return { status, bytes: await readFile(path) }
}

describe('exports', () => {
  it('writes every filtered row to CSV, quoting what needs it and leaving nulls empty', async () => {
    const { status, bytes } = await exportTo('csv')
    expect(status).toMatchObject({ state: 'done', rowsWritten: KEPT, totalRows: KEPT })
    const lines = bytes.toString('utf8').split('\r\n')
    expect(lines).toHaveLength(KEPT + 2) // header, rows, and the empty text after the last line end
    expect(lines[0]).toBe('id,name,score,flag,ts,vector')
    expect(lines[1]).toBe('0,,0,true,2023-11-14T22:13:20.000000Z,"[0,1,2,3]"')
    expect(lines[2]).toBe('1,"event 1, ""quoted""",0.25,false,2023-11-14T22:13:21.000001Z,"[0.125,1.125,2.125,3.125]"')
    expect(lines[KEPT]).toMatch(new RegExp(`^${KEPT - 1},"event ${KEPT - 1}, ""quoted""",`))
    expect(lines[KEPT + 1]).toBe('')
  })

  it('writes JSON lines with exact 64-bit ids and every filtered row', async () => {
    const { bytes } = await exportTo('jsonl', ['id', 'name'])
    const lines = bytes.toString('utf8').trimEnd().split('\n')
    expect(lines).toHaveLength(KEPT)
    expect(JSON.parse(lines[0]!)).toEqual({ id: 0, name: null })
    expect(JSON.parse(lines[7]!)).toEqual({ id: 7, name: exportRow(7).name })
  })

  it('writes an Arrow IPC file with the same schema and rows', async () => {
    const { bytes } = await exportTo('arrow')
    const read = tableFromIPC(bytes)
    expect(read.numRows).toBe(KEPT)
    expect(read.schema.fields.map((f) => `${f.name}:${String(f.type)}`)).toEqual([
      'id:Int64',
      'name:Utf8',
      'score:Float64',
      'flag:Bool',
      'ts:Timestamp<MICROSECOND, UTC>',
      'vector:FixedSizeList[4]<Float32>'
    ])
    expect(read.getChild('id')!.get(KEPT - 1)).toBe(BigInt(KEPT - 1))
    expect(Array.from(read.getChild('vector')!.get(123) as Float32Array)).toEqual(exportRow(123).vector)
  })

  it('writes Parquet that hyparquet reads back row for row', async () => {
    const { bytes } = await exportTo('parquet')
    const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer })
    expect(rows).toHaveLength(KEPT)
    for (const id of [0, 1, 9_999, 10_000, KEPT - 1]) {
      const want = exportRow(id)
      expect(rows[id]).toEqual({
        id: BigInt(id),
        name: want.name,
        score: want.score,
        flag: want.flag,
        ts: new Date(Number(want.tsMicros / 1000n)),
        vector: want.vector
      })
    }
  })

  it('hands a browser-mode export out once as a download, then removes it', async () => {
    const jobs = new ExportJobs()
    const started = await jobs.start(client, { table, format: 'csv', filter: 'id < 5', columns: ['id'] })
    const done = await jobs.settled(started!.id)
    expect(done.state).toBe('done')
    const ticket = done.downloadPath!.replace('/download/', '')
    const download = await jobs.takeDownload(ticket)
    expect(download?.fileName).toBe('events.csv')
    expect(await readFile(download!.path, 'utf8')).toBe('id\r\n0\r\n1\r\n2\r\n3\r\n4\r\n')
    expect(await jobs.takeDownload(ticket)).toBeNull()
    await download!.done()
    await jobs.close()
  })

  it('exports an older version when asked, naming the file after it', async () => {
    const jobs = new ExportJobs()
    const started = await jobs.start(client, { table: { namespace: [], name: 'grow' }, format: 'jsonl', version: '1' })
    const done = await jobs.settled(started!.id)
    expect(done).toMatchObject({ state: 'done', rowsWritten: 3, totalRows: 3, target: { kind: 'download', fileName: 'grow-v1.jsonl' } })
    const download = await jobs.takeDownload(done.downloadPath!.replace('/download/', ''))
    expect(
      (await readFile(download!.path, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).n)
    ).toEqual([1, 2, 3])
    await jobs.close()
  })

  it("exports a vector search's rows with their distance, nearest first", async () => {
    const jobs = new ExportJobs()
    const search = { kind: 'vector' as const, column: 'vector', vector: exportRow(7).vector, distanceType: 'l2' as const, k: 3 }
    const started = await jobs.start(client, { table, format: 'jsonl', columns: ['id'], filter: 'id < 100', search })
    const done = await jobs.settled(started!.id)
    expect(done).toMatchObject({ state: 'done', rowsWritten: 3, totalRows: 3 })
    const download = await jobs.takeDownload(done.downloadPath!.replace('/download/', ''))
    const rows = (await readFile(download!.path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; _distance: number })
    expect(rows[0]).toEqual({ id: 7, _distance: 0 })
    expect(rows.map((r) => r._distance)).toEqual([...rows.map((r) => r._distance)].sort((a, b) => a - b))
    await jobs.close()
  })

  it('stops a cancelled export and removes the partial file', async () => {
    const path = join(dir, 'cancelled.csv')
    const jobs = new ExportJobs(async () => path)
    const started = await jobs.start(client, { table, format: 'csv' })
    const status = await jobs.cancel(started!.id)
    expect(status.state).toBe('cancelled')
    await expect(readFile(path)).rejects.toThrow(/ENOENT/)
  })

  describe('over a file that already exists', () => {
    const original = "the person's own file\n"
    async function folderWithTarget(name: string): Promise<{ folder: string; path: string }> {
      const folder = join(dir, name)
      await mkdir(folder)
      const path = join(folder, 'report.csv')
      await writeFile(path, original)
      return { folder, path }
    }

    it('leaves it byte-identical when the export fails, with no temporary file left', async () => {
      const { folder, path } = await folderWithTarget('failed')
      const jobs = new ExportJobs(async () => path)
      const status = await jobs.settled((await jobs.start(client, { table, format: 'csv', filter: 'nope >' }))!.id)
      expect(status.state).toBe('failed')
      expect(await readFile(path, 'utf8')).toBe(original)
      expect(await readdir(folder)).toEqual(['report.csv'])
    })

    it('leaves it byte-identical when the export is cancelled, with no temporary file left', async () => {
      const { folder, path } = await folderWithTarget('cancelled')
      const jobs = new ExportJobs(async () => path)
      const status = await jobs.cancel((await jobs.start(client, { table, format: 'parquet' }))!.id)
      expect(status.state).toBe('cancelled')
      expect(await readFile(path, 'utf8')).toBe(original)
      expect(await readdir(folder)).toEqual(['report.csv'])
    })

    it('never writes through a symbolic link at the target: a failure leaves the linked file, a success replaces the link', async () => {
      const { folder, path: linked } = await folderWithTarget('linked')
      const path = join(folder, 'link.csv')
      await symlink(linked, path)
      const jobs = new ExportJobs(async () => path)
      expect((await jobs.settled((await jobs.start(client, { table, format: 'csv', filter: 'nope >' }))!.id)).state).toBe('failed')
      expect(await readFile(linked, 'utf8')).toBe(original)
      expect((await lstat(path)).isSymbolicLink()).toBe(true)
      expect((await jobs.settled((await jobs.start(client, { table, format: 'csv', filter: 'id < 2', columns: ['id'] }))!.id)).state).toBe('done')
      expect(await readFile(linked, 'utf8')).toBe(original)
      expect((await lstat(path)).isFile()).toBe(true)
      expect(await readFile(path, 'utf8')).toBe('id\r\n0\r\n1\r\n')
    })

    it('replaces it once the export is complete', async () => {
      const { folder, path } = await folderWithTarget('replaced')
      const jobs = new ExportJobs(async () => path)
      expect((await jobs.settled((await jobs.start(client, { table, format: 'csv', filter: 'id < 1', columns: ['id'] }))!.id)).state).toBe('done')
      expect(await readFile(path, 'utf8')).toBe('id\r\n0\r\n')
      expect(await readdir(folder)).toEqual(['report.csv'])
    })
  })

  it('says what failed when the file cannot be written', async () => {
    const jobs = new ExportJobs(async () => join(dir, 'no-such-folder', 'out.csv'))
    await expect(jobs.start(client, { table, format: 'csv' })).rejects.toThrow(/Cannot write .*no-such-folder.*Choose a folder you can write to/)
  })

  it('fails with the reason LanceDB gives when the filter is not valid SQL, keeping no file', async () => {
    const jobs = new ExportJobs(async () => join(dir, 'bad.csv'))
    const started = await jobs.start(client, { table, format: 'csv', filter: 'nope >' })
    const status = await jobs.settled(started!.id)
    expect(status.state).toBe('failed')
    expect(status.error?.message).toMatch(/count the rows|read the rows/)
    await expect(readFile(join(dir, 'bad.csv'))).rejects.toThrow(/ENOENT/)
  })
})
