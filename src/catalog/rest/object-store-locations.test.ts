/**
 * REST catalogs whose tables live on an object store: the reference server serves a
 * LanceDB catalog on `s3://bucket/prefix` (s3rver behind the signature gate), its
 * describe returns `s3://` locations with `storage_options`, and the app's REST client
 * reads the rows through the data routes, or, on a metadata-only catalog, at the
 * location with the storage options the describe returned (the client has no keys of
 * its own, and the store refuses unsigned requests).
 */
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog } from '../../../test-kit/lancedb-catalog'
import { startTestS3, type TestS3 } from '../../../test-kit/s3-server'
import { startCatalogServer, type RunningCatalogServer } from '../../../server/server'
import { openRestCatalog } from './rest-namespace'

let s3: TestS3
let root: string
const servers: RunningCatalogServer[] = []

beforeAll(async () => {
  s3 = await startTestS3()
  root = `s3://${s3.bucket}/catalogs/rest`
  await buildNestedCatalog(root, { tables: { top: 3 }, namespaces: { sales: { tables: { orders: 12 } } } }, s3.storageOptions)
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await s3?.close()
})

async function serve(
  dataRoutes: boolean,
  log?: string[],
  credentialLifetimeMs: number | null = null,
  vendStorageOptions: readonly string[] | null = null
): Promise<RunningCatalogServer> {
  const server = await startCatalogServer({
    root,
    storageOptions: s3.storageOptions,
    dataRoutes,
    credentialLifetimeMs,
    vendStorageOptions,
    ...(log ? { log: (line: string) => log.push(line) } : {})
  })
  servers.push(server)
  return server
}

async function describeJson(server: RunningCatalogServer, id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/v1/table/${encodeURIComponent(id)}/describe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}'
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

function ids(arrow: Uint8Array): number[] {
  return tableFromIPC(arrow)
    .toArray()
    .map((row: { id: unknown }) => Number(row.id))
}

const orders = { namespace: ['sales'], name: 'orders' }

