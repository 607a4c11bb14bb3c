/**
 * For tests: stands in for the OS keychain (an OS service, not our code) with real
 * AES-256-GCM and a key that lives only in the test, under the same contract as
 * Electron's `safeStorage`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SafeStorageLike } from './secret-store'

/** A keychain whose encryption is `available` (or not), with its key exposed for checks. */
export function testKeychain(available = true): SafeStorageLike & { readonly key: Buffer } {
  const key = randomBytes(32)
  return {
    key,
    isEncryptionAvailable: () => available,
    encryptString(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body])
    },
    decryptString(blob) {
      const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12))
      decipher.setAuthTag(blob.subarray(12, 28))
      return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]).toString('utf8')
    }
  }
}
