/**
 * Command-line flags of the catalog server. Accepts `--flag value` and `--flag=value`;
 * `--api-key`, `--bearer`, their `-env` forms, `--storage` and `--storage-env` may repeat.
 */
import { objectStoreRootProblem, parseStorageAssignment, rootLocation, storageOptionNameProblem } from '../src/shared/storage-options'
import { parseGrant, type Grant } from './auth'
import { bindAddress } from './server'
import { parseOAuth2Client, type OAuth2Client } from './oauth2'

/** The help text printed with `--help` and after a usage error. */
export const USAGE = `Usage: npm run catalog-server -- --root DIR [options]

Serves the directory catalog in DIR over the Lance REST namespace API.

Options:
  --root DIR                   catalog folder to serve (required; must exist), or
                               an object-store URI (s3://bucket/prefix, gs://, az://)
  --storage NAME=VALUE         a LanceDB storage option for an object-store root
                               (region, endpoint, aws_access_key_id, allow_http, ...;
                               repeatable); describe returns them as storage_options
  --storage-env NAME=VARIABLE  the same, with the value taken from an environment
                               variable (use it for secret keys and tokens)
  --vend-storage-option NAME   hand out only the storage option NAME in describe
                               (repeatable; the others only open the store for the
                               server), as catalogs that vend credentials but leave
                               endpoint or region to the client do
  --credential-lifetime SECONDS
                               each describe says its storage options expire that
                               long after it (expires_at_millis), as short-lived
                               vended credentials do
  --slow-transactions MS       answer table and namespace creates and drops with a
                               transaction_id and do them MS milliseconds later
                               (DescribeTransaction says Queued, then Running until
                               then; AlterTransaction cancels)
  --port N                     TCP port, 0 for any free port (default 2333)
  --host ADDRESS               address to bind (default 127.0.0.1); anything but a
                               loopback address opens the catalog to that network
  --allow-host NAME            also answer requests whose Host header is NAME
                               (repeatable; loopback names and --host always work)
  --api-key KEY[:read|:write]  accept "x-api-key: KEY" (repeatable; write by default)
  --bearer TOKEN[:read|:write] accept "Authorization: Bearer TOKEN" (repeatable)
  --api-key-env VARIABLE[:read|:write]
  --bearer-env VARIABLE[:read|:write]
  --oauth2-client-env ID:VARIABLE
                               the same, with the key, token or client secret
                               taken from an environment variable: a command line
                               can be read by every user of the machine (ps), the
                               environment only by you
  --oauth2-client ID:SECRET    issue OAuth2 client-credentials tokens to this client
                               at POST /oauth/token (HTTP Basic or form client
                               authentication) and accept them as bearer tokens
                               until they expire (repeatable); each token issued
                               is logged to stderr
  --token-lifetime SECONDS     how long an issued token lasts (default 3600)
  --page-size N                at most N items per listing page
  --metadata-only              serve no data routes (query, count_rows, stats,
                               index routes, create): clients use table
                               locations and declare
  --verbose                    log one line per request to stderr
  --help                       show this text

Without --api-key, --bearer or --oauth2-client every request that reaches the server is allowed.
Requests with a foreign Host header or from a web page on another site (an
Origin header) are refused either way.
"x-service-database: NAME" selects the catalog in DIR/NAME (with
"x-service-database-prefix: P" as well: DIR/P/NAME).`

/** Parsed flags. */
export interface CliArgs {
  readonly root: string
  readonly port: number
  readonly host: string
  readonly allowedHosts: readonly string[]
  readonly apiKeys: readonly Grant[]
  readonly bearerTokens: readonly Grant[]
  readonly pageSize: number | null
  /** Storage options for an object-store root (`--storage`, `--storage-env`). */
  readonly storageOptions: Readonly<Record<string, string>>
  /** `--credential-lifetime` in milliseconds; null without it. */
  readonly credentialLifetimeMs: number | null
  /** Clients that get OAuth2 tokens (`--oauth2-client`). */
  readonly oauth2Clients: readonly OAuth2Client[]
  /** `--token-lifetime` in milliseconds; null without it. */
  readonly tokenLifetimeMs: number | null
  /** `--vend-storage-option` names; null (all) without it. */
  readonly vendStorageOptions: readonly string[] | null
  /** `--slow-transactions` in milliseconds; null without it. */
  readonly slowTransactionsMs: number | null
  /** Serve no data routes (`--metadata-only`). */
  readonly metadataOnly: boolean
  readonly verbose: boolean
  readonly help: boolean
}

