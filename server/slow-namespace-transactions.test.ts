/**
 * Long-running namespace operations against the reference server with
 * `slowTransactionsMs`: a namespace create or drop answers a `transaction_id` at once (a
 * string for a create, a list for a drop, as the spec's responses say) and happens later.
 * The app's REST client, run through the operation registry the page watches, reports the
 * catalog's statuses, waits for Succeeded, and a cancel reaches the catalog before the
 * namespace is made. A drop the catalog fails reports the catalog's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cancelOnceRunning } from '../test-kit/cancel-once-running'
import { failureOf } from '../test-kit/catalog-failure'
import { startSlowCatalog, type SlowCatalog } from '../test-kit/slow-catalog'
import { SpecCheck, itWithSpec } from './spec/spec-check'

let slow: SlowCatalog

beforeAll(async () => {
  slow = await startSlowCatalog('slow-namespaces', { namespaces: { sales: { tables: { orders: 3 } }, empty: {} } })
})

afterAll(async () => {
  await slow?.close()
})

const namespaces = async (parent: string[] = []): Promise<string[]> => [...(await slow.client.listNamespaces(parent)).items].sort()

describe('slow namespace transactions', () => {
  it('answers a namespace create with a transaction, reports Queued then Running, and lists the namespace once it succeeded', async () => {
    const seen: string[] = []
    const created = slow.client.createNamespace(['late'], 'create', { onTransaction: (p) => seen.push(p.status) })
    // Answered at once, made later: not there while the transaction runs.
    await expect.poll(() => seen.length).toBeGreaterThan(0)
    expect(await namespaces()).not.toContain('late')
    await created
    expect(seen.slice(0, 2)).toEqual(['Queued', 'Running'])
    expect(seen.at(-1)).toBe('Succeeded')
    expect(await namespaces()).toContain('late')
  })

  it('cancels a namespace create through the operation registry: the catalog says Canceled and the namespace is never made', async () => {
    const { error } = await cancelOnceRunning('op-ns-cancel-0001', (options) => slow.client.createNamespace(['cancelled'], 'create', options))
    expect(error.code).toBe('cancelled')
    expect(error.message).toBe('The catalog reports that the create of namespace "cancelled" was cancelled.')
    expect(slow.log.some((line) => /^POST \/v1\/transaction\/[^/]+\/alter -> 200/.test(line))).toBe(true)
    expect(await namespaces()).not.toContain('cancelled')
  })

  it('refuses at once a create whose name is taken or whose parent is missing', async () => {
    expect((await failureOf(slow.client.createNamespace(['sales']))).code).toBe('namespace_exists')
    expect((await failureOf(slow.client.createNamespace(['nowhere', 'child']))).code).toBe('namespace_not_found')
  })

  it('answers a namespace drop with a transaction and drops it once it succeeded', async () => {
    const seen: string[] = []
    await slow.client.dropNamespace(['empty'], 'restrict', { onTransaction: (p) => seen.push(p.status) })
    expect(seen.at(-1)).toBe('Succeeded')
    expect(await namespaces()).not.toContain('empty')
  })

  it("reports a drop the catalog failed (a namespace that is not empty) with the catalog's reason", async () => {
    const error = await failureOf(slow.client.dropNamespace(['sales'], 'restrict'))
    expect(error.code).toBe('server_error')
    expect(error.message).toMatch(/^The catalog reports that the drop of namespace "sales" failed: ./)
    expect(await namespaces()).toContain('sales')
  })

  itWithSpec('answers the namespace create and drop with transaction ids as the spec says', async () => {
    const spec = await SpecCheck.load()
    const post = async (url: string, body: unknown) => {
      const answer = await spec.exchange(slow.url, { method: 'POST', url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { ...answer, body: JSON.parse(new TextDecoder().decode(answer.body)) as Record<string, unknown> }
    }
    const created = await post('/v1/namespace/spec/create', { id: ['spec'] })
    expect(created).toMatchObject({ status: 200, problems: [], body: { transaction_id: expect.any(String) } })
    await expect.poll(namespaces, { timeout: 10_000 }).toContain('spec')
    const dropped = await post('/v1/namespace/spec/drop', { id: ['spec'] })
    expect(dropped).toMatchObject({ status: 200, problems: [], body: { transaction_id: [expect.any(String)] } })
    await expect.poll(namespaces, { timeout: 10_000 }).not.toContain('spec')
  })
})
