/**
 * Browser-mode exports: the RPCs start an export and report it done with a one-time
 * download path; the host streams the file there once, as an attachment, then refuses.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from '@lancedb/lancedb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeExportTable } from '../../../test-kit/export-table'
import type { ExportStatus } from '../../shared/contract/export'
import { setUpApp, type AppCore } from '../app-setup'
import { dirSpec } from '../connections/connection-spec'
import { startWebHost, TOKEN_HEADER, type WebHost } from './host'

let dir: string
let core: AppCore
let host: WebHost

function call(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {}
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port, host: hostHeader } = new URL(host.origin)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: { host: hostHeader, ...init.headers } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

async function rpc<T>(channel: string, body: unknown): Promise<T> {
  const reply = await call(`/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token },
    body: JSON.stringify(body)
  })
  const result = JSON.parse(reply.body) as { ok: boolean; value: T }
  expect(result.ok).toBe(true)
  return result.value
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-host-downloads-'))
  const rendererDir = join(dir, 'renderer')
  await mkdir(rendererDir)
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
  const root = join(dir, 'catalog')
  const db = await connect(root)
  ;(await makeExportTable(db, 50)).close()
  db.close()
  core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(root, 'Exports')] }, join(dir, 'data'), {
    info: { host: 'browser', version: 'test' }
  })
  host = await startWebHost({ handlers: core.handlers, rendererDir, downloads: core.exports })
}, 60_000)

afterAll(async () => {
  await host?.close()
  await core?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('export downloads in browser mode', () => {
  it('serves a finished export once as an attachment, then answers 404', async () => {
    const [connection] = await rpc<{ id: string }[]>('connections:list', {})
    const request = { connectionId: connection!.id, table: { namespace: [], name: 'events' }, format: 'jsonl', columns: ['id'], filter: 'id < 3' }
    let status = await rpc<ExportStatus>('export:start', request)
    expect(status.target).toEqual({ kind: 'download', fileName: 'events.jsonl' })
    while (status.state === 'running') status = await rpc<ExportStatus>('export:status', { id: status.id })
    expect(status).toMatchObject({ state: 'done', rowsWritten: 3, totalRows: 3 })

    const first = await call(status.downloadPath!)
    expect(first.status).toBe(200)
    expect(first.headers['content-disposition']).toContain('attachment; filename="events.jsonl"')
    expect(first.body).toBe('{"id":0}\n{"id":1}\n{"id":2}\n')
    expect((await call(status.downloadPath!)).status).toBe(404)
    expect((await call('/download/not-a-ticket-at-all-0000')).status).toBe(404)
  })
})
