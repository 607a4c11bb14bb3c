/**
 * Find in catalog on a catalog that misbehaves (a stand-in REST catalog on 127.0.0.1):
 * it answers 406 to ListAllTables, so the app walks the namespaces instead; one
 * namespace never answers, yet the others' tables are found; one repeats its page token,
 * which ends that listing with a note; and Cancel stops the walk, after which the
 * catalog sees no further request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from '../test-kit/loopback'
import { expect, test } from './fixtures/test'

interface Seen {
  readonly method: string
  readonly path: string
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

const DESCRIBED = {
  location: '/nowhere',
  version: 1,
  stats: { num_rows: 1, num_deleted_rows: 0, num_fragments: 1 },
  schema: { fields: [{ name: 'customer_id', type: { type: 'int64' }, nullable: false }] }
}

async function startMisbehavingCatalog() {
  const seen: Seen[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    seen.push({ method: req.method ?? 'GET', path })
    req.resume()
    if (path === '/v1/table') return json(res, 406, { error: 'ListAllTables is not supported here', code: 0 })
    if (path === '/v1/namespace/%24/list' || path === '/v1/namespace/$/list') return json(res, 200, { namespaces: ['alpha', 'loop', 'slow'] })
    if (path === '/v1/namespace/%24/table/list' || path === '/v1/namespace/$/table/list') return json(res, 200, { tables: [] })
    if (path === '/v1/namespace/slow/list') return // never answered
    if (path === '/v1/namespace/loop/table/list') return json(res, 200, { tables: ['loop_events'], page_token: 'same-again' })
    if (path === '/v1/namespace/alpha/table/list') return json(res, 200, { tables: ['alpha_orders'] })
    if (/^\/v1\/namespace\/[^/]+\/(list|table\/list)$/.test(path)) return json(res, 200, path.endsWith('/table/list') ? { tables: [] } : { namespaces: [] })
    if (/^\/v1\/table\/[^/]+\/describe$/.test(path)) return json(res, 200, DESCRIBED)
    json(res, 404, { error: `No route ${path}`, code: 13 })
  })
  return { seen, server: await listenOnLoopback(server) }
}

test('a catalog without ListAllTables is walked; a hung or looping namespace does not stop the rest; Cancel stops every request', async ({ openApp }) => {
  const { seen, server } = await startMisbehavingCatalog()
  try {
    const app = await openApp(['--rest', server.url])
    await expect(app.namespace('alpha')).toBeVisible()

    await app.page.keyboard.press('Control+Shift+F')
    const find = app.page.getByRole('dialog', { name: 'Find in catalog' })
    const box = find.getByRole('combobox', { name: 'Find in catalog' })
    const progress = find.getByRole('status', { name: 'Find progress' })

    await box.fill('orders')
    await expect(find.getByRole('option', { name: /alpha_orders/ })).toBeVisible()
    // Still reading: the namespace "slow" has not answered.
    await expect(progress).toContainText('Reading the catalog')
    await expect(progress).toContainText('namespaces visited')
    expect(seen.some((request) => request.path === '/v1/table')).toBe(true)

    await box.fill('customer_id')
    await expect(find.getByRole('option', { name: /alpha_orders\.customer_id/ })).toBeVisible()

    // The looping listing ended with a note; its first page's names are kept.
    await box.fill('loop_events')
    await expect(find.getByRole('option', { name: /loop_events/ })).toBeVisible()
    await find.getByText(/could not be read fully/).click()
    await expect(find.getByText(/tables in namespace "loop" stopped: .*repeated page token "same-again"/)).toBeVisible()

    await find.getByRole('button', { name: 'Cancel' }).click()
    await expect(progress).toContainText('Cancelled')
    await expect(find.getByRole('button', { name: 'Refresh' })).toBeVisible()
    const after = seen.length
    await app.page.waitForTimeout(1_000)
    expect(seen.slice(after)).toEqual([])
    expect(seen.some((request) => request.path === '/v1/namespace/slow/table/list')).toBe(false)
  } finally {
    await server.close()
  }
})
