/**
 * Command-line flags shared by `npm start` (Electron) and `npm run web` (browser mode):
 *   [--port N] [--data-dir DIR] [--no-keychain] [--dir ROOT [--storage "name=value"]... [--storage-env "name=VARIABLE"]...]...
 *   [--rest URI [--header "Name: value"]... [--header-env "Name=VARIABLE"]... [--storage "name=value"]... [--storage-env "name=VARIABLE"]...
 *     [--oauth2-client-id ID --oauth2-client-secret-env VARIABLE [--oauth2-token-url URL] [--oauth2-scope SCOPES]] [--local-locations open|refuse]]...
 * A `--header` or `--header-env` belongs to the `--rest` before it, a `--storage` or `--storage-env` to the
 * `--dir` or `--rest` before it (a folder or an object-store URI, which is never made a local path; a REST
 * catalog's options open the table locations its describe returns). `--header-env` takes
 * the value from an environment variable, so a key need not appear in the command line
 * (which every user of the machine can read, e.g. with `ps`). The `--oauth2-*` flags give
 * the `--rest` before them OAuth2 client credentials; the client secret only ever comes
 * from an environment variable. `--local-locations` says whether the `--rest` before it may
 * open table locations on this machine (`file://`, plain paths); left out, only a catalog on
 * a loopback address may.
 */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { objectStoreRootProblem, parseStorageAssignment, rootLocation, storageProperties } from '../shared/storage-options'
import { dirSpec, restSpec, type ConnectionSpec } from './connections/connection-spec'
import { OAUTH2_FLAGS, oauth2Properties, readOAuth2Flag } from './launch-oauth2'
import { ALLOW_LOCAL_LOCATIONS } from '../catalog/rest/rest-config'

/** What the flags ask for. */
export interface LaunchOptions {
  /**
   * Browser-mode port, when `--port` was given (0 picks a free one); undefined means the
   * port of the last run on this data dir, when it is free.
   */
  readonly port: number | undefined
  /** Where the app keeps its own files; undefined means the platform default. */
  readonly dataDir: string | undefined
  /** Catalogs to open for this run, in the order given. */
  readonly connections: readonly ConnectionSpec[]
  /** Browser mode: keep secrets out of the desktop keyring even where one runs. */
  readonly noKeychain?: boolean
}

/** The usage line printed with every flag error. */
export const USAGE =
  'Usage: [--port N] [--data-dir DIR] [--no-keychain] [--dir ROOT [--storage "name=value"]... [--storage-env "name=VARIABLE"]...]... ' +
  '[--rest URI [--header "Name: value"]... [--header-env "Name=VARIABLE"]... [--storage "name=value"]... [--storage-env "name=VARIABLE"]... ' +
  '[--oauth2-client-id ID --oauth2-client-secret-env VARIABLE [--oauth2-token-url URL] [--oauth2-scope SCOPES]] [--local-locations open|refuse]]...'

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Parses flags, reading `--header-env` values from `env`; throws a RangeError that says
 * which flag is wrong and shows the usage.
 */
