/**
 * Browser mode's call socket: one WebSocket per tab carries the page's calls to the host,
 * each answer matched to its call by id. A call over HTTP costs a request and a response
 * with their headers, which in Chromium took 3.7 ms there and back on loopback even for a
 * call that does nothing; a message on an open socket took 0.8 ms (`npm run
 * bench:transport`). HTTP stays for what
 * the socket does not take: a call larger than `MAX_SOCKET_CALL_BYTES` (a table import),
 * and any call while no socket can be opened, which also gives the precise HTTP error
 * (the host is gone, or this tab holds the wrong token).
 *
 * Messages are the wire encoding (`wire.ts`) of an envelope: `{ id, channel, request }`
 * from the page, `{ id, result }` back. Plain JSON goes as a text message, a binary frame
 * (Arrow pages) as a binary message.
 */
import { concatBytes } from './bytes'
import { decodeWire, encodeWire, WIRE_CONTENT_TYPE, type WireMessage } from './wire'
import type { IpcResult } from './ipc-channels'

/** Where the host accepts the socket. */
export const RPC_SOCKET_PATH = '/rpc-socket'
/** The subprotocol both sides must name; a socket without it is refused. */
export const RPC_SOCKET_PROTOCOL = 'catalog-rpc.1'
/**
 * A page cannot set headers on a WebSocket, so the run's token travels as a second
 * subprotocol, `catalog-token.<token>` (tokens are base64url, valid in a subprotocol);
 * it never appears in a URL.
 */
export const TOKEN_PROTOCOL_PREFIX = 'catalog-token.'
/** The largest call the socket takes (the host closes a socket that sends more); bigger calls go over HTTP. */
export const MAX_SOCKET_CALL_BYTES = 1 << 20

/**
 * The codes the host closes a socket with; its reason (short ASCII text) says why. After
 * `full` and `idle` nothing on the socket ran, so the page sends those calls over HTTP; after
 * the others, calls still on the socket fail with the reason.
 */
export const SOCKET_CLOSE = {
  /** The host has its most sockets open; none of this socket's calls ran. */
  full: 4001,
  /** No calls for a while; none was in flight, and one that crossed the close did not run. */
  idle: 4002,
  /** A message that is no call, came in too many fragments or too slowly, or is more than the host takes in at once. */
  policy: 1008,
  /** A message over MAX_SOCKET_CALL_BYTES (`ws` closes with it). */
  tooBig: 1009
} as const

/** A call as the host receives it. */
export interface SocketCall {
  readonly id: number
  readonly channel: string
  readonly request: unknown
}

/** An answer as the page receives it. */
export interface SocketAnswer {
  readonly id: number
  readonly result: IpcResult<unknown>
}

/** Encodes a call or an answer for the socket. */
export function encodeSocketMessage(envelope: SocketCall | SocketAnswer): WireMessage {
  return encodeWire(envelope)
}

/** Decodes a message: a text message is JSON, a binary one a wire frame. Throws for anything malformed. */
export function decodeSocketMessage(data: string | Uint8Array): unknown {
  return typeof data === 'string' ? JSON.parse(data) : decodeWire(WIRE_CONTENT_TYPE, data)
}

/** The call a message holds, or a reason why it is not one. */
export function parseSocketCall(value: unknown): SocketCall | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'a call is an object'
  const { id, channel, request } = value as Record<string, unknown>
  if (!isCallId(id)) return 'a call needs a whole-number id'
  if (typeof channel !== 'string' || channel.length === 0 || channel.length > 200) return 'a call needs a channel name'
  return { id, channel, request }
}

function isCallId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0
}

/** The answer a message holds, or null when it is not one. */
function parseSocketAnswer(value: unknown): SocketAnswer | null {
  if (value === null || typeof value !== 'object') return null
  const { id, result } = value as Record<string, unknown>
  if (!isCallId(id) || result === null || typeof result !== 'object' || typeof (result as { ok?: unknown }).ok !== 'boolean') return null
  return { id, result: result as IpcResult<unknown> }
}

