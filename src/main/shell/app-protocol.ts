/**
 * The `app://` scheme the renderer is served from (never `file://`): which file a request
 * maps to, and the headers every response carries. Pure, so it is tested without Electron.
 */
import { extname, join, normalize, sep } from 'node:path'

/** The privileged scheme, registered before the app is ready. */
export const APP_SCHEME = 'app'
/** The one host of that scheme; pages load from `app://renderer/`. */
export const APP_HOST = 'renderer'
/** The app's own origin in packaged and built runs. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** The page's entry. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/**
 * The Content-Security-Policy, sent as a header; the same text as the meta tag in index.html.
 * Beyond the app's own files, only blob: URLs the page made itself may be shown, as images
 * (cells' thumbnails and pictures) and as audio or video: never as documents or scripts.
 */
export const APP_CSP = "default-src 'self'; img-src 'self' blob:; media-src blob:"

/** Content types of the files the built renderer holds (also served by browser mode's host). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm'
}

/** A request the scheme can answer with a file, or why it cannot. */
export type AppFileResolution = { readonly ok: true; readonly file: string; readonly contentType: string } | { readonly ok: false; readonly status: 400 | 404 }

/**
 * Maps an `app://renderer/...` URL to a file inside `rendererDir`. Another host, an
 * unparsable URL or a path that climbs out of the folder (`..`, encoded or not) is refused.
 */
export function resolveAppFile(url: string, rendererDir: string): AppFileResolution {
  if (!URL.canParse(url)) return { ok: false, status: 400 }
  const parsed = new URL(url)
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return { ok: false, status: 404 }
  let pathname: string
  try {
    pathname = decodeURIComponent(parsed.pathname)
  } catch {
    return { ok: false, status: 400 }
  }
  if (pathname.includes('\0')) return { ok: false, status: 400 }
  const relative = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '')
  const root = normalize(rendererDir)
  const file = normalize(join(root, relative))
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return { ok: false, status: 404 }
  return { ok: true, file, contentType: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' }
}

/** Headers of every `app://` response: the CSP, no sniffing, no referrer, no caching. */
export function appResponseHeaders(contentType: string): Readonly<Record<string, string>> {
  return {
    'content-type': contentType,
    'content-security-policy': APP_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store'
  }
}
