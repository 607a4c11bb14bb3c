/**
 * Long-running operations against the reference server with `slowTransactionsMs`: table
 * creates and drops answer a `transaction_id` at once and happen later. The app's REST
 * client, run through the operation registry the page watches, reports each status the
 * catalog gives, waits for Succeeded, reports a Failed one with the catalog's reason, and
 * a cancel reaches the catalog (AlterTransaction) before the table is written. The
 * transaction answers are checked against the spec when the spec file is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TransactionProgress } from '../src/shared/contract/operations'
import type { CatalogError } from '../src/shared/errors'
import { cancelOnceRunning } from '../test-kit/cancel-once-running'
import { sampleTableIpc } from '../test-kit/lancedb-catalog'
import { startSlowCatalog, type SlowCatalog } from '../test-kit/slow-catalog'
import { SpecCheck, itWithSpec } from './spec/spec-check'

let slow: SlowCatalog

beforeAll(async () => {
  slow = await startSlowCatalog('slow-transactions', { namespaces: { sales: { tables: { orders: 3 } } } })
})

afterAll(async () => {
  await slow?.close()
})

const tablesIn = async (namespace: string[]): Promise<string[]> => [...(await slow.client.listTables(namespace)).items].sort()

describe('slow transactions', () => {
  it('answers a create with a transaction id, reports Queued then Running, and lists the table once it succeeded', async () => {
    const seen: TransactionProgress[] = []
    await slow.client.createTable({ namespace: ['sales'], name: 'slow' }, sampleTableIpc(2), 'create', { onTransaction: (p) => seen.push(p) })
    expect(seen.slice(0, 2).map((p) => p.status)).toEqual(['Queued', 'Running'])
    expect(seen.at(-1)?.status).toBe('Succeeded')
    expect(new Set(seen.map((p) => p.transactionId)).size).toBe(1)
    expect(await tablesIn(['sales'])).toEqual(['orders', 'slow'])
    expect((await slow.client.table({ namespace: ['sales'], name: 'slow' }).describe()).rowCount).toBe('2')
  })

  it('cancels through the operation registry: the catalog is asked, says Canceled, and the table is never written', async () => {
    const { atCancel, error, final } = await cancelOnceRunning('op-cancel-0001', (options) =>
      slow.client.createTable({ namespace: ['sales'], name: 'cancelled' }, sampleTableIpc(2), 'create', options)
    )
    expect(atCancel.transaction?.status).toBe('Running')
    expect(error.code).toBe('cancelled')
    expect(error.message).toBe('The catalog reports that the create of table "sales$cancelled" was cancelled.')
    expect(final).toMatchObject({ state: 'finished', cancelRequested: true, transaction: { status: 'Canceled' } })
    expect(slow.log.some((line) => /^POST \/v1\/transaction\/[^/]+\/alter -> 200/.test(line))).toBe(true)
    expect(await tablesIn(['sales'])).not.toContain('cancelled')
  })

  it("reports a transaction that failed with the catalog's reason", async () => {
    // Both pass the client's "does it exist" check; the catalog lets one win.
    const table = { namespace: ['sales'], name: 'twice' }
    const results = await Promise.allSettled([slow.client.createTable(table, sampleTableIpc(1)), slow.client.createTable(table, sampleTableIpc(1))])
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as CatalogError)
    expect(failed).toHaveLength(1)
    expect(failed[0]?.code).toBe('server_error')
    expect(failed[0]?.message).toMatch(/^The catalog reports that the create of table "sales\$twice" failed: .*already exists/)
  })

  it('answers a drop with a transaction and drops once it succeeded', async () => {
    await slow.client.createTable({ namespace: ['sales'], name: 'dropped' }, sampleTableIpc(1))
    const seen: string[] = []
    await slow.client.dropTable({ namespace: ['sales'], name: 'dropped' }, { onTransaction: (p) => seen.push(p.status) })
    expect(seen.at(-1)).toBe('Succeeded')
    expect(await tablesIn(['sales'])).not.toContain('dropped')
  })

  itWithSpec('answers DescribeTransaction and AlterTransaction as the spec says', async () => {
    const spec = await SpecCheck.load()
    const post = (url: string, body: unknown) =>
      spec.exchange(slow.url, { method: 'POST', url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const created = await spec.exchange(slow.url, {
      method: 'POST',
      url: '/v1/table/sales%24spec/create',
      headers: { 'content-type': 'application/vnd.apache.arrow.stream' },
      body: new Uint8Array(sampleTableIpc(1))
    })
    expect(created.problems).toEqual([])
    const { transaction_id: id } = JSON.parse(new TextDecoder().decode(created.body)) as { transaction_id: string }
    const answers = [
      await post(`/v1/transaction/${id}/describe`, { id: [id] }),
      await post(`/v1/transaction/${id}/alter`, { id: [id], actions: [{ setStatusAction: { status: 'Canceled' } }] }),
      await post(`/v1/transaction/${id}/alter`, { id: [id], actions: [{ setStatusAction: { status: 'Canceled' } }] }),
      await post('/v1/transaction/no-such-transaction/describe', { id: ['no-such-transaction'] })
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 409, 404])
    expect(answers.flatMap((a) => a.problems)).toEqual([])
  })
})
