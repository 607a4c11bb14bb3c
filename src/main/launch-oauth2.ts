/**
 * The `--oauth2-*` flags of a `--rest` connection: `--oauth2-client-id ID`,
 * `--oauth2-client-secret-env VARIABLE` (the secret only ever from the environment, never
 * the command line, which every user of the machine can read), `--oauth2-token-url URL`
 * (the spec's `/oauth/token` on the catalog URI when left out) and `--oauth2-scope SCOPES`.
 */
import { OAUTH2_PROPERTIES, tokenUrlProblem } from '../shared/oauth2'

/** The flags this file reads; each takes one value. */
export const OAUTH2_FLAGS = ['--oauth2-client-id', '--oauth2-client-secret-env', '--oauth2-token-url', '--oauth2-scope']

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Reads one `--oauth2-*` flag into `into` (`oauth2.*` properties); throws a RangeError that names the flag. */
export function readOAuth2Flag(flag: string, value: string, env: NodeJS.ProcessEnv, into: Record<string, string>): void {
  switch (flag) {
    case '--oauth2-client-id':
      if (value.trim() === '') throw new RangeError('--oauth2-client-id cannot be empty.')
      into[OAUTH2_PROPERTIES.clientId] = value.trim()
      return
    case '--oauth2-client-secret-env': {
      if (!ENV_NAME.test(value))
        throw new RangeError(`--oauth2-client-secret-env takes the name of an environment variable (e.g. LCB_CLIENT_SECRET), not "${value}".`)
      const secret = env[value]
      if (secret === undefined || secret === '')
        throw new RangeError(`--oauth2-client-secret-env ${value}: the environment variable ${value} is not set or is empty.`)
      into[OAUTH2_PROPERTIES.clientSecret] = secret
      return
    }
    case '--oauth2-token-url': {
      const problem = tokenUrlProblem(value)
      if (problem) throw new RangeError(`--oauth2-token-url ${value}: ${problem}`)
      into[OAUTH2_PROPERTIES.tokenUrl] = value.trim()
      return
    }
    case '--oauth2-scope':
      into[OAUTH2_PROPERTIES.scope] = value.trim()
      return
    default:
      throw new RangeError(`Unknown flag ${flag}.`)
  }
}

/** The `oauth2.*` properties of a `--rest`, checked to be complete: none when no `--oauth2-*` flag was given. */
export function oauth2Properties(given: Readonly<Record<string, string>>, usage: string): Record<string, string> {
  if (Object.keys(given).length === 0) return {}
  if (given[OAUTH2_PROPERTIES.clientId] === undefined || given[OAUTH2_PROPERTIES.clientSecret] === undefined) {
    throw new RangeError(`OAuth2 needs both --oauth2-client-id and --oauth2-client-secret-env after the --rest they belong to. ${usage}`)
  }
  return { ...given }
}
