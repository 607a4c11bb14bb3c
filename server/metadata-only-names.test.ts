/**
 * The reference server in metadata-only mode reads names in paths per RFC 3986: `%20` is
 * a space and `+` is a plus (never a space, as form encoding would have it), `%25` a
 * percent sign, and UTF-8 percent-escapes non-ASCII, for names with spaces, `+`, `%`,
 * `$`, quotes and accents, as listed, described and declared.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { startCatalogServer, type RunningCatalogServer } from './server'

const NAMESPACE = 'Q3 sales'
const TABLES = ['a+b', '100%', 'café crème', `it's "q"`, 'x$y']

let dir: string
let server: RunningCatalogServer

beforeAll(async () => {
  dir = await makeTempDir('lcb-server-names')
  await buildNestedCatalog(join(dir, 'root'), { namespaces: { [NAMESPACE]: { tables: Object.fromEntries(TABLES.map((name) => [name, 2])) } } })
  server = await startCatalogServer({ root: join(dir, 'root'), dataRoutes: false })
})

afterAll(async () => {
  await server.close()
  await removeDir(dir)
})

async function post(path: string, json: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

/** The identifier as a path segment, with `.` as the delimiter (so `$` is part of a name). */
const segment = (parts: readonly string[]): string => encodeURIComponent(parts.join('.'))

describe('the reference server in metadata-only mode, with names outside the naming rule', () => {
  it('lists every name as it is', async () => {
    const listed = await fetch(`${server.url}/v1/namespace/${encodeURIComponent(NAMESPACE)}/table/list`)
    // LanceDB's directory manifest joins ids with `$`, so its listing leaves out a table named with one;
    // that name is still reached by its path below.
    const listable = TABLES.filter((name) => !name.includes('$'))
    expect(((await listed.json()) as { tables: string[] }).tables.slice().sort()).toEqual(listable.sort())
  })

  it('describes each table by its RFC 3986 path, with its location', async () => {
    for (const name of TABLES) {
      const described = await post(`/v1/table/${segment([NAMESPACE, name])}/describe?delimiter=.`, { id: [NAMESPACE, name] })
      expect([name, described.status]).toEqual([name, 200])
      expect(typeof described.body['location']).toBe('string')
    }
  })

  it('reads "+" as a plus, never as a space', async () => {
    // `Q3+sales` names a namespace "Q3+sales", which does not exist.
    const plus = await post(`/v1/table/Q3+sales.a%2Bb/describe?delimiter=.`, { id: ['Q3+sales', 'a+b'] })
    expect(plus.status).toBe(404)
    // A body naming the space form does not match a path naming the plus form.
    const mismatch = await post(`/v1/table/Q3+sales.a%2Bb/describe?delimiter=.`, { id: [NAMESPACE, 'a+b'] })
    expect(mismatch.status).toBe(400)
  })

  it('declares a table in a namespace whose name needs escaping', async () => {
    const declared = await post(`/v1/table/${segment([NAMESPACE, 'returns'])}/declare?delimiter=.`, { id: [NAMESPACE, 'returns'] })
    expect(declared.status).toBe(200)
    const listed = await fetch(`${server.url}/v1/namespace/Q3%20sales/table/list`)
    expect(((await listed.json()) as { tables: string[] }).tables).toContain('returns')
  })
})
