/**
 * The only file that touches the bridge. In Electron the preload exposes
 * `window.catalogApi`; in browser mode the same api object is built over HTTP to the
 * host that served this page, carrying the run's token from the page URL.
 */
import { API_GLOBAL, createCatalogApi, type CatalogApi, type IpcResult } from '@shared/ipc-channels'
import type { ErrorCode, ErrorDetails, ErrorValue } from '@shared/errors'
import { decodeWire, encodeWire } from '@shared/wire'
import { browserShellEvents } from './browser-shortcuts'

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

function browserModeApi(): CatalogApi {
  const token = new URLSearchParams(window.location.search).get('token') ?? ''
  return createCatalogApi(async (channel, request) => {
    let response: Response
    try {
      response = await fetch(`/rpc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-catalog-token': token },
        body: encodeWire(request)
      })
    } catch {
      return { ok: false, error: { code: 'unreachable', message: 'The app host stopped answering. Is `npm run web` still running?' } }
    }
    if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
      return decodeWire(await response.text()) as IpcResult<unknown>
    }
    const text = await response.text()
    const code: ErrorCode = response.status === 401 ? 'unauthenticated' : 'internal'
    return { ok: false, error: { code, message: text || `The app host answered HTTP ${response.status}.` } }
  }, browserShellEvents(window, /Mac|iPhone|iPad/.test(navigator.platform)))
}

/** The typed api object, whichever transport carries it. */
export const api: CatalogApi = window[API_GLOBAL] ?? browserModeApi()
