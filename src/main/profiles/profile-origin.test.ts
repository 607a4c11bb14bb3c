import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProfileDraft } from '../../shared/profile-types'
import { KeychainSecretStore, MemorySecretStore, SECRETS_FILE } from '../secrets/secret-store'
import { testKeychain } from '../../../test-kit/keychain'
import { PROFILES_FILE, ProfileStore } from './profile-store'
import { SECRETS_CLEARED_MESSAGE } from './secret-binding'

const KEY = 'sk-origin-0123456789-3f9a'
const TOKEN = 'custom-token-0123456789-77aa'
const draft = (uri: string, key?: string): ProfileDraft => ({
  name: 'Prod',
  connectType: 'rest',
  properties: { uri },
  headers: [
    { name: 'x-api-key', ...(key === undefined ? {} : { value: key }) },
    { name: 'X-Token', value: TOKEN, secret: true }
  ]
})

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'profile-origin-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('secrets bound to the origin they were saved for', () => {
  it('keeps them when only the path changes, and drops them (saying why) when the origin changes', async () => {
    const secrets = new MemorySecretStore()
    const { store } = await ProfileStore.open(dataDir, secrets)
    const { id } = await store.create(draft('https://db.example.com/a', KEY))
    const samePlace = await store.update(id, { ...draft('https://DB.example.com:443/b'), headers: [{ name: 'x-api-key' }, { name: 'X-Token', secret: true }] })
    expect(samePlace.hasSecret).toEqual({ 'x-api-key': true, 'X-Token': true })
    expect((await store.toConnectionSpec(id)).properties['headers.x-api-key']).toBe(KEY)

    for (const moved of ['https://db.example.com:8443/b', 'http://db.example.com/b', 'https://evil.example.com/b']) {
      const { id: other } = await store.create({ ...draft('https://db.example.com/a', KEY), name: moved })
      const view = await store.update(other, { ...draft(moved), name: moved, headers: [{ name: 'x-api-key' }, { name: 'X-Token', secret: true }] })
      expect(view.hasSecret).toEqual({ 'x-api-key': false, 'X-Token': false })
      expect(view.secretProblems).toEqual({ 'x-api-key': SECRETS_CLEARED_MESSAGE, 'X-Token': SECRETS_CLEARED_MESSAGE })
      await expect(store.toConnectionSpec(other)).rejects.toMatchObject({ code: 'unauthenticated' })
      // Moving back does not bring them back: they were deleted, not hidden.
      const back = await store.update(other, { ...draft('https://db.example.com/a'), name: moved, headers: [{ name: 'x-api-key' }] })
      expect(back.hasSecret).toEqual({ 'x-api-key': false })
    }
  })

  it('takes a new value typed for the new origin', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const { id } = await store.create(draft('https://a.example.com', KEY))
    await store.update(id, draft('https://b.example.com', 'sk-for-b-000000000000'))
    expect((await store.toConnectionSpec(id)).properties['headers.x-api-key']).toBe('sk-for-b-000000000000')
  })

  it('drops the value of an un-marked secret header instead of writing it to the profile file or showing it', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const { id } = await store.create(draft('https://a.example.com', KEY))
    const shown = (await store.get(id)).properties['headers.X-Token'] ?? ''
    for (const value of [undefined, shown]) {
      const view = await store.update(id, {
        ...draft('https://a.example.com'),
        headers: [{ name: 'x-api-key' }, { name: 'X-Token', ...(value === undefined ? {} : { value }) }]
      })
      expect(view.properties['headers.X-Token']).toBe('')
      expect(JSON.stringify(await store.list())).not.toContain(TOKEN)
      expect(await readFile(join(dataDir, PROFILES_FILE), 'utf8')).not.toContain(TOKEN)
      expect((await store.toConnectionSpec(id)).properties['headers.X-Token']).toBe('')
      // Marking it secret again does not revive the old value.
      const again = await store.update(id, { ...draft('https://a.example.com'), headers: [{ name: 'x-api-key' }, { name: 'X-Token', secret: true }] })
      expect(again.hasSecret['X-Token']).toBe(false)
    }
  })

  it('binds secrets saved before origins were recorded to the profile as it is', async () => {
    const crypto = testKeychain()
    const profile = {
      id: 'p1',
      name: 'Old',
      connectType: 'rest',
      properties: { uri: 'https://a.example.com/x', 'headers.x-api-key': '' },
      secretHeaders: ['x-api-key']
    }
    await writeFile(join(dataDir, PROFILES_FILE), JSON.stringify({ version: 1, profiles: [profile], lastUsedId: null }))
    const blob = crypto.encryptString(KEY).toString('base64')
    await writeFile(join(dataDir, SECRETS_FILE), JSON.stringify({ version: 1, secrets: { p1: { 'x-api-key': blob } } }))
    const { store } = await ProfileStore.open(dataDir, (await KeychainSecretStore.open(dataDir, crypto)).store)
    expect((await store.toConnectionSpec('p1')).properties['headers.x-api-key']).toBe(KEY)
    const view = await store.update('p1', { ...draft('https://b.example.com'), name: 'Old', headers: [{ name: 'x-api-key' }] })
    expect(view.hasSecret).toEqual({ 'x-api-key': false })
  })
})

describe('the profile file', () => {
  it('is written readable by this user only (0600), and an older, wider file is narrowed at start', async () => {
    const path = join(dataDir, PROFILES_FILE)
    await writeFile(path, JSON.stringify({ version: 1, profiles: [], lastUsedId: null }), { mode: 0o644 })
    await chmod(path, 0o644)
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    await rm(path)
    await store.create(draft('https://a.example.com', KEY))
    expect((await stat(path)).mode & 0o777).toBe(0o600)
  })
})
