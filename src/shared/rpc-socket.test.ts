/**
 * The page's end of the call socket against small WebSocket servers on 127.0.0.1 that
 * misbehave on purpose: one that sends what is not an answer, one that refuses every
 * socket. (The real host is tested in src/main/web/host-socket.test.ts.)
 */
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import type { IpcResult } from './ipc-channels'
import { RPC_SOCKET_PROTOCOL, SocketCalls, SOCKET_CLOSE } from './rpc-socket'

const UNREACHABLE: IpcResult<never> = { ok: false, error: { code: 'unreachable', message: 'gone' } }

let server: WebSocketServer | undefined

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A server that answers each socket's messages with `reply`, counting the sockets it was asked for. */
async function startServer(reply: (socket: WebSocket, message: string) => void, accept = true): Promise<{ url: string; handshakes: () => number }> {
  let handshakes = 0
  const started = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (protocols) => (protocols.has(RPC_SOCKET_PROTOCOL) ? RPC_SOCKET_PROTOCOL : false),
    verifyClient: (_info, done) => {
      handshakes++
      // 403: Node's WebSocket asks a second time after a 401, which would count twice here.
      done(accept, 403)
    }
  })
  server = started
  started.on('connection', (socket) => socket.on('message', (data: Buffer) => reply(socket, data.toString('utf8'))))
  await new Promise((resolve) => started.once('listening', resolve))
  const { port } = started.address() as AddressInfo
  return { url: `ws://127.0.0.1:${port}/rpc-socket`, handshakes: () => handshakes }
}

describe('SocketCalls', () => {
  it('fails the calls on a socket that sends what is not an answer, and opens a new one for the next call', async () => {
    let garbled = true
    const { url, handshakes } = await startServer((socket, message) => {
      const { id } = JSON.parse(message) as { id: number }
      socket.send(garbled ? 'not an answer' : JSON.stringify({ id, result: { ok: true, value: 'fine' } }))
    })
    const calls = new SocketCalls(url, 'token', UNREACHABLE)
    expect(await calls.call('app:info', {})).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The app host sent an answer this page cannot read. Try again.' }
    })
    garbled = false
    expect(await calls.call('app:info', {})).toEqual({ ok: true, value: 'fine' })
    expect(handshakes()).toBe(2)
    calls.close()
  })

  it('ignores an answer to no call of its own, and keeps waiting for the real one', async () => {
    const { url } = await startServer((socket, message) => {
      const { id } = JSON.parse(message) as { id: number }
      socket.send(JSON.stringify({ id: id + 1000, result: { ok: true, value: 'stray' } }))
      socket.send(JSON.stringify({ id, result: { ok: true, value: 'mine' } }))
    })
    const calls = new SocketCalls(url, 'token', UNREACHABLE)
    expect(await calls.call('app:info', {})).toEqual({ ok: true, value: 'mine' })
    calls.close()
  })

  it('leaves calls to HTTP while a refused socket waits to be tried again', async () => {
    const { url, handshakes } = await startServer(() => undefined, false)
    let now = 0
    const calls = new SocketCalls(url, 'token', UNREACHABLE, () => now)
    expect(await calls.call('app:info', {})).toBeNull()
    expect(await calls.call('app:info', {})).toBeNull()
    expect(handshakes()).toBe(1)
    now += 2_001
    expect(await calls.call('app:info', {})).toBeNull()
    expect(handshakes()).toBe(2)
  })

  it('leaves calls to HTTP when the WebSocket refuses the address or the token outright', async () => {
    const { url, handshakes } = await startServer(() => undefined)
    // A space is not allowed in a subprotocol; an address must be ws: or wss:.
    for (const calls of [new SocketCalls(url, 'not a token', UNREACHABLE), new SocketCalls('http://', 'token', UNREACHABLE)]) {
      expect(await calls.call('app:info', {})).toBeNull()
    }
    expect(handshakes()).toBe(0)
  })

  it("fails a call in flight with the host's reason when the host closes the socket over a message", async () => {
    const { url } = await startServer((socket) => socket.close(SOCKET_CLOSE.policy, 'A message came in more than 1024 fragments.'))
    const calls = new SocketCalls(url, 'token', UNREACHABLE)
    expect(await calls.call('app:info', {})).toEqual({
      ok: false,
      error: { code: 'unreachable', message: "The app host closed this tab's connection: A message came in more than 1024 fragments." }
    })
  })

  it('sends a call in flight over HTTP when the host closed an idle socket as it arrived', async () => {
    const { url } = await startServer((socket) => socket.close(SOCKET_CLOSE.idle, 'Closed after 10 min without calls.'))
    const calls = new SocketCalls(url, 'token', UNREACHABLE)
    expect(await calls.call('app:info', {})).toBeNull()
  })

  it('sends calls over HTTP for a while when the host has every socket taken', async () => {
    let handshakes = 0
    const { url } = await startServer(() => undefined)
    server?.on('connection', (socket) => {
      handshakes++
      socket.close(SOCKET_CLOSE.full, 'The app host has 1000 tabs connected; this one uses HTTP.')
    })
    let now = 0
    const calls = new SocketCalls(url, 'token', UNREACHABLE, () => now)
    expect(await calls.call('app:info', {})).toBeNull()
    expect(await calls.call('app:info', {})).toBeNull()
    expect(handshakes).toBe(1)
    now += 2_001
    expect(await calls.call('app:info', {})).toBeNull()
    expect(handshakes).toBe(2)
  })
})