/** The subprotocols a page offers: the call protocol and its token. */
export function socketProtocols(token: string): string[] {
  return [RPC_SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`]
}

/** How long a socket that failed to open is not tried again; calls go over HTTP meanwhile. */
const RETRY_AFTER_MS = 2_000

/**
 * The page's end of the socket: opened on the first call, reopened after it closes. A
 * call the socket cannot carry resolves to null, and the caller sends it over HTTP.
 */
export class SocketCalls {
  readonly #url: string
  readonly #protocols: string[]
  readonly #unreachable: IpcResult<never>
  readonly #now: () => number
  #socket: WebSocket | null = null
  #opening: Promise<WebSocket | null> | null = null
  #retryAt = 0
  #nextId = 1
  /** Calls in flight by id, each with the socket that carries it. */
  readonly #pending = new Map<number, { readonly socket: WebSocket; readonly settle: (result: IpcResult<unknown> | null) => void }>()

  /**
   * `url` is the socket's address (`ws://host/rpc-socket`); `unreachable` is what a call
   * in flight resolves to when the socket closes before its answer.
   */
  constructor(url: string, token: string, unreachable: IpcResult<never>, now: () => number = () => Date.now()) {
    this.#url = url
    this.#protocols = socketProtocols(token)
    this.#unreachable = unreachable
    this.#now = now
  }

  /** Sends a call and resolves to its result, or to null when it should go over HTTP. */
  async call(channel: string, request: unknown): Promise<IpcResult<unknown> | null> {
    const id = this.#nextId++
    const message = encodeSocketMessage({ id, channel, request })
    if (message.byteLength > MAX_SOCKET_CALL_BYTES) return null
    const socket = await this.#open()
    if (socket?.readyState !== WebSocket.OPEN) return null
    return new Promise((settle) => {
      this.#pending.set(id, { socket, settle })
      // Bytes (a small import) go as one array, not a Blob: a Blob is sent after an
      // asynchronous read, and the browser's tools do not show its frame.
      socket.send(message.text ?? concatBytes(message.parts, message.byteLength))
    })
  }

  /** Closes the socket; calls in flight resolve as unreachable. */
  close(): void {
    this.#socket?.close()
  }

  #open(): Promise<WebSocket | null> {
    if (this.#socket?.readyState === WebSocket.OPEN) return Promise.resolve(this.#socket)
    if (this.#opening) return this.#opening
    if (this.#now() < this.#retryAt) return Promise.resolve(null)
    const opening = new Promise<WebSocket | null>((resolve) => {
      let socket: WebSocket
      try {
        socket = new WebSocket(this.#url, this.#protocols)
      } catch {
        // An address or token the browser refuses outright: HTTP carries the calls.
        this.#retryAt = this.#now() + RETRY_AFTER_MS
        return resolve(null)
      }
      socket.binaryType = 'arraybuffer'
      let opened = false
      socket.addEventListener('open', () => {
        opened = true
        this.#socket = socket
        resolve(socket)
      })
      socket.addEventListener('message', (event) => this.#answer(socket, event.data as unknown))
      socket.addEventListener('close', (event) => {
        if (this.#socket === socket) this.#socket = null
        this.#fail(socket, this.#closedWith(event.code, event.reason))
        // A host with every socket taken: calls go over HTTP for a while.
        if (opened && event.code !== SOCKET_CLOSE.full) return
        this.#retryAt = this.#now() + RETRY_AFTER_MS
        resolve(null)
      })
    })
    this.#opening = opening
    void opening.then(() => {
      if (this.#opening === opening) this.#opening = null
    })
    return opening
  }

  #answer(socket: WebSocket, data: unknown): void {
    let answer: SocketAnswer | null = null
    try {
      if (typeof data === 'string' || data instanceof ArrayBuffer) {
        answer = parseSocketAnswer(decodeSocketMessage(typeof data === 'string' ? data : new Uint8Array(data)))
      }
    } catch {
      answer = null
    }
    if (!answer) {
      // No call can be matched to it, so none could be answered later either: fail this
      // socket's calls now with what happened, rather than leave them waiting; the next
      // call opens a new socket.
      if (this.#socket === socket) this.#socket = null
      this.#fail(socket, { ok: false, error: { code: 'internal', message: 'The app host sent an answer this page cannot read. Try again.' } })
      socket.close()
      return
    }
    const call = this.#pending.get(answer.id)
    if (call?.socket !== socket) return
    this.#pending.delete(answer.id)
    call.settle(answer.result)
  }

  /**
   * What calls in flight on a socket closed with `code` resolve to: null (sent again over
   * HTTP) when the host ran none of them, the host's reason when it gave one, else unreachable.
   */
  #closedWith(code: number, reason: string): IpcResult<never> | null {
    if (code === SOCKET_CLOSE.full || code === SOCKET_CLOSE.idle) return null
    if (reason === '' || code < 1008) return this.#unreachable
    return { ok: false, error: { code: 'unreachable', message: `The app host closed this tab's connection: ${reason}` } }
  }

  /** Settles every call in flight on `socket` with `result`. */
  #fail(socket: WebSocket, result: IpcResult<never> | null): void {
    for (const [id, call] of this.#pending) {
      if (call.socket !== socket) continue
      this.#pending.delete(id)
      call.settle(result)
    }
  }
}
