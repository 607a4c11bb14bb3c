/**
 * What a call socket may hold, against the real host over a real LanceDB table whose pages
 * are 15 MiB, with the limits shortened: a tab (or HTTP connection) that never reads its
 * answers does not hold up another tab's reads, an idle socket is closed and the page opens a new one, sockets
 * past the cap are refused (the page goes over HTTP), and messages that come in too many
 * fragments or too slowly are refused with a reason. Message shapes come from a seed.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { IpcResult } from '../../shared/ipc-channels'
import { encodeSocketMessage, SocketCalls, SOCKET_CLOSE } from '../../shared/rpc-socket'
import { setUpApp, type AppCore } from '../app-setup'
import { dirSpec } from '../connections/connection-spec'
import { createWideTable } from '../../../test-kit/wide-table'
import { mulberry32 } from '../../../test-kit/prng'
import { rawSocket, socketUrl } from '../../../test-kit/web-host'
import { startWebHost, TOKEN_HEADER, type WebHost } from './host'
import type { SocketLimits } from './socket-calls'

const UNREACHABLE: IpcResult<never> = { ok: false, error: { code: 'unreachable', message: 'gone' } }
const PAGE_ROWS = 3_900
const ROW_BYTES = 4_096

let dir: string
let rendererDir: string
let core: AppCore
let connectionId: string
const hosts: WebHost[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-socket-bounds-'))
  rendererDir = join(dir, 'renderer')
  await mkdir(rendererDir)
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
  await createWideTable(join(dir, 'catalog'), 'wide', PAGE_ROWS, ROW_BYTES)
  core = await setUpApp({ port: 0, dataDir: undefined, connections: [dirSpec(join(dir, 'catalog'), 'Wide')] }, join(dir, 'data'), {
    info: { host: 'browser', version: 'test' }
  })
  connectionId = (await core.handlers['connections:list']({}))[0]?.id ?? ''
}, 60_000)

afterAll(async () => {
  for (const host of hosts) await host.close()
  await core?.close()
  await rm(dir, { recursive: true, force: true })
})

/** A host over the shared app with some limits shortened. */
async function hostWith(limits: Partial<SocketLimits>): Promise<WebHost> {
  const host = await startWebHost({ handlers: core.handlers, rendererDir, limits })
  hosts.push(host)
  return host
}

/** The code and reason a socket closes with, or null when it is still open after `ms`. */
function closedWithin(socket: WebSocket, ms: number): Promise<{ code: number; reason: string } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms)
    socket.once('close', (code, reason) => {
      clearTimeout(timer)
      resolve({ code, reason: reason.toString() })
    })
  })
}

const read = () => ({ connectionId, table: { namespace: [], name: 'wide' }, offset: 0, limit: PAGE_ROWS })

