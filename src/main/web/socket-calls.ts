/**
 * The host's end of browser mode's call socket (`shared/rpc-socket.ts`): each call runs
 * through the same dispatch as an HTTP call, behind the same gates (`ipc/call-gates.ts`,
 * each socket a caller of its own), and its answer goes back on the socket it came from.
 * Who may open a socket (Host, Origin, token) is decided by the host before the upgrade;
 * this file serves open sockets and bounds what they may hold (`SOCKET_LIMITS`): how many
 * are open, how long one may sit idle, how much of a message may be under way and for how
 * long, and how long an answer may wait for its tab to read it.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import {
  decodeSocketMessage,
  encodeSocketMessage,
  MAX_SOCKET_CALL_BYTES,
  parseSocketCall,
  RPC_SOCKET_PROTOCOL,
  SOCKET_CLOSE,
  type SocketCall
} from '../../shared/rpc-socket'
import type { IpcResult } from '../../shared/ipc-channels'
import { dispatch, type HandlerTable } from '../ipc/dispatch'
import type { CallGates } from '../ipc/call-gates'
import { MessageMeter } from './message-meter'

/** What the host lets call sockets hold. */
export interface SocketLimits {
  /** Sockets open at once. One run has one token, so this is also the limit per token. */
  readonly maxSockets: number
  /** A socket with no bytes either way and no call in flight for this long is closed. */
  readonly idleMs: number
  /** A message must finish arriving within this time of its first byte. */
  readonly messageArrivalMs: number
  /** The most frames one message may come in (each fragment costs `ws` a buffer of its own). */
  readonly maxFragments: number
  /** Bytes of unfinished messages on all sockets together; each socket's is at most MAX_SOCKET_CALL_BYTES. */
  readonly unfinishedBytes: number
  /** A gated call's answer not taken by its tab (its bytes still queued) within this time frees its slot and closes the socket. */
  readonly answerHandoverMs: number
  /** Bytes of answers queued for a tab that does not read them, past which its socket is closed. */
  readonly unreadAnswerBytes: number
}

/**
 * The limits. 500 tabs must stay open (no one person opens more), and 10,000 small calls may
 * be in flight on them: calls are not counted, only the bytes they hold. 32 MiB of
 * unfinished messages is 32 of the largest calls arriving at once; a call is at most 1 MiB,
 * which a page sends in one go, so 30 s and 1,024 fragments leave room for any real link.
 */
export const SOCKET_LIMITS: SocketLimits = {
  maxSockets: 1_000,
  idleMs: 10 * 60_000,
  messageArrivalMs: 30_000,
  maxFragments: 1_024,
  unfinishedBytes: 32 << 20,
  answerHandoverMs: 30_000,
  unreadAnswerBytes: 64 << 20
}

/** Answers up to this size are joined into one buffer before they are sent. */
const JOIN_BELOW_BYTES = 256 << 10
/** How long a socket told to close may take to say goodbye before it is cut, freeing what it holds. */
const CLOSE_GRACE_MS = 1_000

/** Serves call sockets; `upgrade` takes a request the host has already let through. */
export interface SocketCallServer {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Drops every open socket. */
  close(): void
}

/** What the server keeps for one open socket. */
interface SocketState {
  readonly meter: MessageMeter
  /** Calls read from the socket and not yet answered (their answer not yet handed over). */
  inFlight: number
  /** Aborted when the socket closes: calls waiting at a gate leave the queue. */
  readonly gone: AbortController
  readonly idle: NodeJS.Timeout
  arrival: NodeJS.Timeout | null
  /** Told to close: what still arrives is not counted. */
  closing: boolean
}

