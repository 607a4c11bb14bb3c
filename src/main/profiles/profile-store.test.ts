import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CatalogError } from '../../shared/errors'
import type { ProfileDraft } from '../../shared/profile-types'
import { KeychainSecretStore, MemorySecretStore, type SafeStorageLike, type SecretStore } from '../secrets/secret-store'
import { testKeychain } from '../../../test-kit/keychain'
import { PROFILES_FILE, ProfileStore } from './profile-store'

// Real AES-GCM with a key only this test knows, standing in for the OS keychain.
const keychain = (): SafeStorageLike => testKeychain()

const API_KEY = 'sk-enterprise-0123456789abcdef3f9a'
const enterprise = (name = 'Prod', key: string | undefined = API_KEY): ProfileDraft => ({
  name,
  connectType: 'rest',
  preset: 'enterprise',
  properties: { uri: 'https://db.example.com' },
  headers: [
    { name: 'x-api-key', ...(key === undefined ? {} : { value: key }) },
    { name: 'x-service-database', value: 'analytics' }
  ]
})
const local = (name: string): ProfileDraft => ({ name, connectType: 'dir', properties: { root: `/data/${name}` }, headers: [] })

let dataDir: string
let path: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'profile-store-'))
  path = join(dataDir, PROFILES_FILE)
})
afterEach(async () => {
  await chmod(dataDir, 0o755).catch(() => undefined)
  await rm(dataDir, { recursive: true, force: true })
})

async function allFileText(dir: string): Promise<string> {
  const entries = await readdir(dir, { withFileTypes: true })
  const parts = await Promise.all(entries.map((e) => (e.isDirectory() ? allFileText(join(dir, e.name)) : readFile(join(dir, e.name), 'utf8'))))
  return parts.join('\n')
}
const fileJson = async (): Promise<{ profiles: Array<{ name: string }>; lastUsedId: string | null }> => JSON.parse(await readFile(path, 'utf8'))

describe('saving the profile file', () => {
  it('saves a file that parses and leaves no temp file behind', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    await store.create(local('a'))
    await store.create(local('b'))
    expect((await fileJson()).profiles.map((p) => p.name)).toEqual(['a', 'b'])
    expect(await readdir(dataDir)).toEqual([PROFILES_FILE])
  })

  it('ignores and cleans a temp file a crashed write left beside a good file', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    await store.create(local('kept'))
    const crashed = `${path}.tmp-99999999-abcdef` // a pid above any pid_max: that process is gone
    await writeFile(crashed, '{"version": 1, "profiles": [{"na')
    const reopened = await ProfileStore.open(dataDir, new MemorySecretStore())
    expect(reopened.problem).toBeUndefined()
    expect((await reopened.store.list()).map((p) => p.name)).toEqual(['kept'])
    expect(await readdir(dataDir)).toEqual([PROFILES_FILE])
  })
})

