/**
 * The browser-mode host against other sites and slow callers: it cannot be framed, a HEAD
 * request or another site's no-cors fetch leaves a one-time download ticket unspent, slow
 * table uploads do not hold up row reads, and the data dir is readable by its owner only.
 */
import { connect as connectSocket } from 'node:net'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportStatus } from '../../shared/contract/export'
import { TOKEN_HEADER } from './host'
import { startTestHost, type TestHost } from '../../../test-kit/web-host'

let t: TestHost
beforeAll(async () => {
  t = await startTestHost('hardening')
}, 60_000)
afterAll(async () => {
  await t?.close()
})

async function finishedExport(): Promise<string> {
  let status = (await t.rpc('export:start', { connectionId: t.connectionId, table: { namespace: [], name: 'items' }, format: 'csv', columns: ['id'] }))
    .value as ExportStatus
  while (status.state === 'running') status = (await t.rpc('export:status', { id: status.id })).value as ExportStatus
  expect(status.state).toBe('done')
  return status.downloadPath ?? ''
}

describe('browser-mode host hardening', () => {
  it('forbids framing by any other site on the page and every answer', async () => {
    for (const path of ['/', '/rpc/app:info']) {
      const reply = await t.call(path, path === '/' ? {} : { method: 'POST', headers: { [TOKEN_HEADER]: t.host.token }, body: '{}' })
      expect(reply.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
      expect(reply.headers['x-frame-options']).toBe('DENY')
    }
  })

  it('answers HEAD on a download without spending its ticket', async () => {
    const path = await finishedExport()
    const head = await t.call(path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers['content-disposition']).toMatch(/attachment; filename="items.csv"/)
    expect(head.body.length).toBe(0)
    const get = await t.call(path)
    expect([get.status, get.body.toString('utf8')]).toEqual([200, 'id\r\n0\r\n1\r\n2\r\n3\r\n4\r\n'])
    expect((await t.call(path)).status).toBe(404)
  })

  it("refuses another site's no-cors fetch of a download, and the page still gets the file", async () => {
    const path = await finishedExport()
    const foreign = await t.call(path, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' } })
    expect(foreign.status).toBe(403)
    const own = await t.call(path, { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' } })
    expect([own.status, own.body.toString('utf8')]).toEqual([200, 'id\r\n0\r\n1\r\n2\r\n3\r\n4\r\n'])
  })

  it('answers row reads while three slow table uploads are still sending their bodies', async () => {
    const { port } = new URL(t.host.origin)
    // Each upload announces a body and then stalls, as a slow link would.
    const sockets = Array.from({ length: 3 }, () => {
      const socket = connectSocket(Number(port), '127.0.0.1')
      socket.write(
        `POST /rpc/tables:create HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${TOKEN_HEADER}: ${t.host.token}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"connectionId":'
      )
      return socket
    })
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      const read = t.rpc('tables:readRows', { connectionId: t.connectionId, table: { namespace: [], name: 'items' }, offset: 0, limit: 5 })
      const outcome = await Promise.race([
        read.then((r) => (r.ok ? 'answered' : 'failed')),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 10 s'), 10_000))
      ])
      expect(outcome).toBe('answered')
    } finally {
      for (const socket of sockets) socket.destroy()
    }
  }, 20_000)

  it('keeps its data dir readable by its owner only', async () => {
    expect((await stat(join(t.dir, 'data'))).mode & 0o777).toBe(0o700)
  })
})