/** A mistake on the command line; the message says which flag and why. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** The port the server uses when none is given: the spec's default port. */
export const DEFAULT_PORT = 2333

/** Parses the arguments after the script name; `--storage-env` reads `env`. */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliArgs {
  let root: string | null = null
  let port = DEFAULT_PORT
  let host = '127.0.0.1'
  const allowedHosts: string[] = []
  let pageSize: number | null = null
  let verbose = false
  let metadataOnly = false
  let help = false
  const apiKeys: Grant[] = []
  const bearerTokens: Grant[] = []
  const storageOptions: Record<string, string> = {}
  let credentialLifetimeMs: number | null = null
  const oauth2Clients: OAuth2Client[] = []
  let tokenLifetimeMs: number | null = null
  let vendStorageOptions: string[] | null = null
  let slowTransactionsMs: number | null = null
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const flag = eq === -1 ? arg : arg.slice(0, eq)
    const value = (): string => {
      if (eq !== -1) return arg.slice(eq + 1)
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value.`)
      i++
      return next
    }
    switch (flag) {
      case '--root':
        root = catalogRoot(nonEmpty(flag, value()))
        break
      case '--storage': {
        const [name, option] = storageOption(flag, value())
        storageOptions[name] = option
        break
      }
      case '--credential-lifetime':
        credentialLifetimeMs = wholeNumber(flag, value(), 1, 7 * 24 * 3600) * 1000
        break
      case '--vend-storage-option': {
        const name = value()
        const problem = storageOptionNameProblem(name)
        if (problem) throw new UsageError(`${flag}: ${problem}`)
        ;(vendStorageOptions ??= []).push(name)
        break
      }
      case '--storage-env': {
        const [name, option] = storageFromEnv(flag, value(), env)
        storageOptions[name] = option
        break
      }
      case '--slow-transactions':
        slowTransactionsMs = wholeNumber(flag, value(), 1, 24 * 3600 * 1000)
        break
      case '--port':
        port = wholeNumber(flag, value(), 0, 65535)
        break
      case '--host':
        host = address(value())
        break
      case '--allow-host':
        allowedHosts.push(hostName(flag, value()))
        break
      case '--api-key':
        apiKeys.push(grant(flag, value()))
        break
      case '--bearer':
        bearerTokens.push(grant(flag, value()))
        break
      case '--oauth2-client':
        oauth2Clients.push(oauth2Client(flag, value()))
        break
      case '--api-key-env':
        apiKeys.push(grant(flag, secretFromEnv(flag, value(), env)))
        break
      case '--bearer-env':
        bearerTokens.push(grant(flag, secretFromEnv(flag, value(), env)))
        break
      case '--oauth2-client-env':
        oauth2Clients.push(oauth2Client(flag, secretFromEnv(flag, value(), env)))
        break
      case '--token-lifetime':
        tokenLifetimeMs = wholeNumber(flag, value(), 1, 7 * 24 * 3600) * 1000
        break
      case '--page-size':
        pageSize = wholeNumber(flag, value(), 1, Number.MAX_SAFE_INTEGER)
        break
      case '--verbose':
        verbose = true
        break
      case '--metadata-only':
        metadataOnly = true
        break
      case '--help':
      case '-h':
        help = true
        break
      default:
        throw new UsageError(arg.startsWith('-') ? `Unknown option ${flag}.` : `Unexpected argument "${arg}".`)
    }
  }
  if (!help && root === null) throw new UsageError('--root DIR is required: the catalog folder to serve.')
  if (root !== null && rootLocation(root).kind === 'local' && Object.keys(storageOptions).length > 0) {
    throw new UsageError('--storage and --storage-env apply to an object-store --root (s3://, gs://, az://) only.')
  }
  if (credentialLifetimeMs !== null && Object.keys(storageOptions).length === 0) {
    throw new UsageError('--credential-lifetime needs storage options (--storage) to hand out.')
  }
  if (tokenLifetimeMs !== null && oauth2Clients.length === 0)
    throw new UsageError('--token-lifetime needs --oauth2-client: it is the lifetime of the tokens issued to clients.')
  const unknownVended = vendStorageOptions?.find((name) => !(name in storageOptions))
  if (unknownVended !== undefined) throw new UsageError(`--vend-storage-option ${unknownVended} names no --storage or --storage-env option.`)
  return {
    root: root ?? '',
    port,
    host,
    allowedHosts,
    apiKeys,
    bearerTokens,
    pageSize,
    storageOptions,
    credentialLifetimeMs,
    oauth2Clients,
    tokenLifetimeMs,
    vendStorageOptions,
    slowTransactionsMs,
    verbose,
    metadataOnly,
    help
  }
}

function catalogRoot(value: string): string {
  const problem = objectStoreRootProblem(value)
  if (problem) throw new UsageError(`--root ${value}: ${problem}`)
  return rootLocation(value).kind === 'local' ? value : value.trim()
}

function storageOption(flag: string, value: string): [name: string, value: string] {
  try {
    return parseStorageAssignment(value)
  } catch (error) {
    throw new UsageError(`${flag}: ${(error as Error).message}`)
  }
}

// "aws_secret_access_key=S3_SECRET" -> the option with that variable's value, never echoed.
function storageFromEnv(flag: string, value: string, env: NodeJS.ProcessEnv): [name: string, value: string] {
  const [name, variable] = storageOption(flag, value)
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
    throw new UsageError(`${flag} "${value}" must be "name=VARIABLE", e.g. ${flag} "aws_secret_access_key=S3_SECRET".`)
  }
  const option = env[variable]
  if (option === undefined || option === '') throw new UsageError(`${flag}: the environment variable ${variable} is not set.`)
  return [name, option]
}

/**
 * `VARIABLE`, `VARIABLE:read`/`:write` or `ID:VARIABLE` with the variable's value put in
 * its place, so a secret never appears on the command line; the value is never echoed.
 */
function secretFromEnv(flag: string, value: string, env: NodeJS.ProcessEnv): string {
  const oauth2 = flag === '--oauth2-client-env'
  const match = oauth2 ? /^(.+):([A-Za-z_][A-Za-z0-9_]*)$/.exec(value) : /^([A-Za-z_][A-Za-z0-9_]*)(:read|:write)?$/.exec(value)
  if (!match)
    throw new UsageError(
      `${flag} "${value}" must be ${oauth2 ? '"ID:VARIABLE"' : '"VARIABLE", "VARIABLE:read" or "VARIABLE:write"'}, naming an environment variable.`
    )
  const variable = (oauth2 ? match[2] : match[1]) as string
  const secret = env[variable]
  if (secret === undefined || secret === '') throw new UsageError(`${flag}: the environment variable ${variable} is not set.`)
  return oauth2 ? `${match[1] as string}:${secret}` : `${secret}${match[2] ?? ''}`
}

function nonEmpty(flag: string, value: string): string {
  if (value.trim() === '') throw new UsageError(`${flag} cannot be empty.`)
  return value
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const parsed = /^\d+$/.test(value) ? Number(value) : NaN
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not "${value}".`)
  }
  return parsed
}

function grant(flag: string, value: string): Grant {
  try {
    return parseGrant(value)
  } catch (error) {
    throw new UsageError(`${flag}: ${(error as Error).message}`)
  }
}

function oauth2Client(flag: string, value: string): OAuth2Client {
  try {
    return parseOAuth2Client(value)
  } catch (error) {
    throw new UsageError(`${flag}: ${(error as Error).message}`)
  }
}

function address(value: string): string {
  try {
    return bindAddress(value)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

function hostName(flag: string, value: string): string {
  // A bare name or address, as it appears in a Host header before the port.
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+|[0-9a-fA-F:]+)$/.test(value)) {
    throw new UsageError(`${flag} takes a host name or address without a port, not "${value}".`)
  }
  return value
}
