/**
 * Browser mode's call socket against the real host over a real LanceDB catalog: the page's
 * client (`SocketCalls`, run here on Node's own WebSocket, as the page runs it on the
 * browser's) gets the same answers as over HTTP, Arrow pages included; the host lets in
 * only what it lets in over HTTP; and nothing a socket sends stops the host.
 */
import { tableFromIPC } from 'apache-arrow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { IpcResult } from '../../shared/ipc-channels'
import type { RowsPage } from '../../shared/contract/tables'
import { MAX_SOCKET_CALL_BYTES, RPC_SOCKET_PATH, RPC_SOCKET_PROTOCOL, SocketCalls, socketProtocols, TOKEN_PROTOCOL_PREFIX } from '../../shared/rpc-socket'
import { startWebHost, type WebHost } from './host'
import { rawSocket, socketUrl, startTestHost, type TestHost } from '../../../test-kit/web-host'

const UNREACHABLE: IpcResult<never> = { ok: false, error: { code: 'unreachable', message: 'gone' } }

let app: TestHost

beforeAll(async () => {
  app = await startTestHost('socket')
})

afterAll(async () => {
  await app.close()
})

function pageCalls(host: WebHost, token = host.token): SocketCalls {
  return new SocketCalls(socketUrl(host), token, UNREACHABLE)
}

/** How the host answers a handshake: the HTTP status it refused with, or 101 when the socket opened. */
function handshake(host: WebHost, init: { path?: string; protocols?: string[]; headers?: Record<string, string> } = {}): Promise<number> {
  const { host: authority } = new URL(host.origin)
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://${authority}${init.path ?? RPC_SOCKET_PATH}`, init.protocols ?? socketProtocols(host.token), { headers: init.headers })
    socket.on('open', () => {
      socket.close()
      resolve(101)
    })
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.on('error', () => resolve(-1))
  })
}

/** The close code a socket ends with. */
function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)))
}

