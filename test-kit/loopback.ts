/**
 * Starting a test server on 127.0.0.1 at a free port, for the e2e support servers
 * (proxies and stand-in catalogs): its base URL, and a close that also ends kept-alive
 * connections, so a test's teardown never waits on a client's idle socket.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A listening loopback server. */
export interface LoopbackServer {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/** Listens on 127.0.0.1 at a free port. */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
