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
import { CatalogError } from '../src/shared/errors'
import { openRestNamespace, type RestNamespaceClient } from '../src/catalog/rest/rest-namespace'
import { OperationRegistry } from '../src/main/operations/operation-registry'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'
import { SpecCheck, itWithSpec } from './spec/spec-check'

let root: string
let server: RunningCatalogServer
let client: RestNamespaceClient
const log: string[] = []

beforeAll(async () => {
  root = await makeTempDir('slow-transactions')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 3 } } } })
  server = await startCatalogServer({ root, slowTransactionsMs: 400, log: (line) => log.push(line) })
  client = openRestNamespace({ uri: server.url }, { maxRetries: 0 })
})

afterAll(async () => {
  await client?.close()
  await server?.close()
  await removeDir(root)
})

const tablesIn = async (namespace: string[]): Promise<string[]> => [...(await client.listTables(namespace)).items].sort()

async function failureOf(promise: Promise<unknown>): Promise<CatalogError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  )
  if (!(error instanceof CatalogError)) throw new Error(`expected a CatalogError, got ${String(error)}`)
  return error
}

describe('slow transactions', () => {
  it('answers a create with a transaction id, reports Queued then Running, and lists the table once it succeeded', async () => {
    const seen: TransactionProgress[] = []
    await client.createTable({ namespace: ['sales'], name: 'slow' }, sampleTableIpc(2), 'create', { onTransaction: (p) => seen.push(p) })
    expect(seen.slice(0, 2).map((p) => p.status)).toEqual(['Queued', 'Running'])
    expect(seen.at(-1)?.status).toBe('Succeeded')
    expect(new Set(seen.map((p) => p.transactionId)).size).toBe(1)
    expect(await tablesIn(['sales'])).toEqual(['orders', 'slow'])
    expect((await client.table({ namespace: ['sales'], name: 'slow' }).describe()).rowCount).toBe('2')
  })

  it('cancels through the operation registry: the catalog is asked, says Canceled, and the table is never written', async () => {
    const operations = new OperationRegistry()
    const id = 'op-cancel-0001'
    const created = operations.run(id, (options) => client.createTable({ namespace: ['sales'], name: 'cancelled' }, sampleTableIpc(2), 'create', options))
    let progress = await operations.progress(id, 0)
    while (progress.transaction?.status !== 'Running' && progress.state === 'pending') progress = await operations.progress(id, progress.revision)
    expect(progress.transaction?.status).toBe('Running')
    operations.cancel(id)
    const error = await failureOf(created)
    expect(error.code).toBe('cancelled')
    expect(error.message).toBe('The catalog reports that the create of table "sales$cancelled" was cancelled.')
    const final = await operations.progress(id, 0)
    expect(final).toMatchObject({ state: 'finished', cancelRequested: true, transaction: { status: 'Canceled' } })
    expect(log.some((line) => /^POST \/v1\/transaction\/[^/]+\/alter -> 200/.test(line))).toBe(true)
    expect(await tablesIn(['sales'])).not.toContain('cancelled')
  })

  it("reports a transaction that failed with the catalog's reason", async () => {
    // Both pass the client's "does it exist" check; the catalog lets one win.
    const table = { namespace: ['sales'], name: 'twice' }
    const results = await Promise.allSettled([client.createTable(table, sampleTableIpc(1)), client.createTable(table, sampleTableIpc(1))])
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as CatalogError)
    expect(failed).toHaveLength(1)
    expect(failed[0]?.code).toBe('server_error')
    expect(failed[0]?.message).toMatch(/^The catalog reports that the create of table "sales\$twice" failed: .*already exists/)
  })

  it('answers a drop with a transaction and drops once it succeeded', async () => {
    await client.createTable({ namespace: ['sales'], name: 'dropped' }, sampleTableIpc(1))
    const seen: string[] = []
    await client.dropTable({ namespace: ['sales'], name: 'dropped' }, { onTransaction: (p) => seen.push(p.status) })
    expect(seen.at(-1)).toBe('Succeeded')
    expect(await tablesIn(['sales'])).not.toContain('dropped')
  })

  itWithSpec('answers DescribeTransaction and AlterTransaction as the spec says', async () => {
    const spec = await SpecCheck.load()
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      const bytes = new Uint8Array(await response.arrayBuffer())
      return {
        status: response.status,
        problems: spec.responseProblems(
          { method: 'POST', url },
          { status: response.status, contentType: response.headers.get('content-type') ?? undefined, body: bytes }
        ),
        bytes
      }
    }
    const created = await fetch(`${server.url}/v1/table/sales%24spec/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.apache.arrow.stream' },
      body: new Uint8Array(sampleTableIpc(1))
    })
    const createdBytes = new Uint8Array(await created.arrayBuffer())
    expect(
      spec.responseProblems(
        { method: 'POST', url: '/v1/table/sales%24spec/create' },
        { status: created.status, contentType: created.headers.get('content-type') ?? undefined, body: createdBytes }
      )
    ).toEqual([])
    const { transaction_id: id } = JSON.parse(new TextDecoder().decode(createdBytes)) as { transaction_id: string }
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
