/**
 * `npm run catalog-server -- --root DIR|URI [--storage NAME=VALUE]... [--storage-env NAME=VARIABLE]... [--vend-storage-option NAME]... [--credential-lifetime SECONDS] [--port N] [--api-key KEY[:read|:write]]...
 * [--bearer TOKEN[:read|:write]]... [--oauth2-client ID:SECRET]... [--token-lifetime SECONDS] [--page-size N] [--slow-transactions MS] [--host 127.0.0.1] [--allow-host NAME]...
 * [--verbose]`
 *
 * Prints one line, `Catalog server listening on http://127.0.0.1:PORT`, once it listens;
 * on SIGINT/SIGTERM closes the server and its catalogs, prints `Catalog server stopped.`
 * and exits 0. Usage errors exit with status 2.
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { rootLocation } from '../src/shared/storage-options'
import { parseCliArgs, UsageError, USAGE } from './cli-args'
import { isLoopback, startCatalogServer } from './server'

async function main(argv: readonly string[]): Promise<number> {
  let args
  try {
    args = parseCliArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`catalog-server: ${error.message}\n\n${USAGE}\n`)
    return 2
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  // An object-store root is checked by its first request (LanceDB opens it lazily).
  const local = rootLocation(args.root).kind === 'local'
  const root = local ? path.resolve(args.root) : args.root
  const info = local ? await stat(root).catch(() => null) : null
  if (local && !info?.isDirectory()) {
    process.stderr.write(`catalog-server: --root ${root} is not an existing folder.\n`)
    return 2
  }
  const server = await startCatalogServer({
    root,
    storageOptions: args.storageOptions,
    credentialLifetimeMs: args.credentialLifetimeMs,
    vendStorageOptions: args.vendStorageOptions,
    slowTransactionsMs: args.slowTransactionsMs,
    port: args.port,
    host: args.host,
    allowedHosts: args.allowedHosts,
    apiKeys: args.apiKeys,
    bearerTokens: args.bearerTokens,
    pageSize: args.pageSize,
    dataRoutes: !args.metadataOnly,
    ...(args.oauth2Clients.length > 0
      ? {
          oauth2: {
            clients: args.oauth2Clients,
            ...(args.tokenLifetimeMs !== null ? { tokenLifetimeMs: args.tokenLifetimeMs } : {}),
            log: (line: string) => process.stderr.write(`${line}\n`)
          }
        }
      : {}),
    ...(args.verbose ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {})
  })
  process.stdout.write(`Catalog server listening on ${server.url}\n`)
  if (!isLoopback(args.host)) {
    const keys =
      args.apiKeys.length + args.bearerTokens.length + args.oauth2Clients.length > 0 ? '' : ' with no --api-key or --bearer: anyone there can change it'
    process.stderr.write(`catalog-server: warning: --host ${args.host} serves this catalog to the network${keys}.\n`)
  }
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve()
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
  await server.close()
  process.stdout.write('Catalog server stopped.\n')
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`catalog-server: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
)