export function parseLaunchArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  let port: number | undefined
  let dataDir: string | undefined
  let noKeychain = false
  const connections: ConnectionSpec[] = []
  let rest: { uri: string; headers: string[]; storage: Record<string, string>; oauth2: Record<string, string>; local?: string } | undefined
  let dir: { root: string; storage: Record<string, string> } | undefined
  const flushRest = (): void => {
    if (rest) {
      const spec = withStorage(restSpec(rest.uri, rest.headers), rest.storage)
      const local: Record<string, string> = rest.local === undefined ? {} : { [ALLOW_LOCAL_LOCATIONS]: String(rest.local === 'open') }
      connections.push({ ...spec, properties: { ...spec.properties, ...oauth2Properties(rest.oauth2, USAGE), ...local } })
    }
    if (dir) connections.push(withStorage(dirSpec(dir.root), dir.storage))
    rest = undefined
    dir = undefined
  }

  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? ''
    if (flag === '--no-keychain') {
      noKeychain = true
      continue
    }
    // Electron and Chromium add switches of their own; ours all come as pairs.
    if (
      !['--port', '--data-dir', '--dir', '--storage', '--storage-env', '--rest', '--header', '--header-env', '--local-locations', ...OAUTH2_FLAGS].includes(
        flag
      )
    ) {
      if (flag.startsWith('--')) continue
      throw new RangeError(`Unexpected argument "${flag}". ${USAGE}`)
    }
    const value = argv[++i]
    if (value === undefined || value.startsWith('--')) throw new RangeError(`${flag} needs a value. ${USAGE}`)
    switch (flag) {
      case '--port': {
        const n = Number(value)
        if (!Number.isInteger(n) || n < 0 || n > 65535) throw new RangeError(`--port must be 0-65535, not "${value}".`)
        port = n
        break
      }
      case '--data-dir':
        dataDir = resolve(value)
        break
      case '--dir':
        flushRest()
        dir = { root: dirRoot(value), storage: {} }
        break
      case '--storage': {
        const target = dir ?? rest
        if (!target) throw new RangeError(`--storage must follow the --dir or --rest it belongs to. ${USAGE}`)
        const [name, option] = parseStorageAssignment(value)
        target.storage[name] = option
        break
      }
      case '--storage-env': {
        const target = dir ?? rest
        if (!target) throw new RangeError(`--storage-env must follow the --dir or --rest it belongs to. ${USAGE}`)
        const [name, option] = fromEnv('--storage-env', value, env, 'aws_secret_access_key=LCB_S3_SECRET')
        target.storage[name] = option
        break
      }
      case '--rest':
        flushRest()
        rest = { uri: value, headers: [], storage: {}, oauth2: {} }
        break
      case '--header':
        if (!rest) throw new RangeError(`--header must follow the --rest it belongs to. ${USAGE}`)
        rest.headers.push(value)
        break
      case '--header-env':
        if (!rest) throw new RangeError(`--header-env must follow the --rest it belongs to. ${USAGE}`)
        rest.headers.push(fromEnv('--header-env', value, env, 'x-api-key=LCB_API_KEY').join(': '))
        break
      case '--local-locations':
        if (!rest) throw new RangeError(`--local-locations must follow the --rest it belongs to. ${USAGE}`)
        if (value !== 'open' && value !== 'refuse') throw new RangeError(`--local-locations takes open or refuse, not "${value}". ${USAGE}`)
        rest.local = value
        break
      default:
        if (!rest) throw new RangeError(`${flag} must follow the --rest it belongs to. ${USAGE}`)
        readOAuth2Flag(flag, value, env, rest.oauth2)
    }
  }
  flushRest()
  return { port, dataDir, connections, noKeychain }
}

// A folder is made absolute; an object-store URI stays as given; another scheme is refused.
function dirRoot(value: string): string {
  const where = rootLocation(value)
  if (where.kind === 'local') return resolve(value)
  const problem = objectStoreRootProblem(value)
  if (problem) throw new RangeError(`--dir ${value}: ${problem}`)
  return value.trim()
}

function withStorage(spec: ConnectionSpec, storage: Readonly<Record<string, string>>): ConnectionSpec {
  return Object.keys(storage).length === 0 ? spec : { ...spec, properties: { ...spec.properties, ...storageProperties(storage) } }
}

// "x-api-key=LCB_KEY" -> ["x-api-key", <value of LCB_KEY>]. The value is never echoed in errors.
function fromEnv(flag: string, value: string, env: NodeJS.ProcessEnv, example: string): [name: string, value: string] {
  const equals = value.indexOf('=')
  const name = value.slice(0, equals).trim()
  const variable = value.slice(equals + 1).trim()
  if (equals <= 0 || name === '' || !ENV_NAME.test(variable)) {
    throw new RangeError(`${flag} "${value}" must be "Name=VARIABLE", e.g. ${flag} "${example}". ${USAGE}`)
  }
  const found = env[variable]
  if (found === undefined || found === '') {
    throw new RangeError(`${flag} ${name}=${variable}: the environment variable ${variable} is not set or is empty.`)
  }
  return [name, found]
}

/** The app's data folder when none is given: `$XDG_DATA_HOME` or `~/.local/share`. */
export function defaultDataDir(): string {
  const base = process.env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share')
  return join(base, 'lance-catalog-browser')
}
