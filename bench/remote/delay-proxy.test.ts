import { createServer } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { listenOnLoopback, type LoopbackServer } from '../../test-kit/loopback'
import { startDelayProxy, type DelayProxy } from './delay-proxy'

/** An upstream that answers each request with its method, path and body, echoed. */
async function startEcho(): Promise<LoopbackServer> {
  return listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        res.writeHead(201, { 'x-echo': `${req.method} ${req.url}`, 'x-signed': String(req.headers['authorization'] ?? '') })
        res.end(body)
      })
    })
  )
}

let echo: LoopbackServer | undefined
let proxy: DelayProxy | undefined
afterEach(async () => {
  await proxy?.close()
  await echo?.close()
  proxy = undefined
  echo = undefined
})

describe('the delay proxy', () => {
  it('passes requests and answers through unchanged, counting each by method', async () => {
    echo = await startEcho()
    proxy = await startDelayProxy(echo.port, 0)
    const body = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251))
    const put = await fetch(`${proxy.url}/bucket/key?part=2`, { method: 'PUT', body, headers: { authorization: 'AWS4 signed' } })
    expect(put.status).toBe(201)
    expect(put.headers.get('x-echo')).toBe('PUT /bucket/key?part=2')
    expect(put.headers.get('x-signed')).toBe('AWS4 signed')
    expect(Buffer.from(await put.arrayBuffer()).equals(body)).toBe(true)
    expect(proxy.counts()).toEqual({ total: 1, byMethod: { PUT: 1 } })
    await (await fetch(`${proxy.url}/bucket/key`)).arrayBuffer()
    await (await fetch(`${proxy.url}/bucket/other`, { method: 'HEAD' })).arrayBuffer()
    expect(proxy.counts()).toEqual({ total: 3, byMethod: { PUT: 1, GET: 1, HEAD: 1 } })
  })

  it('holds every request back by the delay, also several at once', async () => {
    echo = await startEcho()
    proxy = await startDelayProxy(echo.port, 120)
    const url = proxy.url
    const timed = async (): Promise<number> => {
      const begun = performance.now()
      await (await fetch(`${url}/bucket/key`)).arrayBuffer()
      return performance.now() - begun
    }
    // A lower bound only: an answer cannot come before the delay has passed.
    const times = await Promise.all([timed(), timed(), timed()])
    for (const time of times) expect(time).toBeGreaterThanOrEqual(119)
    expect(proxy.counts().total).toBe(3)
  })

  it('refuses a negative delay', async () => {
    await expect(startDelayProxy(1, -5)).rejects.toThrow(/0 ms or more/)
  })
})
