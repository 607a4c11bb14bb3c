import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startStorageMergeProxy, withOwnOptions, type StorageMergeProxy } from './storage-merge-proxy'

const own = { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', aws_secret_access_key: 'profile-secret' }
const opened: Array<{ close(): Promise<void> | void }> = []
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close()
})

/** A catalog that answers describe with `vended` storage options and echoes everything else. */
async function catalog(vended: Record<string, string> | null): Promise<string> {
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      if (req.url?.startsWith('/base/v1/table/t/describe')) res.end(JSON.stringify({ location: 's3://b/t', ...(vended ? { storage_options: vended } : {}) }))
      else res.end(JSON.stringify({ url: req.url, method: req.method, body, key: req.headers['x-api-key'] ?? null }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  opened.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/base`
}

async function relay(vended: Record<string, string> | null): Promise<StorageMergeProxy> {
  const proxy = await startStorageMergeProxy(await catalog(vended), own)
  opened.push(proxy)
  return proxy
}

describe('the storage-merging relay', () => {
  it("merges the profile's options under a describe's, the catalog's winning per key", async () => {
    const proxy = await relay({ aws_access_key_id: 'AKID', aws_secret_access_key: 'vended-secret', expires_at_millis: '99' })
    const described = (await (await fetch(`${proxy.uri}/v1/table/t/describe`, { method: 'POST', body: '{}' })).json()) as Record<string, unknown>
    expect(described).toEqual({ location: 's3://b/t', storage_options: { ...own, aws_access_key_id: 'AKID', aws_secret_access_key: 'vended-secret', expires_at_millis: '99' } })
  })

  it("gives a describe that vends nothing the profile's options, and passes other routes through unchanged", async () => {
    const proxy = await relay(null)
    expect(((await (await fetch(`${proxy.uri}/v1/table/t/describe`, { method: 'POST', body: '{}' })).json()) as Record<string, unknown>)['storage_options']).toEqual(own)
    const echoed = await (await fetch(`${proxy.uri}/v1/namespace/%24/list?limit=2`, { headers: { 'x-api-key': 'k-1' } })).json()
    expect(echoed).toEqual({ url: '/base/v1/namespace/%24/list?limit=2', method: 'GET', body: '', key: 'k-1' })
  })

  it('answers nothing outside its random path', async () => {
    const proxy = await relay(null)
    const origin = new URL(proxy.uri).origin
    expect((await fetch(`${origin}/v1/table/t/describe`, { method: 'POST', body: '{}' })).status).toBe(404)
  })

  it('leaves an answer that is not a JSON object as it is', () => {
    expect(withOwnOptions('not json', own)).toBe('not json')
    expect(withOwnOptions('[1]', own)).toBe('[1]')
  })
})
