/**
 * Checks every request passes before routing, so that a web page the server's user happens
 * to visit cannot drive the server through their browser:
 *
 * - `Host` must name this server (a loopback form, the bound address or an allowed name).
 *   A DNS-rebinding page reaches 127.0.0.1 under its own name (`attacker.example:PORT`), and
 *   that name is what the browser puts in `Host`.
 * - `Origin`, when sent, must be this server's own origin. Browsers send it on every
 *   cross-site POST, including the "simple" ones (`text/plain`, no body) that skip the CORS
 *   preflight and so would otherwise reach a handler. API clients send none.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { HttpStatusError } from './errors'

/** The names a request may address this server by. */
export interface HostPolicy {
  /** Host names (no port), lower case; IPv6 addresses without brackets. */
  readonly hostnames: ReadonlySet<string>
  /** The port the server listens on: an `Origin` must carry exactly this one. */
  readonly port: number
}

/** The loopback names every server answers to, whatever address it is bound to. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1']

/** The host policy of a server bound to `bindHost:port` that also answers to `extraNames`. */
export function hostPolicy(bindHost: string, port: number, extraNames: readonly string[] = []): HostPolicy {
  const names = [...LOOPBACK_NAMES, bindHost, ...extraNames].map((name) => unbracket(name.toLowerCase()))
  return { hostnames: new Set(names), port }
}

/**
 * Throws a 403 when the request's `Host` or `Origin` names another site. The `Host` port
 * is not compared: DNS rebinding changes the name, and a port forward (`ssh -L 9000:…`)
 * legitimately changes the port. An `Origin` must match name and port exactly, since a
 * page on another local port (a dev server, say) is another site.
 */
export function checkRequestSource(policy: HostPolicy, headers: IncomingHttpHeaders): void {
  const host = headers.host
  // Node refuses HTTP/1.1 requests without Host itself; an HTTP/1.0 request without one
  // cannot come from a browser, so there is nothing to check.
  if (host !== undefined) {
    const name = hostnameOf(host)
    if (name === null || !policy.hostnames.has(name)) {
      throw new HttpStatusError(
        403,
        'permission_denied',
        `This catalog server does not answer to the host name "${host}". Address it as 127.0.0.1 or localhost (or start it with --allow-host NAME).`
      )
    }
  }
  const origin = headers.origin
  if (origin !== undefined && !sameOrigin(policy, origin)) {
    throw new HttpStatusError(
      403,
      'permission_denied',
      `Requests from web pages on other sites (Origin "${origin}") are refused: this catalog server only answers API clients.`
    )
  }
}

function sameOrigin(policy: HostPolicy, origin: string): boolean {
  let url: URL
  try {
    // "null" (sandboxed frames, file: pages) is not a URL and is refused with the rest.
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' || url.origin !== origin.replace(/\/$/, '')) return false
  const port = url.port === '' ? 80 : Number(url.port)
  return port === policy.port && policy.hostnames.has(unbracket(url.hostname.toLowerCase()))
}

/** The host name of a `Host` header value (`name`, `name:port`, `[v6]:port`), or null if malformed. */
function hostnameOf(host: string): string | null {
  try {
    const url = new URL(`http://${host.trim()}`)
    // Anything but a bare authority (user info, a path) is not a Host header.
    if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return null
    return unbracket(url.hostname.toLowerCase())
  } catch {
    return null
  }
}

function unbracket(name: string): string {
  return name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name
}