describe('a profile file that cannot be fully read', () => {
  const validEntry = { id: 'p1', name: 'Good', connectType: 'dir', properties: { root: '/data/good' }, secretHeaders: [] }
  it.each([
    ['invalid JSON', '{"version": 1, "profiles": [', /not valid JSON/, []],
    ['an empty file', '', /the file is empty/, []],
    ['valid JSON of the wrong shape', JSON.stringify({ profiles: 'none' }), /expected layout/, []],
    ['a newer version', JSON.stringify({ version: 2, profiles: [validEntry] }), /newer version of the app \(format 2\)/, []],
    [
      'partially valid entries',
      JSON.stringify({ version: 1, profiles: [validEntry, { id: 'p2', name: 'Bad', connectType: 'ftp', properties: {} }, 42] }),
      /2 of 3 profiles are invalid/,
      ['Good']
    ]
  ])('%s: is reported, kept as a copy, never overwritten; the store starts with what it read', async (_, text, message, names) => {
    await writeFile(path, text)
    const { store, problem } = await ProfileStore.open(dataDir, new MemorySecretStore())
    expect(problem?.message).toMatch(message)
    expect(problem?.keptCopy).toMatch(/profiles\.json\.corrupt-/)
    expect(await readFile(problem?.keptCopy ?? '', 'utf8')).toBe(text)
    expect(await readFile(path, 'utf8')).toBe(text) // untouched until the person changes something
    expect((await store.list()).map((p) => p.name)).toEqual(names)

    // Opening again before any change reuses the copy rather than piling up new ones.
    const again = await ProfileStore.open(dataDir, new MemorySecretStore())
    expect(again.problem?.keptCopy).toBe(problem?.keptCopy)

    await store.create(local('new'))
    expect((await fileJson()).profiles.map((p) => p.name)).toEqual([...names, 'new'])
    expect(await readFile(problem?.keptCopy ?? '', 'utf8')).toBe(text)
    expect((await readdir(dataDir)).filter((n) => n.includes('.corrupt-'))).toHaveLength(1)
  })

  it('names each skipped entry and why', async () => {
    await writeFile(path, JSON.stringify({ version: 1, profiles: [{ id: 'x', name: 'Bad', connectType: 'ftp', properties: {} }] }))
    const { problem } = await ProfileStore.open(dataDir, new MemorySecretStore())
    expect(problem?.issues[0]).toMatch(/Profile 1 \("Bad"\): connectType/)
  })

  it('moves a file it cannot read at all aside (rename needs no read access) instead of replacing it', async () => {
    await mkdir(path) // reading fails with EISDIR, so no byte copy is possible
    await writeFile(join(path, 'marker'), 'original')
    const { store, problem } = await ProfileStore.open(dataDir, new MemorySecretStore())
    expect(problem?.message).toMatch(/could not be read/)
    expect(await readFile(join(problem?.keptCopy ?? '', 'marker'), 'utf8')).toBe('original')
    await store.create(local('fresh'))
    expect((await fileJson()).profiles.map((p) => p.name)).toEqual(['fresh'])
  })

  // Root ignores folder permissions, so this case can only be staged as another user.
  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('refuses to save when the bad file could not be preserved', async () => {
    await writeFile(path, 'not json')
    await chmod(dataDir, 0o555) // no copy and no rename possible
    const { store, problem } = await ProfileStore.open(dataDir, new MemorySecretStore())
    expect(problem?.keptCopy).toBeNull()
    expect(problem?.message).toMatch(/could not be copied/)
    await chmod(dataDir, 0o755)
    await expect(store.create(local('x'))).rejects.toThrow(/cannot be saved/)
    expect(await readFile(path, 'utf8')).toBe('not json')
  })
})

describe('secrets', () => {
  it('writes no plaintext API key anywhere in the data dir, masks it, and merges it back only for connecting', async () => {
    const { store: secrets } = await KeychainSecretStore.open(dataDir, keychain())
    const { store } = await ProfileStore.open(dataDir, secrets)
    const view = await store.create(enterprise())
    expect(await allFileText(dataDir)).not.toContain(API_KEY)
    expect(await allFileText(dataDir)).toContain('analytics') // the non-secret header is in the profile
    expect(view.properties['headers.x-api-key']).toBe('••••3f9a')
    expect(view.hasSecret).toEqual({ 'x-api-key': true })
    expect(view.kind).toBe('enterprise')
    const spec = await store.toConnectionSpec(view.id)
    expect(spec).toEqual({
      name: 'Prod',
      type: 'rest',
      properties: { uri: 'https://db.example.com', 'headers.x-api-key': API_KEY, 'headers.x-service-database': 'analytics' },
      secretHeaders: ['x-api-key'],
      routes: 'enterprise'
    })
  })

  it('keeps a secret left out or sent back as its mask, replaces a new one, forgets an empty one', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const { id } = await store.create(enterprise())
    await store.update(id, enterprise('Prod', undefined))
    expect((await store.toConnectionSpec(id)).properties['headers.x-api-key']).toBe(API_KEY)
    await store.update(id, enterprise('Prod', '••••3f9a'))
    expect((await store.toConnectionSpec(id)).properties['headers.x-api-key']).toBe(API_KEY)
    await store.update(id, enterprise('Prod', 'sk-rotated-7777'))
    expect((await store.toConnectionSpec(id)).properties['headers.x-api-key']).toBe('sk-rotated-7777')
    const cleared = await store.update(id, enterprise('Prod', ''))
    expect(cleared.hasSecret).toEqual({ 'x-api-key': false })
    await expect(store.toConnectionSpec(id)).rejects.toThrow(/no value for x-api-key.*enter it again/)
  })

  it('moves a header value out of the profile file when it is marked secret', async () => {
    const secrets = new MemorySecretStore()
    const { store } = await ProfileStore.open(dataDir, secrets)
    const headers = [{ name: 'x-tenant', value: 'tenant-secret' }]
    const draft: ProfileDraft = { name: 'R', connectType: 'rest', properties: { uri: 'http://h' }, headers }
    const { id } = await store.create(draft)
    expect(await readFile(path, 'utf8')).toContain('tenant-secret')
    const view = await store.update(id, { ...draft, headers: [{ name: 'x-tenant', secret: true }] })
    expect(await readFile(path, 'utf8')).not.toContain('tenant-secret')
    expect(view.secretHeaders).toEqual(['x-tenant'])
    expect((await store.toConnectionSpec(id)).properties['headers.x-tenant']).toBe('tenant-secret')
  })

  it('moves a plain-text secret found in a hand-edited file into the secret store', async () => {
    const secrets = new MemorySecretStore()
    const properties = { uri: 'http://h', 'headers.Authorization': 'Bearer hand-typed' }
    const entry = { id: 'h1', name: 'Hand', connectType: 'rest', properties }
    await writeFile(path, JSON.stringify({ version: 1, profiles: [entry] }))
    const { store, problem } = await ProfileStore.open(dataDir, secrets)
    expect(problem).toBeUndefined()
    expect(await readFile(path, 'utf8')).not.toContain('hand-typed')
    expect((await store.toConnectionSpec('h1')).properties['headers.Authorization']).toBe('Bearer hand-typed')
  })

  it('rejects an invalid draft with per-field errors and saves nothing', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const headers = [{ name: 'bad name', value: 'v' }]
    const bad: ProfileDraft = { name: ' ', connectType: 'rest', properties: { uri: 'ftp://x' }, headers }
    const error: unknown = await store.create(bad).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CatalogError)
    const { code, details } = error as CatalogError
    expect(code).toBe('invalid_request')
    expect(Object.keys(details?.['fieldErrors'] ?? {}).sort()).toEqual(['header:0:name', 'name', 'uri'])
    expect(await readdir(dataDir)).toEqual([])
  })
})

