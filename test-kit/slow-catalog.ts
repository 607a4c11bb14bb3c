/**
 * The reference server with slow transactions (creates and drops answer a transaction id at
 * once and happen `slowTransactionsMs` later) over a fresh LanceDB catalog, with the app's
 * REST client on it, for the tests of long-running operations.
 */
import { openRestNamespace, type RestNamespaceClient } from '../src/catalog/rest/rest-namespace'
import { startCatalogServer } from '../server/server'
import { buildNestedCatalog, makeTempDir, removeDir, type NamespaceSpec } from './lancedb-catalog'

/** A running slow catalog. */
export interface SlowCatalog {
  /** The server's base URL. */
  readonly url: string
  /** The app's REST client, which does not retry. */
  readonly client: RestNamespaceClient
  /** Every line the server logged, one per request. */
  readonly log: readonly string[]
  close(): Promise<void>
}

/** Builds `spec` in a temp folder named after `prefix` and serves it with transactions that take 400 ms. */
export async function startSlowCatalog(prefix: string, spec: NamespaceSpec): Promise<SlowCatalog> {
  const root = await makeTempDir(prefix)
  const log: string[] = []
  const server = await buildNestedCatalog(root, spec)
    .then(() => startCatalogServer({ root, slowTransactionsMs: 400, log: (line) => log.push(line) }))
    .catch(async (error: unknown) => {
      await removeDir(root)
      throw error
    })
  const client = openRestNamespace({ uri: server.url }, { maxRetries: 0 })
  return {
    url: server.url,
    client,
    log,
    close: async () => {
      await client.close()
      await server.close()
      await removeDir(root)
    }
  }
}
