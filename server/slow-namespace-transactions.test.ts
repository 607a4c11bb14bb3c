/**
 * Long-running namespace operations against the reference server with
 * `slowTransactionsMs`: a namespace create or drop answers a `transaction_id` at once (a
 * string for a create, a list for a drop, as the spec's responses say) and happens later.
 * The app's REST client, run through the operation registry the page watches, reports the
 * catalog's statuses, waits for Succeeded, and a cancel reaches the catalog before the
 * namespace is made. A drop the catalog fails reports the catalog's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CatalogError } from '../src/shared/errors'
import { openRestNamespace, type RestNamespaceClient } from '../src/catalog/rest/rest-namespace'
import { OperationRegistry } from '../src/main/operations/operation-registry'
import { buildNestedCatalog, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'
import { SpecCheck, itWithSpec } from './spec/spec-check'

let root: string
let server: RunningCatalogServer
let client: RestNamespaceClient
const log: string[] = []

beforeAll(async () => {
  root = await makeTempDir('slow-namespaces')
  await buildNestedCatalog(root, { namespaces: { sales: { tables: { orders: 3 } }, empty: {} } })
  server = await startCatalogServer({ root, slowTransactionsMs: 400, log: (line) => log.push(line) })
  client = openRestNamespace({ uri: server.url }, { maxRetries: 0 })
})

afterAll(async () => {
  await client?.close()
  await server?.close()
  await removeDir(root)
})

const namespaces = async (parent: string[] = []): Promise<string[]> => [...(await client.listNamespaces(parent)).items].sort()

async function failureOf(promise: Promise<unknown>): Promise<CatalogError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  )
  if (!(error instanceof CatalogError)) throw new Error(`expected a CatalogError, got ${String(error)}`)
  return error
}

describe('slow namespace transactions', () => {
  it('answers a namespace create with a transaction, reports Queued then Running, and lists the namespace once it succeeded', async () => {
    const seen: string[] = []
    const created = client.createNamespace(['late'], 'create', { onTransaction: (p) => seen.push(p.status) })
    // Answered at once, made later: not there while the transaction runs.
    await expect.poll(() => seen.length).toBeGreaterThan(0)
    expect(await namespaces()).not.toContain('late')
    await created
    expect(seen.slice(0, 2)).toEqual(['Queued', 'Running'])
    expect(seen.at(-1)).toBe('Succeeded')
    expect(await namespaces()).toContain('late')
  })

  it('cancels a namespace create through the operation registry: the catalog says Canceled and the namespace is never made', async () => {
    const operations = new OperationRegistry()
    const id = 'op-ns-cancel-0001'
    const created = operations.run(id, (options) => client.createNamespace(['cancelled'], 'create', options))
    let progress = await operations.progress(id, 0)
    while (progress.transaction?.status !== 'Running' && progress.state === 'pending') progress = await operations.progress(id, progress.revision)
    operations.cancel(id)
    const error = await failureOf(created)
    expect(error.code).toBe('cancelled')
    expect(error.message).toBe('The catalog reports that the create of namespace "cancelled" was cancelled.')
    expect(log.some((line) => /^POST \/v1\/transaction\/[^/]+\/alter -> 200/.test(line))).toBe(true)
    expect(await namespaces()).not.toContain('cancelled')
  })

  it('refuses at once a create whose name is taken or whose parent is missing', async () => {
    expect((await failureOf(client.createNamespace(['sales']))).code).toBe('namespace_exists')
    expect((await failureOf(client.createNamespace(['nowhere', 'child']))).code).toBe('namespace_not_found')
  })

  it('answers a namespace drop with a transaction and drops it once it succeeded', async () => {
    const seen: string[] = []
    await client.dropNamespace(['empty'], 'restrict', { onTransaction: (p) => seen.push(p.status) })
    expect(seen.at(-1)).toBe('Succeeded')
    expect(await namespaces()).not.toContain('empty')
  })

  it("reports a drop the catalog failed (a namespace that is not empty) with the catalog's reason", async () => {
    const error = await failureOf(client.dropNamespace(['sales'], 'restrict'))
    expect(error.code).toBe('server_error')
    expect(error.message).toMatch(/^The catalog reports that the drop of namespace "sales" failed: ./)
    expect(await namespaces()).toContain('sales')
  })

  itWithSpec('answers the namespace create and drop with transaction ids as the spec says', async () => {
    const spec = await SpecCheck.load()
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      const bytes = new Uint8Array(await response.arrayBuffer())
      const problems = spec.responseProblems(
        { method: 'POST', url },
        { status: response.status, contentType: response.headers.get('content-type') ?? undefined, body: bytes }
      )
      return { status: response.status, problems, body: JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown> }
    }
    const created = await post('/v1/namespace/spec/create', { id: ['spec'] })
    expect(created).toMatchObject({ status: 200, problems: [], body: { transaction_id: expect.any(String) } })
    await expect.poll(namespaces, { timeout: 10_000 }).toContain('spec')
    const dropped = await post('/v1/namespace/spec/drop', { id: ['spec'] })
    expect(dropped).toMatchObject({ status: 200, problems: [], body: { transaction_id: [expect.any(String)] } })
    await expect.poll(namespaces, { timeout: 10_000 }).not.toContain('spec')
  })
})