export function socketCallServer(handlers: HandlerTable, gates: CallGates, limits: SocketLimits = SOCKET_LIMITS): SocketCallServer {
  const server = new WebSocketServer({
    noServer: true,
    // A bigger message closes the socket (1009); the page sends bigger calls over HTTP.
    maxPayload: MAX_SOCKET_CALL_BYTES,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has(RPC_SOCKET_PROTOCOL) ? RPC_SOCKET_PROTOCOL : false)
  })
  const states = new Map<WebSocket, SocketState>()
  let unfinishedBytes = 0

  function open(socket: WebSocket, raw: Duplex): void {
    if (states.size >= limits.maxSockets) {
      // Nothing on this socket has run: the page sends its calls over HTTP instead.
      return end(socket, SOCKET_CLOSE.full, `The app host has ${limits.maxSockets} tabs connected; this one uses HTTP.`)
    }
    const idle = setTimeout(() => closeIfIdle(socket), limits.idleMs)
    const state: SocketState = { meter: new MessageMeter(), inFlight: 0, gone: new AbortController(), idle, arrival: null, closing: false }
    states.set(socket, state)
    // The raw bytes, before ws reads them (so a message past a limit is not run): what is
    // under way, and that the tab is there.
    raw.prependListener('data', (chunk: Buffer) => {
      if (state.closing) return
      state.idle.refresh()
      const before = state.meter.bytes
      state.meter.feed(chunk)
      unfinishedBytes += state.meter.bytes - before
      watch(socket, state)
    })
    socket.on('message', (data: RawData, isBinary: boolean) => {
      // A socket being closed runs nothing more; a page resends what it had not been answered.
      if (socket.readyState !== socket.OPEN) return
      let call: SocketCall | string
      try {
        call = parseSocketCall(decodeSocketMessage(isBinary ? bytesOf(data) : bytesOf(data).toString('utf8')))
      } catch {
        call = 'it is neither JSON nor a wire frame'
      }
      // The reason is one of this file's own short ASCII texts, never the message's: a close
      // reason over 123 bytes would throw.
      if (typeof call === 'string') return end(socket, SOCKET_CLOSE.policy, `Not a call: ${call}`)
      state.inFlight++
      // answer() settles every call itself; should it ever throw, the page's calls on this
      // socket fail and it opens a new one, rather than the host stopping.
      answer(socket, state, call).catch(() => socket.terminate())
    })
    socket.on('close', () => {
      states.delete(socket)
      unfinishedBytes -= state.meter.bytes
      state.meter.bytes = 0
      clearTimeout(state.idle)
      if (state.arrival) clearTimeout(state.arrival)
      state.gone.abort()
    })
    // A socket error (a reset) ends in 'close'; nothing else to do, but it must be listened to.
    socket.on('error', () => undefined)
  }

  /** Closes a socket whose unfinished message passes a limit; starts the clock on one just begun. */
  function watch(socket: WebSocket, state: SocketState): void {
    const { meter } = state
    if (meter.mostFragments > limits.maxFragments) {
      return end(socket, SOCKET_CLOSE.policy, `A message came in more than ${limits.maxFragments} fragments.`)
    }
    if (meter.bytes === 0) {
      if (state.arrival) clearTimeout(state.arrival)
      state.arrival = null
      return
    }
    if (unfinishedBytes > limits.unfinishedBytes) {
      return end(socket, SOCKET_CLOSE.policy, 'The app host is receiving too much at once; try again.')
    }
    if (state.arrival) return
    const serial = meter.serial
    state.arrival = setTimeout(() => {
      state.arrival = null
      if (meter.bytes > 0 && meter.serial === serial) {
        end(socket, SOCKET_CLOSE.policy, `A message took more than ${spoken(limits.messageArrivalMs)} to arrive.`)
      } else if (meter.bytes > 0) watch(socket, state)
    }, limits.messageArrivalMs)
  }

  function closeIfIdle(socket: WebSocket): void {
    const state = states.get(socket)
    if (!state) return
    if (state.inFlight > 0 || state.meter.bytes > 0) return void state.idle.refresh()
    end(socket, SOCKET_CLOSE.idle, `Closed after ${spoken(limits.idleMs)} without calls.`)
  }

  /** Closes a socket with a code and reason the page shows, and cuts it if it does not answer in time. */
  function end(socket: WebSocket, code: number, reason: string): void {
    const state = states.get(socket)
    if (state) {
      state.closing = true
      // What it held unfinished will never be a call: it no longer counts against the others.
      unfinishedBytes -= state.meter.bytes
      state.meter.bytes = 0
      state.gone.abort()
    }
    socket.close(code, reason)
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref()
  }

  async function answer(socket: WebSocket, state: SocketState, { id, channel, request }: SocketCall): Promise<void> {
    let release = (): void => undefined
    const done = once(() => {
      release()
      state.inFlight--
      state.idle.refresh()
    })
    // Held until the answer is handed to the socket, as over HTTP: queued calls hold no result.
    const ticket = await gates.enter(channel, socket, state.gone.signal)
    if (!ticket.ok) return send(socket, id, { ok: false, error: ticket.error }, done)
    release = ticket.release
    // A page that left while its call waited gets no answer; the call need not run.
    if (socket.readyState !== socket.OPEN) return done()
    let result: IpcResult<unknown>
    try {
      result = await dispatch(handlers, channel, request)
    } catch (error) {
      result = { ok: false, error: { code: 'internal', message: `The call failed: ${String(error)}` } }
    }
    release = gates.releaseAfter(channel, result, ticket.release)
    if (!gates.gated(channel)) return send(socket, id, result, done)
    // A tab that does not take its answer must not hold the slot: past the time, the slot is
    // freed and the socket cut (its queued bytes with it); the page reopens one.
    const handover = setTimeout(() => {
      // This tab's waiting calls leave the queue before the slot goes to the next in line.
      state.gone.abort()
      socket.terminate()
      done()
    }, limits.answerHandoverMs)
    send(socket, id, result, () => {
      clearTimeout(handover)
      done()
    })
  }

  /**
   * Sends an answer, calling `done` once it is handed over (or cannot be). A tab whose
   * unread answers pass the limit is cut rather than buffered for without end.
   */
  function send(socket: WebSocket, id: number, result: IpcResult<unknown>, done: () => void): void {
    if (socket.readyState !== socket.OPEN) return done()
    if (socket.bufferedAmount > limits.unreadAnswerBytes) {
      socket.terminate()
      return done()
    }
    try {
      sendAnswer(socket, id, result, done)
    } catch (error) {
      // A value that cannot be encoded: the call gets an error, and the host carries on.
      sendAnswer(socket, id, { ok: false, error: { code: 'internal', message: `The answer could not be sent: ${String(error)}` } }, done)
    }
  }

  server.on('connection', (socket: WebSocket, _req: IncomingMessage, raw: Duplex) => open(socket, raw))
  return {
    upgrade: (req, socket, head) => server.handleUpgrade(req, socket, head, (ws) => server.emit('connection', ws, req, socket)),
    close: () => {
      for (const client of server.clients) client.terminate()
      server.close()
    }
  }
}

