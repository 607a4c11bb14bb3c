/**
 * The calls a page makes to the app, as a test sees them: browser mode sends them over
 * the host's call socket (`src/shared/rpc-socket.ts`), and the few the socket does not
 * take as HTTP requests to `/rpc/<channel>`. The desktop app's calls go over IPC, which
 * a page cannot watch, so tests that count calls run in browser mode.
 *
 * The page opens its socket as it loads, and a socket is seen only from its opening, so
 * the fixture starts watching every page before it loads (`watchCalls`); a test reads
 * what was seen with `pageCalls`.
 */
import type { Page, WebSocket } from '@playwright/test'
import { decodeSocketMessage, RPC_SOCKET_PATH } from '../src/shared/rpc-socket'

/** What a watcher has seen. */
export interface PageCalls {
  /** The channels called since the watcher began, in order, over either transport. */
  readonly channels: () => readonly string[]
  /** Those of them that went as HTTP requests. */
  readonly httpChannels: () => readonly string[]
  /** Calls sent and not yet answered, over either transport (and other requests in flight). */
  readonly inFlight: () => number
}

const watched = new WeakMap<Page, PageCalls>()

/** Starts watching `page`'s calls (and, for `inFlight`, every other request it makes); once per page. */
export function watchCalls(page: Page): void {
  if (!watched.has(page)) watched.set(page, watchPageCalls(page))
}

/** What has been seen of `page`'s calls since it was first watched. */
export function pageCalls(page: Page): PageCalls {
  const calls = watched.get(page)
  if (!calls) throw new Error('This page is not watched: open it with the test fixture, which calls watchCalls before it loads.')
  return calls
}

function watchPageCalls(page: Page): PageCalls {
  const channels: string[] = []
  const httpChannels: string[] = []
  let requests = 0
  const pending = new Map<WebSocket, Set<number>>()

  const onRequest = (request: { url(): string }): void => {
    requests++
    const path = new URL(request.url()).pathname
    if (!path.startsWith('/rpc/')) return
    const channel = decodeURIComponent(path.slice('/rpc/'.length))
    channels.push(channel)
    httpChannels.push(channel)
  }
  const onRequestDone = (): void => {
    requests--
  }
  const onSocket = (socket: WebSocket): void => {
    if (new URL(socket.url()).pathname !== RPC_SOCKET_PATH) return
    const ids = new Set<number>()
    pending.set(socket, ids)
    socket.on('framesent', ({ payload }) => {
      const call = envelope(payload)
      if (call?.id === undefined) return
      ids.add(call.id)
      if (typeof call.channel === 'string') channels.push(call.channel)
    })
    socket.on('framereceived', ({ payload }) => {
      const answer = envelope(payload)
      if (answer?.id !== undefined) ids.delete(answer.id)
    })
    // The page settles a closed socket's calls itself.
    socket.on('close', () => pending.delete(socket))
  }

  page.on('request', onRequest)
  page.on('requestfinished', onRequestDone)
  page.on('requestfailed', onRequestDone)
  page.on('websocket', onSocket)
  return {
    channels: () => channels,
    httpChannels: () => httpChannels,
    inFlight: () => requests + [...pending.values()].reduce((sum, ids) => sum + ids.size, 0)
  }
}

/** The id and channel of a socket message, or null when it is not one of the app's. */
function envelope(payload: string | Buffer): { id?: number; channel?: unknown } | null {
  try {
    const value = decodeSocketMessage(typeof payload === 'string' ? payload : new Uint8Array(payload)) as { id?: unknown; channel?: unknown }
    return typeof value.id === 'number' ? { id: value.id, channel: value.channel } : null
  } catch {
    return null
  }
}
