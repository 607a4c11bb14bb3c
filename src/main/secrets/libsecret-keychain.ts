/**
 * The OS keyring for browser mode on Linux: the freedesktop Secret Service (GNOME
 * Keyring, KWallet) through libsecret's `secret-tool`. It holds one random AES key per
 * data dir, the way Chromium's own safeStorage does on Linux; secrets are encrypted with
 * it into the data dir. Where no keyring answers (no D-Bus session, locked, not
 * installed), the caller falls back to keeping secrets in memory.
 */
import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { aesKeychain, KEY_BYTES } from './aes-keychain'
import type { SafeStorageLike } from './secret-store'

const SERVICE = 'lance-catalog-browser'
/** A keyring that prompts for a password must not hold start-up for long. */
const TIMEOUT_MS = 5_000

/** The keyring-backed safeStorage for `dataDir`, or undefined when no keyring answers. */
export async function openLibsecretKeychain(dataDir: string): Promise<SafeStorageLike | undefined> {
  if (process.platform !== 'linux') return undefined
  const attributes = ['service', SERVICE, 'data-dir', createHash('sha256').update(dataDir).digest('hex').slice(0, 32)]
  try {
    const stored = await secretTool(['lookup', ...attributes]).catch(() => '')
    let key = Buffer.from(stored.trim(), 'base64')
    if (key.length !== KEY_BYTES) {
      key = randomBytes(KEY_BYTES)
      await secretTool(['store', `--label=Lance Catalog Browser (${dataDir})`, ...attributes], key.toString('base64'))
      // Read it back: a keyring that accepted nothing must not be trusted with secrets.
      const check = Buffer.from((await secretTool(['lookup', ...attributes])).trim(), 'base64')
      if (!check.equals(key)) return undefined
    }
    return aesKeychain(key)
  } catch {
    return undefined
  }
}

function secretTool(args: readonly string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('secret-tool', args, { timeout: TIMEOUT_MS }, (error, stdout) => (error ? reject(error) : resolve(stdout)))
    // secret-tool may exit (no keyring) before reading its input; the exit status already
    // reports that, and an unhandled EPIPE on stdin would take the whole app down.
    child.stdin?.on('error', () => undefined)
    child.stdin?.end(input ?? '')
  })
}