describe('list operations', () => {
  async function threeProfiles(secrets: SecretStore = new MemorySecretStore()) {
    const { store } = await ProfileStore.open(dataDir, secrets)
    const a = await store.create(local('a'))
    const b = await store.create(enterprise('b'))
    const c = await store.create(local('c'))
    return { store, a, b, c, secrets }
  }

  it('reorders, and refuses an order that does not name every profile once', async () => {
    const { store, a, b, c } = await threeProfiles()
    await store.reorder([c.id, a.id, b.id])
    expect((await fileJson()).profiles.map((p) => p.name)).toEqual(['c', 'a', 'b'])
    await expect(store.reorder([c.id, a.id])).rejects.toThrow(/every profile exactly once/)
    await expect(store.reorder([c.id, a.id, a.id])).rejects.toThrow(/every profile exactly once/)
    expect((await store.list()).map((p) => p.name)).toEqual(['c', 'a', 'b'])
  })

  it('duplicates right after the original with a fresh name, copying secrets independently', async () => {
    const { store, b } = await threeProfiles()
    const copy = await store.duplicate(b.id)
    const again = await store.duplicate(b.id)
    expect((await store.list()).map((p) => p.name)).toEqual(['a', 'b', 'b (copy 2)', 'b (copy)', 'c'])
    expect(again.name).toBe('b (copy 2)')
    expect((await store.toConnectionSpec(copy.id)).properties['headers.x-api-key']).toBe(API_KEY)
    await store.update(copy.id, enterprise('b (copy)', 'sk-copy-only'))
    expect((await store.toConnectionSpec(b.id)).properties['headers.x-api-key']).toBe(API_KEY)
  })

  it('removes a profile and its secrets', async () => {
    const { store: secrets } = await KeychainSecretStore.open(dataDir, keychain())
    const { store, b } = await threeProfiles(secrets)
    await store.remove(b.id)
    expect((await store.list()).map((p) => p.name)).toEqual(['a', 'c'])
    expect(await secrets.get(b.id, 'x-api-key')).toBeUndefined()
    expect(await readFile(join(dataDir, 'secrets.json'), 'utf8')).not.toContain(b.id)
  })

  it('remembers the last used profile across reopening, and forgets it when removed', async () => {
    const { store, a, c } = await threeProfiles()
    await store.setLastUsed(c.id)
    const reopened = await ProfileStore.open(dataDir, new MemorySecretStore())
    expect(reopened.store.lastUsedId).toBe(c.id)
    await reopened.store.remove(c.id)
    expect(reopened.store.lastUsedId).toBeNull()
    expect((await fileJson()).lastUsedId).toBeNull()
    await expect(reopened.store.setLastUsed('nope')).rejects.toThrow(/no longer exists/)
    await reopened.store.setLastUsed(a.id)
    expect((await ProfileStore.open(dataDir, new MemorySecretStore())).store.lastUsedId).toBe(a.id)
  })
})