describe('call socket bounds', () => {
  it('lets another tab read within 2 s while two tabs never read their 15 MiB answers', async () => {
    const host = await hostWith({ answerHandoverMs: 800 })
    // Two tabs that ask for three pages each and never take an answer: between them they hold every row-read slot.
    const stuck = await Promise.all([rawSocket(host), rawSocket(host)])
    const pages = [0, 0]
    stuck.forEach((socket, i) => {
      socket.on('message', () => (pages[i] = (pages[i] ?? 0) + 1))
      socket.pause()
      for (let id = 1; id <= 3; id++) socket.send(encodeSocketMessage({ id, channel: 'tables:readRows', request: read() }).text ?? '')
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const tab = new SocketCalls(socketUrl(host), host.token, UNREACHABLE)
    try {
      const started = Date.now()
      const answer = await Promise.race([
        tab.call('tables:readRows', { ...read(), limit: 10 }),
        new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 2_000))
      ])
      expect(answer === 'waiting' ? answer : answer?.ok).toBe(true)
      expect(Date.now() - started).toBeLessThan(2_000)
      // The tabs that did not read were cut once the handover time passed: reading again,
      // each finds its socket closed before its three pages came.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const closed = stuck.map((socket) => closedWithin(socket, 5_000))
      for (const socket of stuck) socket.resume()
      for (const outcome of await Promise.all(closed)) expect(outcome).not.toBeNull()
      expect(
        pages.every((count) => count < 3),
        String(pages)
      ).toBe(true)
    } finally {
      tab.close()
      for (const socket of stuck) socket.terminate()
    }
  }, 20_000)

  it('lets a read over HTTP answer within 2 s while three connections never read their 15 MiB answers', async () => {
    const host = await hostWith({ answerHandoverMs: 800 })
    const { port } = new URL(host.origin)
    const body = JSON.stringify(read())
    // Three connections that each ask for a page and never read: together they hold every row-read slot.
    const stuck = Array.from({ length: 3 }, () => {
      const socket = connect(Number(port), '127.0.0.1')
      socket.write(
        `POST /rpc/tables:readRows HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${TOKEN_HEADER}: ${host.token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
      )
      socket.pause()
      return socket
    })
    try {
      await new Promise((resolve) => setTimeout(resolve, 300))
      const started = Date.now()
      const answer = await Promise.race([
        fetch(`${host.origin}/rpc/tables:readRows`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token },
          body: JSON.stringify({ ...read(), limit: 10 })
        }).then((reply) => reply.status),
        new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 2_000))
      ])
      expect(answer).toBe(200)
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      for (const socket of stuck) socket.destroy()
    }
  }, 20_000)

  it('closes a socket idle for the idle time, saying why, and the page opens a new one for its next call', async () => {
    const host = await hostWith({ idleMs: 300 })
    const socket = await rawSocket(host)
    const closed = closedWithin(socket, 2_000)
    // A socket in use stays open past the idle time.
    const busy = await rawSocket(host)
    const busyClosed = closedWithin(busy, 700)
    const keepBusy = setInterval(() => busy.send(encodeSocketMessage({ id: 1, channel: 'app:info', request: {} }).text ?? ''), 100)
    expect(await closed).toEqual({ code: SOCKET_CLOSE.idle, reason: 'Closed after 0.3 s without calls.' })
    expect(await busyClosed).toBeNull()
    clearInterval(keepBusy)
    busy.terminate()
    const tab = new SocketCalls(socketUrl(host), host.token, UNREACHABLE)
    try {
      expect(await tab.call('app:info', {})).toMatchObject({ ok: true })
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(await tab.call('app:info', {})).toMatchObject({ ok: true })
    } finally {
      tab.close()
    }
  })

  it('refuses sockets past the cap with a reason, and the page then calls over HTTP', async () => {
    const host = await hostWith({ maxSockets: 3 })
    const open = await Promise.all([rawSocket(host), rawSocket(host), rawSocket(host)])
    try {
      const extra = await rawSocket(host)
      expect(await closedWithin(extra, 2_000)).toEqual({ code: SOCKET_CLOSE.full, reason: 'The app host has 3 tabs connected; this one uses HTTP.' })
      // The page's client: null means "send it over HTTP".
      const tab = new SocketCalls(socketUrl(host), host.token, UNREACHABLE)
      expect(await tab.call('app:info', {})).toBeNull()
      tab.close()
      expect(open.every((socket) => socket.readyState === WebSocket.OPEN)).toBe(true)
    } finally {
      for (const socket of open) socket.terminate()
    }
  })

  it.each(Array.from({ length: 8 }, (_, i) => 20_261_127 + i))('answers or refuses a message by its fragments and pace (seed %i)', async (seed) => {
    const limits = { maxFragments: 16, messageArrivalMs: 400 }
    const host = await hostWith(limits)
    const rng = mulberry32(seed)
    const fragments = 1 + rng.int(32)
    const finished = rng.chance(0.7)
    const text = encodeSocketMessage({ id: 7, channel: 'app:info', request: {} }).text ?? ''
    const padded = text.replace('{}', `{"pad":"${'x'.repeat(rng.int(4_000))}"}`)
    const message = padded.length >= fragments ? padded : text
    const socket = await rawSocket(host)
    const answered = new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString('utf8'))))
    const closed = closedWithin(socket, 2_000)
    const size = Math.ceil(message.length / fragments)
    const pieces = Array.from({ length: Math.ceil(message.length / size) }, (_, i) => message.slice(i * size, (i + 1) * size))
    pieces.forEach((piece, i) => socket.send(piece, { binary: false, fin: finished && i === pieces.length - 1 }))
    if (pieces.length > limits.maxFragments) {
      expect(await closed).toEqual({ code: SOCKET_CLOSE.policy, reason: 'A message came in more than 16 fragments.' })
    } else if (!finished) {
      expect(await closed).toEqual({ code: SOCKET_CLOSE.policy, reason: 'A message took more than 0.4 s to arrive.' })
    } else {
      // Within the limits the call is answered (here with the request's own complaint about `pad`).
      expect(JSON.parse(await answered)).toMatchObject({ id: 7, result: { ok: false, error: { code: 'invalid_request' } } })
    }
    socket.terminate()
  })
})
