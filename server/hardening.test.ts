/**
 * The reference server against hostile callers, over raw HTTP as curl or a browser would
 * send it: cross-site requests (a foreign Origin, text/plain bodies), DNS rebinding (a
 * foreign Host), database headers naming Lance's internal folders, over-long names, and
 * error bodies that must not show the server's paths or LanceDB's source locations.
 */
import { existsSync } from 'node:fs'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_NAME_LENGTH } from '../src/shared/namespace-path'
import { buildNestedCatalog, makeTempDir, removeDir, sampleTableIpc } from '../test-kit/lancedb-catalog'
import { rawRequest } from '../test-kit/raw-http'
import { startCatalogServer, type RunningCatalogServer } from './server'

let root: string
let server: RunningCatalogServer

interface RawAnswer {
  readonly status: number
  readonly text: string
  readonly body: Record<string, unknown>
}

/** One request with exactly the given headers (node:http adds only Host unless given one). */
async function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string | Uint8Array): Promise<RawAnswer> {
  const { status, headers: answered, text } = await rawRequest({ port: server.port, method, path, headers, body })
  const json = (answered['content-type'] ?? '').includes('json') && text.trim() !== '' ? (JSON.parse(text) as unknown) : {}
  return { status, text, body: (json ?? {}) as Record<string, unknown> }
}

async function rootTables(): Promise<unknown> {
  return (await raw('GET', '/v1/namespace/%24/table/list')).body['tables']
}

beforeAll(async () => {
  root = await makeTempDir('hardening')
  await buildNestedCatalog(root, { tables: { victim: 3, keep: 2 }, namespaces: { a: {} } })
  await mkdir(join(root, 'shop'))
  await buildNestedCatalog(join(root, 'shop'), { tables: { products: 4 } })
  server = await startCatalogServer({ root, allowedHosts: ['catalog.internal'] })
})

afterAll(async () => {
  await server?.close()
  await removeDir(root)
})

describe('requests from web pages on other sites', () => {
  it('refuses the curl-style cross-site drop with 403, and the table is still there', async () => {
    const drop = await raw('POST', '/v1/table/victim/drop', { origin: 'http://evil.example', 'content-type': 'text/plain' }, '{}')
    expect(drop.status).toBe(403)
    expect(drop.body).toMatchObject({ code: 15, error: expect.stringContaining('other sites') })
    // A bodiless cross-site POST needs no preflight either.
    expect((await raw('POST', '/v1/table/victim/drop', { origin: 'http://evil.example' })).status).toBe(403)
    expect(await rootTables()).toEqual(['keep', 'victim'])
  })

  it('refuses another local port and the opaque "null" origin, and accepts its own origin', async () => {
    const otherPort = server.port === 65535 ? 65534 : server.port + 1
    expect((await raw('POST', '/v1/table/victim/describe', { origin: `http://127.0.0.1:${otherPort}` })).status).toBe(403)
    expect((await raw('POST', '/v1/table/victim/describe', { origin: 'null' })).status).toBe(403)
    expect((await raw('POST', '/v1/table/victim/describe', { origin: `https://127.0.0.1:${server.port}` })).status).toBe(403)
    const json = { 'content-type': 'application/json' }
    expect((await raw('POST', '/v1/table/victim/describe', { ...json, origin: `http://localhost:${server.port}` }, '{}')).status).toBe(200)
    expect((await raw('POST', '/v1/table/victim/describe', { ...json, origin: `http://127.0.0.1:${server.port}` }, '{}')).status).toBe(200)
  })

  it('refuses a body not sent as application/json (400, as the spec lists no 415), and changes nothing', async () => {
    const plain = await raw('POST', '/v1/table/victim/drop', { 'content-type': 'text/plain' }, '{}')
    expect([plain.status, plain.body['code']]).toEqual([400, 13])
    expect(plain.body['error']).toMatch(/application\/json/)
    const form = await raw('POST', '/v1/namespace/formed/create', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b')
    expect(form.status).toBe(400)
    const untyped = await raw('POST', '/v1/namespace/untyped/create', {}, '{}')
    expect(untyped.status).toBe(400)
    const bodiless = await raw('POST', '/v1/namespace/bodiless/create')
    expect([bodiless.status, bodiless.body['error']]).toEqual([400, expect.stringMatching(/needs a JSON request body/)])
    const otherId = await raw('POST', '/v1/namespace/mine/create', { 'content-type': 'application/json' }, '{"id":["theirs"]}')
    expect([otherId.status, otherId.body['error']]).toEqual([400, expect.stringMatching(/names another object than the path/)])
    expect(await rootTables()).toEqual(['keep', 'victim'])
    expect((await raw('GET', '/v1/namespace/%24/list')).body['namespaces']).toEqual(['a'])
    // What API clients send still works: JSON with a charset, and a bodiless drop (the spec's).
    expect((await raw('POST', '/v1/table/victim/count_rows', { 'content-type': 'application/json; charset=utf-8' }, '{}')).text.trim()).toBe('3')
    expect((await raw('POST', '/v1/table/victim/count_rows')).status).toBe(400)
  })
})

describe('host names (DNS rebinding)', () => {
  it('refuses a foreign Host header with 403 and answers its own names', async () => {
    const rebound = await raw('GET', '/v1/namespace/%24/table/list', { host: `attacker.example:${server.port}` })
    expect(rebound.status).toBe(403)
    expect(rebound.body).toMatchObject({ code: 15, error: expect.stringContaining('attacker.example') })
    expect((await raw('POST', '/v1/table/victim/drop', { host: `attacker.example:${server.port}`, 'content-type': 'application/json' }, '{}')).status).toBe(403)
    expect(await rootTables()).toEqual(['keep', 'victim'])
    for (const host of [
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      `LOCALHOST:${server.port}`,
      `[::1]:${server.port}`,
      `catalog.internal:${server.port}`
    ]) {
      expect([host, (await raw('GET', '/v1/namespace/%24/list', { host })).status]).toEqual([host, 200])
    }
    expect((await raw('GET', '/v1/namespace/%24/list', { host: 'user@127.0.0.1' })).status).toBe(403)
  })

  it('listens on 127.0.0.1 unless told otherwise', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
  })
})

