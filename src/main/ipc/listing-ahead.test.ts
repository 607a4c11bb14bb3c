import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startListingServer, type ListingServer } from '../../../test-kit/listing-server'
import { buildNestedCatalog, makeTempDir, removeDir } from '../../../test-kit/lancedb-catalog'
import type { Page, PageWithFollowing } from '../../shared/catalog-types'
import { setUpApp, type AppCore } from '../app-setup'
import { dirSpec, restSpec } from '../connections/connection-spec'
import { callHandler } from './call-handler'

/** Every page of a listing, one call per page, as the tree asked before `ahead` existed. */
async function onePageAtATime(list: (pageToken: string | null) => Promise<Page<string>>): Promise<Page<string>[]> {
  const pages: Page<string>[] = []
  let token: string | null = null
  do {
    const page: Page<string> = await list(token)
    pages.push({ items: page.items, nextPageToken: page.nextPageToken })
    token = page.nextPageToken
  } while (token)
  return pages
}

/** The pages of one answer: the asked one, then the ones that followed it. */
const pagesOf = (answer: PageWithFollowing<string>): Page<string>[] => [
  { items: answer.items, nextPageToken: answer.nextPageToken },
  ...(answer.following ?? [])
]

describe('listing calls that bring the following pages', () => {
  let dir: string
  let listing: ListingServer
  let failing: Server
  let core: AppCore
  const ids = { rest: '', dir: '', failing: '' }

  beforeAll(async () => {
    dir = await makeTempDir('lcb-ahead-')
    listing = await startListingServer({ children: 250 })
    // A server whose second page fails, as a catalog that loses a namespace mid-listing would.
    failing = createServer((req, res) => {
      const second = new URL(req.url ?? '/', 'http://x').searchParams.get('page_token') === 'p2'
      res.writeHead(second ? 404 : 200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(second ? { error: 'Namespace big not found', code: 1 } : { namespaces: ['a', 'b'], page_token: 'p2' }))
    })
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    const failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`
    const root = join(dir, 'catalog')
    const namespaces = Object.fromEntries(Array.from({ length: 23 }, (_, i) => [`ns_${String(i).padStart(2, '0')}`, {}]))
    await buildNestedCatalog(root, { namespaces: { ...namespaces, sales: { tables: { t1: 1, t2: 1, t3: 1, t4: 1, t5: 1 } } } })
    const connections = [restSpec(listing.url, []), dirSpec(root), restSpec(failingUrl, [])]
    core = await setUpApp({ port: 0, dataDir: undefined, connections }, join(dir, 'data'), { info: { host: 'browser', version: 'test' } })
    const [rest, dirConnection, failingConnection] = core.registry.list()
    Object.assign(ids, { rest: rest?.id, dir: dirConnection?.id, failing: failingConnection?.id })
  })

  afterAll(async () => {
    await core.close()
    await listing.close()
    await new Promise<void>((resolve) => failing.close(() => resolve()))
    await removeDir(dir)
  })

  const call = (request: Record<string, unknown>, channel: 'namespaces:list' | 'tables:list' = 'namespaces:list'): Promise<PageWithFollowing<string>> =>
    callHandler<PageWithFollowing<string>>(core.handlers, channel, request)

  it('REST: brings the asked page and the ones after it, the same pages as one call each', async () => {
    const request = { connectionId: ids.rest, parent: ['big'], limit: 40 }
    const single = await onePageAtATime((pageToken) => call({ ...request, pageToken }))
    expect(single.map((page) => page.items.length)).toEqual([40, 40, 40, 40, 40, 40, 10])

    const first = await call({ ...request, ahead: 3 })
    expect(pagesOf(first)).toEqual(single.slice(0, 4))
    // Past the end it stops at the last page, however many were asked for.
    const rest = await call({ ...request, pageToken: first.following?.at(-1)?.nextPageToken, ahead: 10 })
    expect(pagesOf(rest)).toEqual(single.slice(4))
    expect(single.flatMap((page) => page.items)).toEqual(Array.from({ length: 250 }, (_, i) => listing.childName(i)))
  })

  it('without `ahead` answers one page, as before', async () => {
    const answer = await call({ connectionId: ids.rest, parent: ['big'], limit: 100 })
    expect(answer.following).toBeUndefined()
    expect(answer.items).toHaveLength(100)
    expect(answer.nextPageToken).not.toBeNull()
  })

  it("dir: namespaces and tables follow LanceDB's tokens the same way", async () => {
    const namespaces = { connectionId: ids.dir, parent: [], limit: 10 }
    const single = await onePageAtATime((pageToken) => call({ ...namespaces, pageToken }))
    expect(single.flatMap((page) => page.items)).toHaveLength(24)
    expect(pagesOf(await call({ ...namespaces, ahead: 5 }))).toEqual(single)

    const tables = { connectionId: ids.dir, namespace: ['sales'], limit: 2 }
    const singleTables = await onePageAtATime((pageToken) => call({ ...tables, pageToken }, 'tables:list'))
    expect(singleTables.flatMap((page) => page.items).sort()).toEqual(['t1', 't2', 't3', 't4', 't5'])
    expect(pagesOf(await call({ ...tables, ahead: 5 }, 'tables:list'))).toEqual(singleTables)
  })

  it('a following page that fails ends the answer early; asking for that page shows the error', async () => {
    const request = { connectionId: ids.failing, parent: ['big'], limit: 2 }
    const answer = await call({ ...request, ahead: 3 })
    expect(answer).toEqual({ items: ['a', 'b'], nextPageToken: 'p2', following: [] })
    await expect(call({ ...request, pageToken: 'p2' })).rejects.toMatchObject({ code: 'namespace_not_found' })
  })

  it('refuses more than 10 pages ahead, or a negative count', async () => {
    for (const ahead of [11, -1, 1.5]) {
      await expect(call({ connectionId: ids.rest, parent: ['big'], ahead })).rejects.toMatchObject({ code: 'invalid_request' })
    }
  })
})
