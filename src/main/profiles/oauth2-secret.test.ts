/**
 * A REST profile's OAuth2 client secret in the profile store: kept out of the profile
 * file and exports, shown as a mask, given to the connection, and bound to the catalog's
 * and the token endpoint's origins (moving either clears it).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MASK_PREFIX } from '../../shared/connection-policy'
import type { ProfileDraft } from '../../shared/profile-types'
import { MemorySecretStore } from '../secrets/secret-store'
import { codeSnippet, exportProfiles } from './export'
import { PROFILES_FILE, ProfileStore } from './profile-store'
import { SECRETS_CLEARED_MESSAGE } from './secret-binding'

const SECRET = 'cs-profile-0a1b2c3d-77aa'
const KEY = 'oauth2.client_secret'
const draft = (uri: string, oauth2: Record<string, string>, name = 'Idp'): ProfileDraft => ({
  name,
  connectType: 'rest',
  properties: { uri, ...Object.fromEntries(Object.entries(oauth2).map(([k, v]) => [`oauth2.${k}`, v])) },
  headers: [{ name: 'x-trace', value: 'on' }]
})
const settings = { client_id: 'browser', scope: 'catalog', token_url: 'https://idp.example.com/oauth/token' }

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'oauth2-secret-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('the OAuth2 client secret of a REST profile', () => {
  it('stays out of the profile file and exports, is shown as a mask, and reaches the connection', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const view = await store.create(draft('https://catalog.example.com', { ...settings, client_secret: SECRET }))
    expect(view.secretHeaders).toEqual([KEY])
    expect(view.hasSecret).toEqual({ [KEY]: true })
    expect(view.properties[KEY]).toBe(`${MASK_PREFIX}77aa`)
    const file = await readFile(join(dataDir, PROFILES_FILE), 'utf8')
    expect(file).not.toContain(SECRET)
    expect(file).toContain('"oauth2.client_secret": ""')
    expect(exportProfiles(store.profiles())).not.toContain(SECRET)
    expect((await store.toConnectionSpec(view.id)).properties).toEqual({
      uri: 'https://catalog.example.com',
      'headers.x-trace': 'on',
      'oauth2.client_id': 'browser',
      'oauth2.scope': 'catalog',
      'oauth2.token_url': 'https://idp.example.com/oauth/token',
      [KEY]: SECRET
    })
  })

  it('keeps the stored secret when its mask comes back, and clears it when the catalog or the token endpoint moves to another server', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const { id } = await store.create(draft('https://catalog.example.com', { ...settings, client_secret: SECRET }))
    const kept = await store.update(
      id,
      draft('https://catalog.example.com/base', { ...settings, token_url: 'https://idp.example.com/other', client_secret: `${MASK_PREFIX}77aa` })
    )
    expect(kept.hasSecret).toEqual({ [KEY]: true })
    for (const [uri, tokenUrl] of [
      ['https://catalog.example.com', 'https://evil.example.com/oauth/token'],
      ['https://elsewhere.example.com', settings.token_url]
    ] as const) {
      const { id: copy, name } = await store.duplicate(id)
      const moved = await store.update(copy, draft(uri, { ...settings, token_url: tokenUrl, client_secret: `${MASK_PREFIX}77aa` }, name))
      expect([uri, tokenUrl, moved.hasSecret[KEY]]).toEqual([uri, tokenUrl, false])
      expect(moved.secretProblems?.[KEY]).toBe(SECRETS_CLEARED_MESSAGE)
      await expect(store.toConnectionSpec(copy)).rejects.toThrow(/no value for oauth2\.client_secret/)
    }
  })

  it('refuses a bad token URL and a missing client ID with messages that say what to write', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const error = await store
      .create(draft('https://catalog.example.com', { client_id: ' ', token_url: 'idp.example.com/token', client_secret: SECRET }))
      .catch((e: unknown) => e)
    expect((error as { details?: { fieldErrors?: unknown } }).details?.fieldErrors).toEqual({
      'property:oauth2.token_url':
        'Write the token URL as https://auth.example.com/oauth/token, or a path such as /oauth/token on the catalog; leave it empty for the spec’s /oauth/token.',
      'property:oauth2.client_id': 'Enter the client ID the token endpoint knows this app by.'
    })
  })
})

describe('an OAuth2 profile without a client secret (imported from an export)', () => {
  it('lists the client secret as needing a value', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const view = await store.create(draft('https://catalog.example.com', { client_id: 'browser', client_secret: '' }))
    expect(view.secretHeaders).toEqual([KEY])
    expect(view.hasSecret).toEqual({ [KEY]: false })
    await expect(store.toConnectionSpec(view.id)).rejects.toThrow(/has no value for oauth2\.client_secret/)
  })

  it('refuses an Authorization header next to OAuth2', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const withHeader: ProfileDraft = {
      ...draft('https://catalog.example.com', { client_id: 'browser', client_secret: SECRET }),
      headers: [{ name: 'Authorization', value: 'Bearer x' }]
    }
    const error = await store.create(withHeader).catch((e: unknown) => e)
    expect((error as { details?: { fieldErrors?: unknown } }).details?.fieldErrors).toEqual({
      'header:0:name': 'OAuth2 client credentials send their token as Authorization: remove this header.'
    })
  })
})

describe('the profiles file read again', () => {
  it('keeps the client secret listed, and moves a plain one a hand edit left in the file to the secret store', async () => {
    const secrets = new MemorySecretStore()
    const { store } = await ProfileStore.open(dataDir, secrets)
    const { id } = await store.create(draft('https://catalog.example.com', { client_id: 'browser', client_secret: SECRET }))
    const { store: reopened } = await ProfileStore.open(dataDir, secrets)
    expect((await reopened.toConnectionSpec(id)).properties[KEY]).toBe(SECRET)

    const path = join(dataDir, PROFILES_FILE)
    const file = await readFile(path, 'utf8')
    await writeFile(path, file.replace('"oauth2.client_secret": ""', '"oauth2.client_secret": "cs-hand-edited-5566"'))
    const { store: edited } = await ProfileStore.open(dataDir, secrets)
    expect((await edited.toConnectionSpec(id)).properties[KEY]).toBe('cs-hand-edited-5566')
    expect(await readFile(path, 'utf8')).not.toContain('cs-hand-edited-5566')
  })
})

describe('the LanceDB snippet of an OAuth2 profile', () => {
  it('says where to get the token instead of listing the oauth2 properties', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const { id } = await store.create(draft('https://catalog.example.com/base', { client_id: 'browser', client_secret: SECRET }))
    const snippet = codeSnippet(store.profile(id), 'typescript')
    expect(snippet).toContain(
      '// This profile uses OAuth2 client credentials (client "browser"): get a token from https://catalog.example.com/base/oauth/token'
    )
    expect(snippet).not.toContain('oauth2.')
    expect(snippet).toContain('"x-trace": "on"')
  })
})