describe('database headers', () => {
  it.each([
    ['x-service-database', '__manifest', /internal files/],
    ['x-service-database', '__other', /internal files/],
    ['x-service-database', 'victim.lance', /table's folder/],
    ['x-service-database', 'VICTIM.LANCE', /table's folder/],
    ['x-service-database', '..', /leave the server's root/],
    ['x-service-database', '../x', /"\/" is not allowed/]
  ])('refuses %s: %s with a clear 400 and writes nothing', async (header, value, message) => {
    const before = await readdir(join(root, '__manifest'))
    const answer = await raw('POST', '/v1/namespace/planted/create', { [header]: value, 'content-type': 'application/json' }, '{}')
    expect([answer.status, answer.body['code']]).toEqual([400, 13])
    expect(answer.body['error']).toMatch(message)
    expect(answer.body['error']).toContain(header)
    expect(await readdir(join(root, '__manifest'))).toEqual(before)
    expect(existsSync(join(root, 'victim.lance', '__manifest'))).toBe(false)
  })

  it('refuses an internal prefix as well, and still serves a real database', async () => {
    const prefixed = await raw('GET', '/v1/tables', { 'x-service-database': 'products', 'x-service-database-prefix': 'victim.lance' })
    expect([prefixed.status, prefixed.body['code']]).toEqual([400, 13])
    expect(prefixed.body['error']).toContain('x-service-database-prefix')
    expect((await raw('GET', '/v1/tables', { 'x-service-database': 'shop' })).body).toEqual({ tables: ['products'] })
  })
})

describe('error bodies', () => {
  it('carry the spec shape without server paths or Rust source locations', async () => {
    // A table folder LanceDB cannot load: its errors name files on disk and Rust sources.
    await mkdir(join(root, 'wreck', 'broken.lance'), { recursive: true })
    await writeFile(join(root, 'wreck', 'broken.lance', '_versions'), 'not a folder')
    const headers = { 'content-type': 'application/json', 'x-service-database': 'wreck' }
    const answers = [
      await raw('POST', '/v1/table/broken/count_rows', headers, '{}'),
      await raw('POST', '/v1/table/broken/query', headers, '{}'),
      await raw('POST', '/v1/table/broken/describe', headers, '{"load_detailed_metadata":true}'),
      await raw('POST', '/v1/table/nope/count_rows', headers, '{}')
    ]
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.body).toMatchObject({ error: expect.any(String), code: expect.any(Number) })
      expect(answer.text).not.toContain(root)
      expect(answer.text).not.toContain(root.slice(1)) // object stores write local paths without the leading "/"
      expect(answer.text).not.toMatch(/\.rs:\d+|cargo\/registry/)
    }
    // The server's own messages keep the request paths they name.
    expect((await raw('GET', '/v1/nothing/here')).body['error']).toContain('GET /v1/nothing/here')
  })
})

describe('long names', () => {
  const long = 'n'.repeat(MAX_NAME_LENGTH + 1)

  it('refuses a namespace or table name over the limit with 400 invalid_name', async () => {
    const ns = await raw('POST', `/v1/namespace/${long}/create`, { 'content-type': 'application/json' }, '{}')
    expect([ns.status, ns.body['code']]).toEqual([400, 13])
    expect(ns.body['error']).toContain(`at most ${MAX_NAME_LENGTH} characters`)
    const table = await raw('POST', `/v1/table/${long}/create`, { 'content-type': 'application/vnd.apache.arrow.stream' }, sampleTableIpc(1))
    expect([table.status, table.body['code']]).toEqual([400, 13])
    expect(await rootTables()).toEqual(['keep', 'victim'])
  })

  it('answers 400 when a name within the limit makes too long a file name in a namespace', async () => {
    // Nested tables live in folders named `HASH_a$NAME`: 9 + 2 + 249 bytes is over 255.
    const name = 't'.repeat(MAX_NAME_LENGTH)
    const table = await raw('POST', `/v1/table/a%24${name}/create`, { 'content-type': 'application/vnd.apache.arrow.stream' }, sampleTableIpc(1))
    expect([table.status, table.body['code']]).toEqual([400, 13])
    expect(table.body['error']).toMatch(/too long/)
    expect(table.text).not.toContain(root.slice(1))
  })

  it('creates a table whose name is exactly at the limit', async () => {
    const name = 'm'.repeat(MAX_NAME_LENGTH)
    const table = await raw('POST', `/v1/table/${name}/create`, { 'content-type': 'application/vnd.apache.arrow.stream' }, sampleTableIpc(1))
    expect(table.status).toBe(200)
    expect((await raw('POST', `/v1/table/${name}/drop`)).status).toBe(200)
  })
})
