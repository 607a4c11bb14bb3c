/**
 * Every IPC channel fuzzed with malformed input through the real browser-mode host, over
 * a real LanceDB catalog: arbitrary values as the request, and well-formed requests with
 * one field replaced by something hostile (huge, deep, control characters, paths, wrong
 * types). Seeded, so a failure replays; bounded, so it runs in seconds. Every call must
 * answer (no crash, no hang) with a result value, an error must not show the host's
 * folders or a Rust toolchain's paths, and no object prototype may change.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHANNELS } from '../../shared/ipc-channels'
import { sampleTableIpc } from '../../../test-kit/lancedb-catalog'
import { arrowBomb } from '../../../test-kit/hostile-files'
import { startTestHost, type TestHost, type RpcResult } from '../../../test-kit/web-host'

const SEED = 20_261_125
/** Longest a call may take before it counts as a hang. */
const HANG_MS = 10_000
/** Hostile calls sent together in the every-field run. */
const HOSTILE_CALLS_AT_ONCE = 4

let t: TestHost
beforeAll(async () => {
  t = await startTestHost('fuzz')
}, 60_000)
afterAll(async () => {
  await t?.close()
})

/** A well-formed request per channel, the starting point of each mutation. */
function baseRequests(): Record<string, Record<string, unknown>> {
  const connectionId = t.connectionId
  const table = { namespace: [], name: 'items' }
  const scan = { kind: 'scan', k: 5 }
  const draft = { name: 'Fuzzed', connectType: 'dir', properties: { root: t.root }, headers: [] }
  return {
    'app:info': {},
    'ui:loadState': {},
    'ui:saveState': { state: '{}' },
    'connections:list': {},
    'connections:capabilities': { connectionId },
    'catalog:reveal': { connectionId },
    'namespaces:list': { connectionId, parent: [] },
    'namespaces:create': { connectionId, path: ['fuzzed'] },
    'namespaces:drop': { connectionId, path: ['fuzzed'] },
    'tables:list': { connectionId, namespace: [] },
    'tables:describe': { connectionId, table },
    'tables:readRows': { connectionId, table, offset: 0, limit: 5, filter: 'id > 1', columns: ['id'] },
    'tables:count': { connectionId, table, filter: 'id > 1' },
    'tables:create': { connectionId, table: { namespace: [], name: 'made' }, mode: 'create', data: sampleTableIpc(2) },
    'tables:drop': { connectionId, table: { namespace: [], name: 'made' } },
    'tables:rename': { connectionId, table: { namespace: [], name: 'made' }, newName: 'renamed' },
    'tables:refresh': {},
    'tables:editability': { connectionId, table },
    'tables:commitEdits': {
      connectionId,
      table,
      baseVersion: '1',
      key: 'id',
      updates: [{ key: '1', values: { name: 'edited' } }],
      inserts: [{ id: '1000', name: 'added' }],
      deletes: ['2'],
      overwrite: []
    },
    'media:cells': { connectionId, table, offset: 0, limit: 5, columns: ['name'], size: 'row' },
    'media:value': { connectionId, table, row: 0, column: 'name' },
    'columns:profile': { connectionId, table, columns: ['id', 'name'], filter: 'id > 1' },
    'columns:profileProgress': { operationId: 'op-00000002' },
    'map:layout': { connectionId, table, column: 'name', cachedOnly: true },
    'map:progress': { operationId: 'op-00000003' },
    'map:values': { connectionId, table, version: '1', column: 'name', windows: [{ offset: 0, limit: 5 }] },
    'find:start': { connectionId },
    'find:status': { connectionId },
    'find:cancel': { connectionId },
    'find:query': { connectionId, query: 'items', limit: 5 },
    'operations:progress': { operationId: 'op-00000001', after: 0 },
    'operations:cancel': { operationId: 'op-00000001' },
    'profiles:list': {},
    'profiles:create': { draft },
    'profiles:update': { id: 'no-such-profile', draft },
    'profiles:duplicate': { id: 'no-such-profile' },
    'profiles:delete': { id: 'no-such-profile' },
    'profiles:reorder': { ids: [] },
    'profiles:open': { id: 'no-such-profile' },
    'profiles:test': { draft },
    'profiles:export': {},
    'profiles:import': { json: '{"profiles":[]}' },
    'profiles:snippet': { id: 'no-such-profile', language: 'python' },
    'profiles:checkRoot': { root: t.root },
    'profiles:createRoot': { root: t.root },
    'profiles:useSecretsFile': {},
    'shell:openFolder': { path: t.root },
    'schema:addColumns': { connectionId, table, columns: [{ name: 'doubled', expression: 'id * 2' }] },
    'schema:alterColumns': { connectionId, table, alterations: [{ path: 'name', nullable: true }] },
    'schema:dropColumns': { connectionId, table, columns: ['doubled'] },
    'export:start': { connectionId, table, format: 'csv', columns: ['id'], filter: 'id < 3' },
    'export:status': { id: 'no-such-export' },
    'export:cancel': { id: 'no-such-export' },
    'versions:list': { connectionId, table },
    'versions:describe': { connectionId, table, version: '1' },
    'versions:count': { connectionId, table, version: '1', filter: 'id > 1' },
    'versions:readRows': { connectionId, table, version: '1', offset: 0, limit: 5 },
    'versions:restore': { connectionId, table, version: '1' },
    'versions:createTag': { connectionId, table, tag: 'fuzzed', version: '1' },
    'versions:deleteTag': { connectionId, table, tag: 'fuzzed' },
    'search:rows': { connectionId, table, query: scan, filter: 'id > 1' },
    'search:media': { connectionId, table, query: scan, filter: 'id > 1', pageId: 'not-kept', size: 'row' },
    'search:explain': { connectionId, table, query: scan },
    'search:info': { connectionId, table },
    'indexes:list': { connectionId, table },
    'indexes:create': { connectionId, table, spec: { column: 'id', indexType: 'BTREE' }, operationId: 'op-00000002' },
    'indexes:cancel': { operationId: 'op-00000002' },
    'indexes:drop': { connectionId, table, name: 'id_idx' },
    'indexes:optimize': { connectionId, table },
    'stats:nullCounts': { connectionId, table, columns: ['name'] },
    'health:read': { connectionId, table },
    'health:cleanupPlan': { connectionId, table, olderThan: '2020-01-01T00:00:00Z' },
    'health:maintain': { connectionId, table, action: { kind: 'cleanup', olderThan: '2020-01-01T00:00:00Z', deleteTags: [], deleteUnverified: false } },
    'changes:count': { connectionId, table, from: '1', to: '1', key: 'id' },
    'changes:rows': { connectionId, table, from: '1', to: '1', key: 'id', kind: 'updated', offset: 0, limit: 50 }
  }
}