describe('a REST catalog on an S3-compatible store', () => {
  it('describes tables with s3:// locations and the storage options that reach them', async () => {
    const server = await serve(true)
    const described = await describeJson(server, 'sales$orders')
    expect(described.location).toMatch(new RegExp(`^s3://${s3.bucket}/catalogs/rest/`))
    expect(described.storage_options).toEqual(s3.storageOptions)
  })

  it('refuses a declare, which would need a marker file on the store, and leaves nothing listed', async () => {
    const server = await serve(false)
    const response = await fetch(`${server.url}/v1/table/sales%24declared/declare`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}'
    })
    expect(response.status).not.toBe(200)
    expect(((await response.json()) as { error: string }).error).toMatch(/declares tables only in a catalog on local disk/)
    const listed = (await (await fetch(`${server.url}/v1/namespace/sales/table/list`)).json()) as { tables: string[] }
    expect(listed.tables).toEqual(['orders'])
  })

  it('reads rows through the data routes', async () => {
    const server = await serve(true)
    const client = openRestCatalog({ uri: server.url })
    try {
      const described = await client.table(orders).describe()
      expect(described.rowCount).toBe('12')
      expect(described.location).toMatch(/^s3:\/\//)
      expect(ids((await client.table(orders).readRows({ offset: 9, limit: 5 })).arrow)).toEqual([9, 10, 11])
      expect(client.mode).toBe('routes')
    } finally {
      await client.close()
    }
  })

  it('reads rows at the location with the described storage options when the catalog serves metadata only', async () => {
    const log: string[] = []
    const server = await serve(false, log)
    const client = openRestCatalog({ uri: server.url })
    try {
      expect((await client.table(orders).describe()).rowCount).toBe('12')
      expect(client.mode).toBe('location')
      const page = await client.table(orders).readRows({ offset: 2, limit: 3, columns: ['id'], filter: 'id >= 0' })
      expect(ids(page.arrow)).toEqual([2, 3, 4])
      expect(await client.table({ namespace: [], name: 'top' }).countRows('id > 0')).toBe('2')
      // Every data route the client tried answered 404: the rows came from the store.
      const dataCalls = log.filter((line) => /\/(count_rows|query|stats)\b/.test(line))
      expect(dataCalls.length).toBeGreaterThan(0)
      expect(dataCalls.every((line) => line.includes('-> 404'))).toBe(true)
    } finally {
      await client.close()
    }
  })

  /** Reads the same rows at the location three times; answers the ids and how often the table was described. */
  async function readAtLocation(credentialLifetimeMs: number): Promise<{ ids: number[][]; describes: number }> {
    const log: string[] = []
    const server = await serve(false, log, credentialLifetimeMs)
    const client = openRestCatalog({ uri: server.url })
    try {
      const pages: number[][] = []
      for (let i = 0; i < 3; i++) pages.push(ids((await client.table(orders).readRows({ offset: 0, limit: 4 })).arrow))
      return { ids: pages, describes: log.filter((line) => line.startsWith('POST /v1/table/sales%24orders/describe')).length }
    } finally {
      await client.close()
    }
  }

  it('describes the table anew while reading when the vended credentials run out soon (expires_at_millis)', async () => {
    // Ten minutes: the credentials outlive every read, so the table is described once, to
    // open it, and the kept handle serves the other reads.
    const lasting = await readAtLocation(10 * 60_000)
    // Twenty seconds: inside the window in which LanceDB renews credentials before they expire.
    const expiring = await readAtLocation(20_000)
    expect(lasting.ids).toEqual([
      [0, 1, 2, 3],
      [0, 1, 2, 3],
      [0, 1, 2, 3]
    ])
    expect(expiring.ids).toEqual(lasting.ids)
    expect(lasting.describes).toBe(1)
    expect(expiring.describes).toBeGreaterThan(lasting.describes)
    const described = await describeJson(await serve(false, undefined, 20_000), 'sales$orders')
    const expiresAt = Number((described.storage_options as Record<string, string>).expires_at_millis)
    expect(expiresAt).toBeGreaterThan(Date.now())
  })

  describe("with the profile's own storage options", () => {
    const credentials = ['aws_access_key_id', 'aws_secret_access_key']
    /** The options a describe leaves out when the server vends only `vended`: the profile supplies them. */
    const own = (vended: readonly string[]): Record<string, string> =>
      Object.fromEntries(
        Object.entries(s3.storageOptions)
          .filter(([name]) => !vended.includes(name))
          .map(([name, value]) => [`storage.${name}`, value])
      )

    async function firstIds(server: RunningCatalogServer, properties: Record<string, string>): Promise<number[]> {
      const client = openRestCatalog({ uri: server.url, ...properties })
      try {
        return ids((await client.table(orders).readRows({ offset: 0, limit: 4 })).arrow)
      } finally {
        await client.close()
      }
    }

    it('reads at the location only with the endpoint, region and allow_http the describe leaves out', async () => {
      const server = await serve(false, undefined, null, credentials)
      const described = await describeJson(server, 'sales$orders')
      expect(Object.keys(described.storage_options as object).sort()).toEqual(credentials)
      // Without the profile's options LanceDB goes to AWS's endpoint and cannot reach the table.
      await expect(firstIds(server, {})).rejects.toThrow(/Failed to resolve region/)
      expect(await firstIds(server, own(credentials))).toEqual([0, 1, 2, 3])
    })

    it("lets the describe's options win over the profile's for the same key, also when they are renewed before expiry", async () => {
      const wrongSecret = { ...own([]), 'storage.aws_secret_access_key': 'WRONG-SECRET' }
      // The store refuses the profile's wrong secret when the describe vends no credentials...
      const withoutSecret = await serve(false, undefined, null, [])
      await expect(firstIds(withoutSecret, wrongSecret)).rejects.toThrow(/SignatureDoesNotMatch/)
      // ...and reads when the describe's credentials replace the profile's, at open and at each renewal.
      expect(await firstIds(await serve(false, undefined, null, credentials), wrongSecret)).toEqual([0, 1, 2, 3])
      const log: string[] = []
      const renewing = await serve(false, log, 20_000, credentials)
      const client = openRestCatalog({ uri: renewing.url, ...wrongSecret })
      try {
        for (let i = 0; i < 3; i++) expect(ids((await client.table(orders).readRows({ offset: 0, limit: 4 })).arrow)).toEqual([0, 1, 2, 3])
      } finally {
        await client.close()
      }
      // Three opens, plus the renewals of credentials inside LanceDB's refresh window.
      expect(log.filter((line) => line.startsWith('POST /v1/table/sales%24orders/describe')).length).toBeGreaterThan(3)
    })
  })
})
