/**
 * A metadata-only catalog as strict as the spec allows, in front of the reference server
 * (itself in metadata-only mode): every data route answers the spec's 406 "unsupported
 * operation" (error code 0), and a table's describe answers only `location` and
 * `storage_options`, as catalogs that store locations only do. Paths pass on exactly as
 * sent, so the reference server decodes them per RFC 3986 (a `+` stays a `+`).
 */
import { createServer, type Server } from 'node:http'
import { startCatalogServer, type CatalogServerOptions } from '../server/server'
import { listenOnLoopback } from './loopback'

/** A running strict catalog and the log of the requests it answered. */
export interface StrictMetadataCatalog {
  readonly url: string
  /** One line per request: `METHOD /path?query -> status`. */
  readonly log: readonly string[]
  close(): Promise<void>
}

// The spec's data routes (and the table stats), which a metadata-only catalog does not serve.
const DATA_ROUTE =
  /\/v1\/table\/[^/]+\/(count_rows|query|create|insert|merge_insert|update|delete|stats|explain_plan|analyze_plan|add_columns|alter_columns|drop_columns|create_index|create_scalar_index|index\/list|restore|version\/list)\/?$/
const DESCRIBE = /\/v1\/table\/[^/]+\/describe\/?$/

/** Starts the reference server on `root` in metadata-only mode, and the strict catalog in front of it. */
export async function startStrictMetadataCatalog(root: string, options: Partial<CatalogServerOptions> = {}): Promise<StrictMetadataCatalog> {
  const inner = await startCatalogServer({ ...options, root, dataRoutes: false })
  const log: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const target = req.url ?? '/'
      const path = target.split('?')[0] ?? ''
      const reply = (status: number, type: string, body: string): void => {
        log.push(`${req.method ?? 'GET'} ${target} -> ${status}`)
        res.writeHead(status, { 'content-type': type }).end(body)
      }
      if (DATA_ROUTE.test(path)) {
        reply(406, 'application/json', JSON.stringify({ error: 'This catalog serves metadata only: read and write data at the table location.', code: 0 }))
        return
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>
      const body = Buffer.concat(chunks)
      void fetch(`${inner.url}${target}`, { method: req.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) }).then(
        async (answer) => {
          let text = await answer.text()
          if (answer.ok && DESCRIBE.test(path)) {
            const described = JSON.parse(text) as Record<string, unknown>
            text = JSON.stringify({ location: described['location'], storage_options: described['storage_options'] ?? {} })
          }
          reply(answer.status, answer.headers.get('content-type') ?? 'application/json', text)
        },
        (error: unknown) => reply(502, 'text/plain', String(error))
      )
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return {
    url,
    log,
    close: async () => {
      await close()
      await inner.close()
    }
  }
}
