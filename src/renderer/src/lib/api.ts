/**
 * The only file that touches the bridge. In Electron the preload exposes
 * `window.catalogApi`; in browser mode the same api object is built over a WebSocket
 * (and HTTP) to the host that served this page, carrying the run's token (taken from
 * the page URL once).
 */
import { API_GLOBAL, createCatalogApi, type CatalogApi, type IpcResult } from '@shared/ipc-channels'
import type { ErrorCode, ErrorDetails, ErrorValue } from '@shared/errors'
import { decodeWire, encodeWire, WIRE_CONTENT_TYPE } from '@shared/wire'
import { RPC_SOCKET_PATH, SocketCalls } from '@shared/rpc-socket'
import { browserShellEvents } from './browser-shortcuts'
import { markTabRefused } from './host-access'
import { timedApi } from './request-timing'

declare global {
  interface Window {
    readonly [API_GLOBAL]?: CatalogApi
  }
}

/** An error value from main, thrown so react-query can hold it. */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly details: ErrorDetails | undefined

  constructor(value: ErrorValue) {
    super(value.message)
    this.name = 'ApiError'
    this.code = value.code
    this.details = value.details
  }
}

/** Resolves to the value of a result, or throws its error as an ApiError. */
export async function unwrap<T>(result: Promise<IpcResult<T>>): Promise<T> {
  const settled = await result
  if (settled.ok) return settled.value
  throw new ApiError(settled.error)
}

/** Where the run's token is kept for this tab, so a reload works without it in the address bar. */
const TOKEN_KEY = 'catalog-token'

/**
 * The run's token: taken from the URL the host printed, then removed from the address bar
 * and history (a shared screen or a history sync would show it), and kept in this tab's
 * session storage so a reload still works. Closing the tab forgets it.
 */
function takeToken(): string {
  const url = new URL(window.location.href)
  const fromUrl = url.searchParams.get('token')
  if (fromUrl === null) return window.sessionStorage.getItem(TOKEN_KEY) ?? ''
  window.sessionStorage.setItem(TOKEN_KEY, fromUrl)
  url.searchParams.delete('token')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  return fromUrl
}

/** What a call resolves to when the host cannot be reached. */
const UNREACHABLE: IpcResult<never> = {
  ok: false,
  error: {
    code: 'unreachable',
    message:
      'The app stopped answering. Start it again (`npm start` or `npm run web`) on the same data folder, then try again: this tab keeps working when the app gets its port back, or open the URL it prints.'
  }
}

/**
 * Calls go over the host's call socket; a call too big for it (a table import), or any
 * call while no socket opens, goes over HTTP, which also names what is wrong when the
 * host is gone or refuses this tab's token.
 */
function browserModeApi(): CatalogApi {
  const token = takeToken()
  const sockets = new SocketCalls(`ws://${window.location.host}${RPC_SOCKET_PATH}`, token, UNREACHABLE)
  return createCatalogApi(
    async (channel, request) => (await sockets.call(channel, request)) ?? httpCall(channel, request, token),
    browserShellEvents(window, /Mac|iPhone|iPad/.test(navigator.platform))
  )
}

async function httpCall(channel: string, request: unknown, token: string): Promise<IpcResult<unknown>> {
  const message = encodeWire(request)
  let response: Response
  try {
    response = await fetch(`/rpc/${channel}`, {
      method: 'POST',
      headers: { 'content-type': message.contentType, 'x-catalog-token': token },
      // Bytes (table imports) go as they are: a Blob of the parts, never a string. A
      // one-part message (plain JSON) goes as it is: a Blob costs a round trip to the
      // browser's blob registry.
      body: message.parts.length === 1 ? (message.parts[0] as Uint8Array<ArrayBuffer>) : new Blob(message.parts as Uint8Array<ArrayBuffer>[])
    })
  } catch {
    return UNREACHABLE
  }
  const contentType = response.headers.get('content-type') ?? ''
  if (contentType.startsWith('application/json') || contentType.startsWith(WIRE_CONTENT_TYPE)) {
    return decodeWire(contentType, new Uint8Array(await response.arrayBuffer())) as IpcResult<unknown>
  }
  const text = await response.text()
  if (response.status === 401) {
    markTabRefused()
    const message =
      'This tab does not hold the token of the running app (it was started with another data folder, or this tab was not opened from the URL it printed). Open the URL the app printed when it started.'
    return { ok: false, error: { code: 'unauthenticated', message, details: { status: 401, cause: text } } }
  }
  return { ok: false, error: { code: 'internal', message: text || `The app host answered HTTP ${response.status}.` } }
}

/** The typed api object, whichever transport carries it; catalog calls are timed for the status bar. */
export const api: CatalogApi = timedApi(window[API_GLOBAL] ?? browserModeApi())
