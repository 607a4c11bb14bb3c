/**
 * The OS keyring for browser mode on Linux: the freedesktop Secret Service (GNOME
 * Keyring, KWallet) through libsecret's `secret-tool`. It holds one random AES key per
 * data dir, the way Chromium's own safeStorage does on Linux; secrets are encrypted with
 * it into the data dir.
 *
 * The key is what every stored secret depends on, so a lookup that did not clearly
 * succeed never leads to a new key being stored over the old one. The outcomes:
 * - `present`: the keyring answered with this data dir's key;
 * - `created`: the keyring answered "nothing stored" and the data dir holds no encrypted
 *   secrets, so this is the first start: a new key is stored and read back;
 * - `unavailable`: the keyring failed (locked, timed out, daemon restarting, not there)
 *   or answered "nothing stored" while `secrets.json` holds secrets made with some key.
 *   The caller keeps secrets in memory for this run, leaves `secrets.json` alone, and
 *   says why;
 * - `none`: the keyring failed but the data dir holds no encrypted secrets: nothing is
 *   at stake, so this is the plain "no keychain" case (memory, with the 0600 file opt-in).
 */
import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { aesKeychain, KEY_BYTES } from './aes-keychain'
import { SECRETS_FILE, unavailableKeychain, type SafeStorageLike } from './secret-store'

const SERVICE = 'lance-catalog-browser'
/** A keyring that prompts for a password must not hold start-up for long. */
const TIMEOUT_MS = 5_000

/** What asking the keyring for this data dir's key found. */
export type KeyringOpening =
  { readonly state: 'present' | 'created'; readonly keychain: SafeStorageLike } | { readonly state: 'unavailable' | 'none'; readonly reason: string }

/**
 * The keyring-backed safeStorage for `dataDir`: undefined off Linux or without a keyring
 * (and no secrets at stake); when the keyring is unavailable, a safeStorage that says so
 * (encryption unavailable, with the reason), so the secret store keeps secrets in memory
 * and tells the person why.
 */
export async function openLibsecretKeychain(dataDir: string): Promise<SafeStorageLike | undefined> {
  if (process.platform !== 'linux') return undefined
  const opening = await openKeyring(dataDir)
  switch (opening.state) {
    case 'none':
      return undefined
    case 'unavailable':
      return unavailableKeychain(opening.reason)
    default:
      return opening.keychain
  }
}

/** Looks up (or, on a first start only, creates) the AES key of `dataDir` in the keyring. */
export async function openKeyring(dataDir: string): Promise<KeyringOpening> {
  const attributes = ['service', SERVICE, 'data-dir', createHash('sha256').update(dataDir).digest('hex').slice(0, 32)]
  const found = await lookUp(attributes)
  if (found.state === 'failed') {
    const reason = `the keyring did not answer (${found.message})`
    return (await holdsSecrets(join(dataDir, SECRETS_FILE))) ? unavailable(reason) : { state: 'none', reason }
  }
  if (found.state === 'found') {
    const key = Buffer.from(found.value.trim(), 'base64')
    if (key.length === KEY_BYTES) return { state: 'present', keychain: aesKeychain(key) }
    return unavailable('the keyring holds a key for this data folder that is not a valid AES-256 key')
  }
  if (await holdsSecrets(join(dataDir, SECRETS_FILE))) {
    return unavailable(
      `the keyring has no key for this data folder, but ${SECRETS_FILE} holds secrets encrypted with one ` +
        '(the keyring may be locked, still starting, or reset). If that key is gone for good, move the file away and restart'
    )
  }
  const key = randomBytes(KEY_BYTES)
  try {
    await secretTool(['store', `--label=Lance Catalog Browser (${dataDir})`, ...attributes], key.toString('base64'))
  } catch (error) {
    return unavailable(`the keyring did not store a new key (${failureMessage(error)})`)
  }
  // Read it back: a keyring that accepted nothing must not be trusted with secrets.
  const check = await lookUp(attributes)
  if (check.state !== 'found' || !Buffer.from(check.value.trim(), 'base64').equals(key)) {
    return unavailable('the keyring did not give back the key it was asked to store')
  }
  return { state: 'created', keychain: aesKeychain(key) }
}

type Lookup = { readonly state: 'found'; readonly value: string } | { readonly state: 'none' } | { readonly state: 'failed'; readonly message: string }

// secret-tool (libsecret's tool/secret-tool.c) exits 1 both when nothing matches and when
// the lookup failed; only a failure prints "secret-tool: <message>" on stderr. So "none"
// is exit status 1 with nothing on either stream, and every other outcome is a failure.
async function lookUp(attributes: readonly string[]): Promise<Lookup> {
  try {
    return { state: 'found', value: await secretTool(['lookup', ...attributes]) }
  } catch (error) {
    const failed = error as SecretToolError
    const silent = (failed.stdout ?? '') === '' && (failed.stderr ?? '').trim() === ''
    if (failed.code === 1 && !failed.killed && failed.signal == null && silent) return { state: 'none' }
    return { state: 'failed', message: failureMessage(error) }
  }
}

// Conservative: a file that exists but cannot be read or parsed counts as holding secrets.
async function holdsSecrets(path: string): Promise<boolean> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT'
  }
  try {
    const secrets = (JSON.parse(text) as { secrets?: unknown }).secrets
    return typeof secrets !== 'object' || secrets === null || Object.keys(secrets).length > 0
  } catch {
    return true
  }
}

function unavailable(reason: string): KeyringOpening {
  return { state: 'unavailable', reason }
}

interface SecretToolError extends Error {
  readonly code?: number | string
  readonly killed?: boolean
  readonly signal?: string | null
  readonly stdout?: string
  readonly stderr?: string
}

function failureMessage(error: unknown): string {
  const failed = error as SecretToolError
  if (failed.code === 'ENOENT') return 'secret-tool is not installed'
  if (failed.killed) return `no answer within ${TIMEOUT_MS / 1000} s`
  const said = (failed.stderr ?? '').trim().replace(/^secret-tool:\s*/, '')
  return said || `secret-tool exited with status ${String(failed.code ?? failed.signal)}`
}

function secretTool(args: readonly string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('secret-tool', args, { timeout: TIMEOUT_MS }, (error, stdout, stderr) =>
      error ? reject(Object.assign(error, { stdout, stderr })) : resolve(stdout)
    )
    // secret-tool may exit (no keyring) before reading its input; the exit status already
    // reports that, and an unhandled EPIPE on stdin would take the whole app down.
    child.stdin?.on('error', () => undefined)
    child.stdin?.end(input ?? '')
  })
}
