/**
 * What LanceDB's remote client (`connect('db://…')`) puts on the wire for a cascading
 * namespace drop, checked against the installed SDK. The reference server strips one layer
 * of JSON quotes from drop behaviours and modes (request-fields.ts) because LanceDB 0.39.0's
 * remote client sends `"\"Cascade\""` (its REST namespace client sends `"Cascade"`); when an
 * upgrade sends the plain value, this test fails and the unquoting can go.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from '@lancedb/lancedb'
import { afterEach, describe, expect, it } from 'vitest'
import { dropBehaviorOf } from './request-fields'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** A server on 127.0.0.1 that answers every request with `{}` and keeps each drop request's JSON body. */
async function recordingServer(): Promise<{ url: string; drops: Record<string, unknown>[] }> {
  const drops: Record<string, unknown>[] = []
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      if (req.url?.includes('/drop')) drops.push(JSON.parse(body || '{}') as Record<string, unknown>)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  )
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, drops }
}

describe('LanceDB remote client, namespace drop', () => {
  it('sends the cascade behaviour JSON-encoded twice, which the server unquotes', async () => {
    const { url, drops } = await recordingServer()
    const db = await connect('db://quirks', { apiKey: 'key', hostOverride: url })
    try {
      await db.dropNamespace(['a'], { behavior: 'cascade', mode: 'skip' })
    } finally {
      db.close()
    }
    expect(drops).toHaveLength(1)
    expect(drops[0]).toEqual({ behavior: '"Cascade"', mode: '"Skip"' })
    expect(dropBehaviorOf(drops[0]!['behavior'])).toBe('cascade')
  })
})
