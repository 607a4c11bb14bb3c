import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsecretKeychain } from './libsecret-keychain'
import { KeychainSecretStore, SECRETS_FILE } from './secret-store'

/** True when a Secret Service keyring answers here (CI starts one; see .ci/run). */
function keyringRuns(): boolean {
  try {
    execFileSync('secret-tool', ['search', 'service', 'lance-catalog-browser-probe'], { timeout: 5000, stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe.skipIf(!keyringRuns() && !process.env['LCB_EXPECT_KEYCHAIN'])('the Secret Service keychain (browser mode on Linux)', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lcb-libsecret-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps secrets encrypted in the data dir and readable after a restart', async () => {
    const first = await openLibsecretKeychain(dataDir)
    expect(first?.isEncryptionAvailable()).toBe(true)
    const { store } = await KeychainSecretStore.open(dataDir, first!)
    await store.set('p1', 'x-api-key', 'sk-live-libsecret-3f9a')
    expect(await readFile(join(dataDir, SECRETS_FILE), 'utf8')).not.toContain('sk-live-libsecret-3f9a')

    // A new process finds the same key in the keyring.
    const again = await KeychainSecretStore.open(dataDir, (await openLibsecretKeychain(dataDir))!)
    expect(await again.store.get('p1', 'x-api-key')).toBe('sk-live-libsecret-3f9a')
  })

  it('uses a different key for another data dir', async () => {
    const other = await mkdtemp(join(tmpdir(), 'lcb-libsecret-'))
    try {
      const a = (await openLibsecretKeychain(dataDir))!
      const b = (await openLibsecretKeychain(other))!
      expect(() => b.decryptString(a.encryptString('x'))).toThrow()
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })
})

describe('without a keyring', () => {
  it('answers undefined, many times at once, without crashing the process', async () => {
    // No D-Bus session: secret-tool fails at once, often before it reads its input.
    const saved = process.env['DBUS_SESSION_BUS_ADDRESS']
    delete process.env['DBUS_SESSION_BUS_ADDRESS']
    try {
      const dirs = Array.from({ length: 32 }, (_, i) => join(tmpdir(), `lcb-no-keyring-${i}`))
      // No secrets in these data dirs, so nothing is at stake: plain "no keychain".
      expect(await Promise.all(dirs.map((dir) => openLibsecretKeychain(dir)))).toEqual(dirs.map(() => undefined))
    } finally {
      if (saved === undefined) delete process.env['DBUS_SESSION_BUS_ADDRESS']
      else process.env['DBUS_SESSION_BUS_ADDRESS'] = saved
    }
  })
})
