/**
 * Electron adapter for the `app://` scheme: registers it as privileged (standard and
 * secure, so the page is a normal secure origin) and answers it from the built renderer
 * with the CSP header. The decisions live in app-protocol.ts.
 */
import { readFile } from 'node:fs/promises'
import { protocol } from 'electron'
import { APP_SCHEME, appResponseHeaders, resolveAppFile } from './app-protocol'

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }])
}

/** Serves `app://renderer/...` from `rendererDir`; call once the app is ready. */
export function serveAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const resolved = resolveAppFile(request.url, rendererDir)
    if (!resolved.ok) return new Response(null, { status: resolved.status, headers: appResponseHeaders('text/plain') })
    try {
      const body = await readFile(resolved.file)
      return new Response(body, { status: 200, headers: appResponseHeaders(resolved.contentType) })
    } catch {
      return new Response(null, { status: 404, headers: appResponseHeaders('text/plain') })
    }
  })
}