/** A time as a close reason says it: "30 s", "10 min". */
function spoken(ms: number): string {
  return ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} min`
}

/** `run`, to be called any number of times, running once. */
function once(run: () => void): () => void {
  let ran = false
  return () => {
    if (ran) return
    ran = true
    run()
  }
}

/**
 * Sends an answer: plain JSON as a text message; a binary frame as one binary message.
 * A large frame goes in fragments, one per part, so an Arrow page is never copied into
 * one buffer; they go out in one synchronous run, so answers never interleave. A small
 * one (a search's rows) is joined first: one write instead of one per part.
 */
function sendAnswer(socket: WebSocket, id: number, result: IpcResult<unknown>, done: () => void): void {
  const message = encodeSocketMessage({ id, result })
  // Plain JSON goes as a text message, its UTF-8 bytes as they are (no decode to a string).
  const [first] = message.parts
  if (message.text !== undefined && first) return socket.send(first, { binary: false }, done)
  if (message.byteLength <= JOIN_BELOW_BYTES) return socket.send(Buffer.concat(message.parts), { binary: true }, done)
  const last = message.parts.length - 1
  message.parts.forEach((part, index) => {
    socket.send(part, { binary: true, fin: index === last }, index === last ? done : undefined)
  })
}

/** A message's bytes as one Buffer (ws hands over a Buffer unless told otherwise). */
function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
}
