/**
 * Electron's `safeStorage` contract over AES-256-GCM with a key kept elsewhere (in the
 * OS keyring, or only in a test). Blobs are `iv (12) | tag (16) | ciphertext`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SafeStorageLike } from './secret-store'

/** The key length AES-256 needs. */
export const KEY_BYTES = 32

/** A safeStorage-like object that encrypts with `key`. */
export function aesKeychain(key: Buffer, available = true): SafeStorageLike {
  if (key.length !== KEY_BYTES) throw new RangeError(`An AES-256 key has ${KEY_BYTES} bytes, not ${key.length}.`)
  return {
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
