import { mkdtemp, readdir, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileSecretStore, KeychainSecretStore, MemorySecretStore, openSecretStore, PLAIN_SECRETS_FILE, SECRETS_FILE } from './secret-store'
import { testKeychain } from '../../../test-kit/keychain'

const fakeKeychain = testKeychain

const SECRET = 'sk-live-9d8c7b6a5f4e3f9a'
let dataDir: string

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'secret-store-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

async function everyFileText(): Promise<string> {
  const names = await readdir(dataDir)
  const texts = await Promise.all(names.map((name) => readFile(join(dataDir, name), 'utf8')))
  return texts.join('\n')
}

describe('MemorySecretStore', () => {
  it('keeps values per profile and header, header names ignoring case', async () => {
    const store = new MemorySecretStore()
    await store.set('p1', 'X-Api-Key', SECRET)
    await store.set('p1', 'Authorization', 'Bearer t')
    await store.set('p2', 'x-api-key', 'other')
    expect(await store.get('p1', 'x-api-key')).toBe(SECRET)
    await store.delete('p1', 'X-API-KEY')
    expect(await store.get('p1', 'x-api-key')).toBeUndefined()
    await store.delete('p1')
    expect(await store.get('p1', 'authorization')).toBeUndefined()
    expect(await store.get('p2', 'x-api-key')).toBe('other')
    expect(store.kind).toBe('memory')
    expect(store.describe()).toBe('Kept in memory until the app quits')
  })
})

describe('KeychainSecretStore', () => {
  it('stores only ciphertext in secrets.json and reads it back after reopening', async () => {
    const keychain = fakeKeychain()
    const { store } = await KeychainSecretStore.open(dataDir, keychain)
    await store.set('p1', 'x-api-key', SECRET)
    expect(await everyFileText()).not.toContain(SECRET)
    expect(await everyFileText()).not.toContain(Buffer.from(SECRET).toString('base64'))
    const file = JSON.parse(await readFile(join(dataDir, SECRETS_FILE), 'utf8')) as { secrets: Record<string, Record<string, string>> }
    expect(Object.keys(file.secrets['p1'] ?? {})).toEqual(['x-api-key'])

    const reopened = await KeychainSecretStore.open(dataDir, keychain)
    expect(reopened.problem).toBeUndefined()
    expect(await reopened.store.get('p1', 'X-API-Key')).toBe(SECRET)
    expect(reopened.store.describe()).toBe('Stored encrypted in the OS keychain')
  })

  it('reports a secret the keychain can no longer decrypt', async () => {
    const { store } = await KeychainSecretStore.open(dataDir, fakeKeychain())
    await store.set('p1', 'x-api-key', SECRET)
    const other = await KeychainSecretStore.open(dataDir, fakeKeychain())
    await expect(other.store.get('p1', 'x-api-key')).rejects.toThrow(/could not be decrypted/)
  })

  it('refuses to store when encryption is unavailable, and the factory falls back to memory', async () => {
    const { store } = await KeychainSecretStore.open(dataDir, fakeKeychain(false))
    await expect(store.set('p1', 'x-api-key', SECRET)).rejects.toThrow(/keychain is not available/)
    expect(await readdir(dataDir)).toEqual([])
    expect((await openSecretStore(dataDir, { safeStorage: fakeKeychain(false) })).store.kind).toBe('memory')
    expect((await openSecretStore(dataDir, { safeStorage: fakeKeychain() })).store.kind).toBe('keychain')
  })

  it('keeps a corrupt secrets file as a copy, starts empty, and does not overwrite the copy', async () => {
    await writeFile(join(dataDir, SECRETS_FILE), '{"version": 1, "secrets": ')
    const { store, problem } = await KeychainSecretStore.open(dataDir, fakeKeychain())
    expect(problem?.message).toMatch(/not valid JSON/)
    expect(problem?.keptCopy).toMatch(/secrets\.json\.corrupt-/)
    expect(await readFile(problem?.keptCopy ?? '', 'utf8')).toBe('{"version": 1, "secrets": ')
    await store.set('p1', 'x-api-key', SECRET)
    expect(await readFile(problem?.keptCopy ?? '', 'utf8')).toBe('{"version": 1, "secrets": ')
  })
})

describe('FileSecretStore', () => {
  it.skipIf(process.platform === 'win32')('writes a 0600 file and narrows a wider one on open', async () => {
    const { store } = await FileSecretStore.open(dataDir)
    await store.set('p1', 'authorization', 'Bearer abc')
    const path = join(dataDir, PLAIN_SECRETS_FILE)
    expect((await stat(path)).mode & 0o777).toBe(0o600)

    await chmod(path, 0o644)
    const reopened = await FileSecretStore.open(dataDir)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect(await reopened.store.get('p1', 'Authorization')).toBe('Bearer abc')
    expect(reopened.store.describe()).toBe('Stored in a file only you can read (0600)')
  })

  it('deleting a profile removes its values from the file', async () => {
    const { store } = await FileSecretStore.open(dataDir)
    await store.set('p1', 'x-api-key', SECRET)
    await store.set('p2', 'x-api-key', 'keep-me')
    await store.delete('p1')
    const text = await readFile(join(dataDir, PLAIN_SECRETS_FILE), 'utf8')
    expect(text).not.toContain(SECRET)
    expect(text).toContain('keep-me')
  })

  it('is only chosen when the person opts in', async () => {
    expect((await openSecretStore(dataDir)).store.kind).toBe('memory')
    expect((await openSecretStore(dataDir, { plainFileOptIn: true })).store.kind).toBe('file')
  })
})