describe('the call socket', () => {
  it('answers as HTTP does, an Arrow page as bytes', async () => {
    const calls = pageCalls(app.host)
    try {
      expect(await calls.call('connections:list', {})).toEqual(await app.rpc('connections:list', {}))
      const request = { connectionId: app.connectionId, table: { namespace: [], name: 'items' }, offset: 1, limit: 3 }
      const read = await calls.call('tables:readRows', request)
      expect(read?.ok).toBe(true)
      const page = (read as { value: RowsPage }).value
      expect(page.arrow).toBeInstanceOf(Uint8Array)
      expect(page.rowCount).toBe(3)
      expect(Array.from(tableFromIPC(page.arrow).getChild('id') ?? [], Number)).toEqual([1, 2, 3])
      // The same bytes as over HTTP (which hands them over as a Node Buffer).
      const overHttp = (await app.rpc('tables:readRows', request)) as { value: RowsPage }
      expect({ ...page, arrow: Buffer.from(page.arrow) }).toEqual({ ...overHttp.value, arrow: Buffer.from(overHttp.value.arrow) })
      // An invalid request gets the same error value as over HTTP.
      const invalid = { connectionId: app.connectionId, table: { namespace: [], name: 'items' }, offset: -1, limit: 3 }
      expect(await calls.call('tables:readRows', invalid)).toEqual(await app.rpc('tables:readRows', invalid))
    } finally {
      calls.close()
    }
  })

  it('matches many calls at once to their own answers', async () => {
    const calls = pageCalls(app.host)
    try {
      const table = { namespace: [], name: 'items' }
      const offsets = Array.from({ length: 40 }, (_, i) => i % 5)
      const answers = await Promise.all(offsets.map((offset) => calls.call('tables:readRows', { connectionId: app.connectionId, table, offset, limit: 1 })))
      const firstIds = answers.map((answer) =>
        Number(
          tableFromIPC((answer as { value: RowsPage }).value.arrow)
            .getChild('id')
            ?.get(0)
        )
      )
      expect(firstIds).toEqual(offsets)
    } finally {
      calls.close()
    }
  })

  it('leaves a call larger than the socket takes to HTTP', async () => {
    const calls = pageCalls(app.host)
    try {
      const huge = { filter: 'x'.repeat(MAX_SOCKET_CALL_BYTES) }
      expect(await calls.call('connections:list', huge)).toBeNull()
    } finally {
      calls.close()
    }
  })

  it('opens only for what a call over HTTP may do', async () => {
    const { host: authority, port } = new URL(app.host.origin)
    expect(await handshake(app.host)).toBe(101)
    expect(await handshake(app.host, { headers: { origin: app.host.origin } })).toBe(101)
    expect(await handshake(app.host, { headers: { origin: `http://localhost:${port}` } })).toBe(101)
    // The wrong token, none at all, or the token outside its subprotocol.
    expect(await handshake(app.host, { protocols: socketProtocols('not-the-token') })).toBe(401)
    expect(await handshake(app.host, { protocols: [RPC_SOCKET_PROTOCOL] })).toBe(401)
    expect(await handshake(app.host, { protocols: [RPC_SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${app.host.token}x`] })).toBe(401)
    // Without the call protocol, on another path, from another site, or addressed to another host (DNS rebinding).
    expect(await handshake(app.host, { protocols: [`${TOKEN_PROTOCOL_PREFIX}${app.host.token}`] })).toBe(400)
    expect(await handshake(app.host, { path: '/rpc/connections:list' })).toBe(404)
    expect(await handshake(app.host, { headers: { origin: 'http://evil.example' } })).toBe(403)
    expect(await handshake(app.host, { headers: { origin: `http://${authority}.evil.example` } })).toBe(403)
    expect(await handshake(app.host, { headers: { host: `evil.example:${port}` } })).toBe(403)
  })

  it('sends the page to HTTP when its token is refused', async () => {
    const calls = pageCalls(app.host, 'not-the-token')
    try {
      expect(await calls.call('connections:list', {})).toBeNull()
    } finally {
      calls.close()
    }
  })

  it('closes a socket that sends what is not a call, and goes on answering', async () => {
    const unreadable = [
      'not json',
      // Characters outside ASCII: the close reason (at most 123 bytes) never quotes the message.
      `{"id":1,"channel":"${'é'.repeat(200)}`,
      '[]',
      '{"channel":"connections:list"}',
      '{"id":-1,"channel":"connections:list"}',
      '{"id":1,"channel":""}',
      Buffer.from('LCW1')
    ]
    for (const message of unreadable) {
      const socket = await rawSocket(app.host)
      const code = closed(socket)
      socket.send(message)
      expect(await code, String(message)).toBe(1008)
    }
    // Over the limit: closed as too big (1009) before any of it is parsed.
    const socket = await rawSocket(app.host)
    const code = closed(socket)
    socket.send('x'.repeat(MAX_SOCKET_CALL_BYTES + 1))
    expect(await code).toBe(1009)
    const calls = pageCalls(app.host)
    expect(await calls.call('connections:list', {})).toMatchObject({ ok: true })
    calls.close()
  })

  it('answers with an error when a result cannot be sent, and goes on answering', async () => {
    // A handler whose value JSON cannot hold (a BigInt).
    const handlers = { ...app.core.handlers, 'connections:list': () => Promise.resolve([{ id: 1n }] as never) }
    const odd = await startWebHost({ handlers, rendererDir: app.dir })
    const calls = pageCalls(odd)
    try {
      expect(await calls.call('connections:list', {})).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringContaining('BigInt') } })
      expect(await calls.call('app:info', {})).toMatchObject({ ok: true })
    } finally {
      calls.close()
      await odd.close()
    }
  })

  it('answers a channel that does not exist with an error, as HTTP does', async () => {
    const calls = pageCalls(app.host)
    expect(await calls.call('tables:nope', {})).toEqual({ ok: false, error: { code: 'invalid_request', message: 'There is no channel "tables:nope".' } })
    calls.close()
  })

  it('settles a call in flight when the host goes away, and reconnects when it is back', async () => {
    // A second host on the same app whose `connections:list` waits until released.
    let release = (): void => undefined
    const waiting = new Promise<void>((resolve) => (release = resolve))
    const handlers = {
      ...app.core.handlers,
      'connections:list': async (request: Record<string, never>) => {
        await waiting
        return app.core.handlers['connections:list'](request)
      }
    }
    const first = await startWebHost({ handlers, rendererDir: app.dir })
    const calls = pageCalls(first)
    const inFlight = calls.call('connections:list', {})
    // A second call answered on the same socket: the first one is on it before the host goes.
    expect(await calls.call('tables:nope', {})).toMatchObject({ ok: false })
    await first.close()
    expect(await inFlight).toEqual(UNREACHABLE)
    release()
    // Back on the same port with the same token: the next call opens a new socket.
    const again = await startWebHost({ handlers: app.core.handlers, rendererDir: app.dir, port: first.port, token: first.token })
    try {
      expect(await calls.call('connections:list', {})).toEqual(await app.rpc('connections:list', {}))
    } finally {
      calls.close()
      await again.close()
    }
  })
})