// Fields whose value is a file path: mutated only to values that are never a real folder,
// so the fuzz cannot make the app create or open folders outside its temp dir.
const PATH_CHANNELS = new Set(['profiles:checkRoot', 'profiles:createRoot', 'shell:openFolder'])
// A long poll: a well-formed call may wait for news by design.
const LONG_POLL = new Set(['operations:progress'])

/** Values a careless or hostile caller sends; each goes into every field of every channel. */
const HOSTILE_VALUES: readonly unknown[] = [
  '',
  ' ',
  'x'.repeat(1_000_000),
  'id/'.repeat(2_000) + 'id',
  '('.repeat(5_000),
  'a\u0000b',
  'evil\u202Etxt',
  '../../../../etc/passwd',
  '..',
  '$',
  '__proto__',
  '\uD800',
  "'; DROP TABLE items; --",
  -1,
  1.5,
  2 ** 53,
  null,
  true,
  [],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  Array.from({ length: 100_000 }, () => 'n'),
  arrowBomb()
]

/** Random values, for the seeded run. */
const randomValue: fc.Arbitrary<unknown> = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.anything({ maxDepth: 3 }))

/** One field path of a request, as a list of keys. */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return [prefix]
  const entries = Object.entries(value as Record<string, unknown>)
  return [prefix, ...entries.flatMap(([key, child]) => fieldPaths(child, [...prefix, key]))]
}

function withField(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value
  const [key, ...rest] = path as [string, ...string[]]
  const copy: Record<string, unknown> = Array.isArray(base) ? ({ ...base } as Record<string, unknown>) : { ...(base as Record<string, unknown>) }
  copy[key] = withField(copy[key], rest, value)
  return Array.isArray(base) ? Object.values(copy) : copy
}

