/**
 * For tests: stands in for the OS keychain (an OS service, not our code) with real
 * AES-256-GCM and a key that lives only in the test.
 */
import { randomBytes } from 'node:crypto'
import { aesKeychain, KEY_BYTES } from '../src/main/secrets/aes-keychain'
import type { SafeStorageLike } from '../src/main/secrets/secret-store'

/** A keychain whose encryption is `available` (or not), with its key exposed for checks. */
export function testKeychain(available = true): SafeStorageLike & { readonly key: Buffer } {
  const key = randomBytes(KEY_BYTES)
  return { ...aesKeychain(key, available), key }
}
