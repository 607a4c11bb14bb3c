/**
 * Oversized and over-deep input through the real browser-mode host: a 1 MB filter and
 * 1 MB names sent to every channel that takes them each get a clear error at once, the
 * host answers other calls meanwhile, and a short filter deep enough to crash LanceDB's
 * native SQL handling (a segmentation fault, which would take this test process with it)
 * is refused before it reaches LanceDB.
 */
import { Table, tableToIPC, vectorFromArray } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_FILTER_DEPTH } from '../../shared/input-bounds'
import { sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { arrowBomb } from '../../../test-kit/hostile-files'
import { startTestHost, type RpcResult, type TestHost } from '../../../test-kit/web-host'

const MB = 1_000_000
const deepFilter = (chained: number): string => 'id/'.repeat(chained) + 'id > 0'
const bigFilter = 'id/'.repeat(MB / 3) + 'id > 0'
const bigName = 'n'.repeat(MB)

let t: TestHost
beforeAll(async () => {
  t = await startTestHost('bounds')
}, 60_000)
afterAll(async () => {
  await t?.close()
})

/** Every request that carries a filter, with `filter` in it. */
function filterRequests(filter: string): [string, Record<string, unknown>][] {
  const connectionId = t.connectionId
  const table = { namespace: [], name: 'items' }
  return [
    ['tables:readRows', { connectionId, table, offset: 0, limit: 10, filter }],
    ['tables:count', { connectionId, table, filter }],
    ['versions:readRows', { connectionId, table, version: '1', offset: 0, limit: 10, filter }],
    ['versions:count', { connectionId, table, version: '1', filter }],
    ['search:rows', { connectionId, table, query: { kind: 'scan', k: 10 }, filter }],
    ['search:media', { connectionId, table, query: { kind: 'scan', k: 10 }, filter, pageId: 'not-kept', size: 'row' }],
    ['search:explain', { connectionId, table, query: { kind: 'scan', k: 10 }, filter }],
    ['export:start', { connectionId, table, format: 'csv', filter }],
    ['schema:addColumns', { connectionId, table, columns: [{ name: 'doubled', expression: filter }] }]
  ]
}

/** Every request that carries a name (of a table, namespace, column, tag, index or profile), with `name` in it. */
function nameRequests(name: string): [string, Record<string, unknown>][] {
  const connectionId = t.connectionId
  const table = { namespace: [], name: 'items' }
  const named = { namespace: [], name }
  const scan = { kind: 'scan', k: 10 }
  const draft = { name, connectType: 'dir', properties: { root: '/tmp/x' }, headers: [] }
  return [
    ['tables:describe', { connectionId, table: named }],
    ['tables:readRows', { connectionId, table: named, offset: 0, limit: 10 }],
    ['tables:readRows', { connectionId, table, offset: 0, limit: 10, columns: [name] }],
    ['tables:count', { connectionId, table: named }],
    ['tables:create', { connectionId, table: named, mode: 'create', data: sampleTableIpc(1) }],
    [
      'tables:create',
      { connectionId, table: { namespace: [], name: 'wide' }, mode: 'create', data: tableToIPC(new Table({ [name]: vectorFromArray([1]) }), 'stream') }
    ],
    ['tables:drop', { connectionId, table: named }],
    ['tables:rename', { connectionId, table, newName: name }],
    ['tables:list', { connectionId, namespace: [name] }],
    ['tables:list', { connectionId, namespace: Array.from({ length: 100_000 }, () => 'n') }],
    ['tables:describe', { connectionId: name, table }],
    ['profiles:open', { id: name }],
    ['namespaces:list', { connectionId, parent: [name] }],
    ['namespaces:create', { connectionId, path: [name] }],
    ['namespaces:drop', { connectionId, path: [name] }],
    ['versions:list', { connectionId, table: named }],
    ['versions:createTag', { connectionId, table, tag: name, version: '1' }],
    ['versions:deleteTag', { connectionId, table, tag: name }],
    ['search:rows', { connectionId, table, query: scan, columns: [name] }],
    ['search:rows', { connectionId, table, query: { kind: 'vector', column: name, vector: [1], distanceType: 'l2', k: 1 } }],
    ['search:rows', { connectionId, table, query: { kind: 'fts', text: name, k: 1 } }],
    ['search:info', { connectionId, table: named }],
    ['export:start', { connectionId, table, format: 'csv', columns: [name] }],
    ['schema:addColumns', { connectionId, table, columns: [{ name, expression: 'id * 2' }] }],
    ['schema:alterColumns', { connectionId, table, alterations: [{ path: name, nullable: true }] }],
    ['schema:alterColumns', { connectionId, table, alterations: [{ path: 'name', rename: name }] }],
    ['schema:dropColumns', { connectionId, table, columns: [name] }],
    ['indexes:list', { connectionId, table: named }],
    ['indexes:create', { connectionId, table, spec: { column: name, indexType: 'BTREE' }, operationId: 'op-1' }],
    ['indexes:create', { connectionId, table, spec: { column: 'id', indexType: 'BTREE', name }, operationId: 'op-2' }],
    ['indexes:drop', { connectionId, table, name }],
    ['stats:nullCounts', { connectionId, table, columns: [name] }],
    ['profiles:create', { draft }],
    ['profiles:test', { draft }]
  ]
}

/**
 * Sends each request alone, timing its answer, then all of them at once with a plain call
 * beside them, which the host must answer meanwhile. Answers each result and its time alone.
 */
async function sendAll(requests: [string, Record<string, unknown>][]) {
  const answers: { channel: string; result: RpcResult; ms: number }[] = []
  for (const [channel, request] of requests) {
    const started = Date.now()
    const result = await t.rpc(channel, request)
    answers.push({ channel, result, ms: Date.now() - started })
  }
  const together = Promise.all(requests.map(([channel, request]) => t.rpc(channel, request)))
  const meanwhile = await t.rpc('connections:list', {})
  expect(meanwhile.ok).toBe(true)
  expect((await together).map((result) => result.ok)).toEqual(requests.map(() => false))
  return answers
}

describe('oversized input through the browser-mode host', () => {
  it('answers a 1 MB filter on every channel that takes one with a clear error within a second', async () => {
    for (const { channel, result, ms } of await sendAll(filterRequests(bigFilter))) {
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/at most 65,536 characters/) } })
      expect(ms, channel).toBeLessThan(1_000)
    }
  })

  it(`refuses a short filter chaining more than ${MAX_FILTER_DEPTH} operators on every channel, and the process lives on`, async () => {
    // 2,000 chained divisions (8 KB) crash LanceDB 0.39 with a segmentation fault.
    for (const { channel, result } of await sendAll(filterRequests(deepFilter(2_000)))) {
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/at most 256 operators.*use IN/) } })
    }
    expect((await t.rpc('tables:count', { connectionId: t.connectionId, table: { namespace: [], name: 'items' } })).value).toBe('5')
  })

  it('still runs a filter with many operators below the bound, and a long flat one', async () => {
    const table = { namespace: [], name: 'items' }
    const ors = Array.from({ length: 100 }, (_, i) => `id = ${i}`).join(' OR ')
    expect(await t.rpc('tables:count', { connectionId: t.connectionId, table, filter: ors })).toEqual({ ok: true, value: '5' })
    const quoted = `name <> '${'a/'.repeat(5_000)}'`
    expect(await t.rpc('tables:count', { connectionId: t.connectionId, table, filter: quoted })).toMatchObject({ ok: true })
  })

  it('answers 1 MB names on every channel that takes one with a clear error within a second', async () => {
    for (const { channel, result, ms } of await sendAll(nameRequests(bigName))) {
      expect(result.ok, channel).toBe(false)
      expect(result.error?.message, channel).toMatch(/at most [\d,]+ (characters|levels)|1 to 200/)
      expect(result.error?.message.length, channel).toBeLessThan(2_000)
      expect(ms, channel).toBeLessThan(1_000)
    }
  })

  it('refuses the 296-byte Arrow stream that declares 2^31-1 rows, and the host lives on', async () => {
    const table = { namespace: [], name: 'bomb' }
    const created = await t.rpc('tables:create', { connectionId: t.connectionId, table, mode: 'create', data: arrowBomb() })
    expect(created).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/declares 2,147,483,647 rows; at most/) } })
    expect((await t.rpc('tables:list', { connectionId: t.connectionId, namespace: [] })).value).toMatchObject({ items: ['items'] })
  }, 20_000)

  it.each([
    ['a NUL', 'bad\u0000name'],
    ['a right-to-left override', 'evil\u202Etxt.exe'],
    ['a line break', 'two\nlines']
  ])('refuses %s in a new column, tag and profile name', async (_, name) => {
    const connectionId = t.connectionId
    const table = { namespace: [], name: 'items' }
    const column = await t.rpc('schema:addColumns', { connectionId, table, columns: [{ name, expression: 'id * 2' }] })
    expect(column).toMatchObject({ ok: false, error: { message: expect.stringMatching(/control|letters, digits/) } })
    const tag = await t.rpc('versions:createTag', { connectionId, table, tag: name, version: '1' })
    expect(tag).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    const data = tableToIPC(new Table({ [name]: vectorFromArray([1]) }), 'stream')
    const created = await t.rpc('tables:create', { connectionId, table: { namespace: [], name: 'odd' }, mode: 'create', data })
    expect(created).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/A column name cannot hold/) } })
    const profile = await t.rpc('profiles:create', { draft: { name, connectType: 'dir', properties: { root: t.root }, headers: [] } })
    expect(profile.ok).toBe(false)
    expect(JSON.stringify(profile.error)).toMatch(/cannot hold a (control character|bidirectional text control)/)
  })
})
