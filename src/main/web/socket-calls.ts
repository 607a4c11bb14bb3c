/**
 * The host's end of browser mode's call socket (`shared/rpc-socket.ts`): each call runs
 * through the same dispatch as an HTTP call, behind the same per-channel gates, and its
 * answer goes back on the socket it came from. Who may open a socket (Host, Origin,
 * token) is decided by the host before the upgrade; this file only serves open sockets.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { decodeSocketMessage, encodeSocketMessage, MAX_SOCKET_CALL_BYTES, parseSocketCall, RPC_SOCKET_PROTOCOL, type SocketCall } from '../../shared/rpc-socket'
import type { IpcResult } from '../../shared/ipc-channels'
import { dispatch, type HandlerTable } from '../ipc/dispatch'
import type { Limiter } from './limiter'

/** Close code for a message that is not a call (RFC 6455: policy violation). */
const NOT_A_CALL = 1008
/** Answers up to this size are joined into one buffer before they are sent. */
const JOIN_BELOW_BYTES = 256 << 10

/** Serves call sockets; `upgrade` takes a request the host has already let through. */
export interface SocketCallServer {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Drops every open socket. */
  close(): void
}

export function socketCallServer(handlers: HandlerTable, gates: ReadonlyMap<string, Limiter>): SocketCallServer {
  const server = new WebSocketServer({
    noServer: true,
    // A bigger message closes the socket; the page sends bigger calls over HTTP.
    maxPayload: MAX_SOCKET_CALL_BYTES,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has(RPC_SOCKET_PROTOCOL) ? RPC_SOCKET_PROTOCOL : false)
  })
  server.on('connection', (socket: WebSocket) => {
    socket.on('message', (data: RawData, isBinary: boolean) => {
      let call: SocketCall | string
      try {
        call = parseSocketCall(decodeSocketMessage(isBinary ? bytesOf(data) : bytesOf(data).toString('utf8')))
      } catch {
        call = 'it is neither JSON nor a wire frame'
      }
      // The reason is one of this file's own short ASCII texts, never the message's: a close
      // reason over 123 bytes would throw.
      if (typeof call === 'string') return socket.close(NOT_A_CALL, `Not a call: ${call}`)
      // answer() settles every call itself; should it ever throw, the page's calls on this
      // socket fail and it opens a new one, rather than the host stopping.
      answer(socket, call).catch(() => socket.terminate())
    })
    // A socket error (a reset) ends in 'close'; nothing else to do, but it must be listened to.
    socket.on('error', () => undefined)
  })

  async function answer(socket: WebSocket, { id, channel, request }: SocketCall): Promise<void> {
    // Held until the answer is handed to the socket, as over HTTP: queued calls hold no result.
    const release = await gates.get(channel)?.acquire()
    // A page that left while its call waited gets no answer; the call need not run.
    if (socket.readyState !== socket.OPEN) return release?.()
    try {
      send(socket, id, await dispatch(handlers, channel, request), release)
    } catch (error) {
      // dispatch catches handler errors, so this is a value that cannot be encoded or a bug
      // in dispatch: the call gets an error, and the host carries on.
      send(socket, id, { ok: false, error: { code: 'internal', message: `The answer could not be sent: ${String(error)}` } }, release)
    }
  }

  return {
    upgrade: (req, socket, head) => server.handleUpgrade(req, socket, head, (ws) => server.emit('connection', ws, req)),
    close: () => {
      for (const client of server.clients) client.terminate()
      server.close()
    }
  }
}

/**
 * Sends an answer: plain JSON as a text message; a binary frame as one binary message.
 * A large frame goes in fragments, one per part, so an Arrow page is never copied into
 * one buffer; they go out in one synchronous run, so answers never interleave. A small
 * one (a search's rows) is joined first: one write instead of one per part.
 */
function send(socket: WebSocket, id: number, result: IpcResult<unknown>, release?: () => void): void {
  const done = (): void => release?.()
  if (socket.readyState !== socket.OPEN) return done()
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