/** Sends one request; fails on a hang, a non-result answer, or an error showing a host path. */
async function probe(channel: string, request: unknown, limit = HANG_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), limit)))
  const answer = await Promise.race([t.rpc(channel, request), hang]).finally(() => clearTimeout(timer))
  const shown = describeCall(channel, request)
  if (answer === 'hang') throw new Error(`${shown} did not answer within ${limit} ms`)
  const result = answer as RpcResult
  if (typeof result.ok !== 'boolean') throw new Error(`${shown} answered something other than a result: ${JSON.stringify(result).slice(0, 200)}`)
  if (!result.ok) {
    const text = JSON.stringify(result.error)
    for (const leak of [t.dir, '.cargo', '/rustc/', 'registry/src']) {
      if (text.includes(leak)) throw new Error(`${shown} answered an error showing "${leak}": ${text.slice(0, 400)}`)
    }
  }
}

function describeCall(channel: string, request: unknown): string {
  const text = JSON.stringify(request, (_, v: unknown) =>
    v instanceof Uint8Array ? `<${v.length} bytes>` : typeof v === 'string' && v.length > 60 ? `${v.slice(0, 40)}…(${v.length})` : v
  )
  return `${channel} ${text?.slice(0, 300) ?? String(request)}`
}

describe('fuzzing every IPC channel through the browser-mode host', () => {
  it('has a well-formed starting request for every channel', () => {
    expect(Object.keys(baseRequests()).sort()).toEqual([...CHANNELS].sort())
  })

  it('answers arbitrary values sent to any channel with a result, without hanging or crashing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CHANNELS),
        fc.oneof(randomValue, fc.constantFrom(...HOSTILE_VALUES), fc.anything({ maxDepth: 4, withNullPrototype: true })),
        async (channel, request) => {
          // An object shaped like a path request would be a real path; keep those to the runs below.
          if (PATH_CHANNELS.has(channel) && typeof request === 'object' && request !== null) return
          await probe(channel, request)
        }
      ),
      { seed: SEED, numRuns: 500 }
    )
  }, 60_000)

  it('answers every hostile value in every field of every channel, and the host lives on', async () => {
    const bases = baseRequests()
    const calls: [string, unknown][] = []
    for (const channel of CHANNELS.filter((c) => !LONG_POLL.has(c))) {
      for (const path of fieldPaths(bases[channel]).filter((p) => p.length > 0)) {
        for (const value of HOSTILE_VALUES) {
          if (PATH_CHANNELS.has(channel) && typeof value === 'string' && value.startsWith('/')) continue
          calls.push([channel, withField(bases[channel], path, value)])
        }
      }
    }
    // A few at once, as a page's calls come: each must still answer within HANG_MS, and the
    // run (thousands of calls, more with every channel) stays within its time on a busy machine.
    const queue = [...calls]
    await Promise.all(
      Array.from({ length: HOSTILE_CALLS_AT_ONCE }, async () => {
        for (let call = queue.shift(); call !== undefined; call = queue.shift()) await probe(...call)
      })
    )
    expect((await t.rpc('connections:list', {})).ok).toBe(true)
    expect(Object.prototype).not.toHaveProperty('polluted')
  }, 300_000)

  it('answers well-formed requests with one random field on every channel', async () => {
    const bases = baseRequests()
    const mutation = fc
      .constantFrom(...CHANNELS.filter((channel) => !LONG_POLL.has(channel) && Object.keys(bases[channel] ?? {}).length > 0))
      .chain((channel) => fc.tuple(fc.constant(channel), fc.constantFrom(...fieldPaths(bases[channel]).filter((p) => p.length > 0)), randomValue))
    await fc.assert(
      fc.asyncProperty(mutation, async ([channel, path, value]) => {
        if (PATH_CHANNELS.has(channel) && typeof value === 'string' && value.startsWith('/')) return
        await probe(channel, withField(bases[channel], path, value))
      }),
      { seed: SEED, numRuns: 800 }
    )
    expect((await t.rpc('connections:list', {})).ok).toBe(true)
    expect(Object.prototype).not.toHaveProperty('polluted')
  }, 60_000)
})
