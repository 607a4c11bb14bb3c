/**
 * Long-running creates and drops: the client waits for the transaction a catalog names,
 * reports a failed or cancelled one, and asks the catalog to cancel when the call is.
 */
import { describe, expect, it } from 'vitest'
import { CatalogError } from '../../shared/errors'
import { openRestNamespace } from './rest-namespace'
import { failure, sendJson, useTestServers, type SeenRequest } from '../../../test-kit/test-http-server'

const { serve, track } = useTestServers()
const table = { namespace: ['db'], name: 'items' }
/** `table/drop`, `tx-1/describe`: what a request is about and what it asks. */
const routeOf = (req: SeenRequest): string =>
  (req.path.includes('/v1/table/') ? 'table/' : '') +
  req.path
    .split('/')
    .slice(req.path.includes('/v1/table/') ? -1 : -2)
    .join('/')

/** A catalog whose drop answers transaction "tx-1", described as each of `statuses` in turn (the last repeats). */
function catalog(statuses: readonly string[], onDescribe?: () => void) {
  let describes = 0
  return serve((req, res) => {
    if (routeOf(req) === 'table/drop') return sendJson(res, 200, { transaction_id: 'tx-1' })
    if (routeOf(req) === 'tx-1/describe') {
      const status = statuses[Math.min(describes++, statuses.length - 1)]
      onDescribe?.()
      return sendJson(res, 200, { status, properties: status === 'Failed' ? { error: 'disk full' } : {} })
    }
    if (routeOf(req) === 'tx-1/alter') return sendJson(res, 200, {})
    sendJson(res, 404, { error: 'no such route' })
  })
}

describe('transactions', () => {
  it('reports a drop as done only once its transaction has succeeded', async () => {
    const { url, requests } = await catalog(['Queued', 'running', 'Succeeded'])
    await track(openRestNamespace({ uri: url })).dropTable(table)
    expect(requests.map(routeOf)).toEqual(['table/drop', 'tx-1/describe', 'tx-1/describe', 'tx-1/describe'])
    expect(JSON.parse(requests[1]?.body.toString() ?? '')).toEqual({ id: ['tx-1'] })
  })

  it("reports a failed transaction with the catalog's reason", async () => {
    const { url } = await catalog(['Running', 'Failed'])
    const error = await failure(track(openRestNamespace({ uri: url })).dropTable(table))
    expect(error.code).toBe('server_error')
    expect(error.message).toBe('The catalog reports that the drop of table "db$items" failed: disk full.')
  })

  it('asks the catalog to cancel when the call is cancelled while the transaction runs', async () => {
    const controller = new AbortController()
    const { url, requests } = await catalog(['Running'], () => controller.abort())
    const error = await track(openRestNamespace({ uri: url }))
      .dropTable(table, { signal: controller.signal })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CatalogError)
    expect((error as CatalogError).code).toBe('cancelled')
    const alter = requests.find((r) => routeOf(r) === 'tx-1/alter')
    expect(JSON.parse(alter?.body.toString() ?? '')).toEqual({ id: ['tx-1'], actions: [{ setStatusAction: { status: 'Canceled' } }] })
  })

  it('does not poll when the answer names no transaction', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, { id: ['db', 'items'] }))
    await track(openRestNamespace({ uri: url })).dropTable(table)
    expect(requests).toHaveLength(1)
  })
})
