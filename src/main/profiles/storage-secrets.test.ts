import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProfileDraft } from '../../shared/profile-types'
import { MASK_PREFIX } from '../../shared/connection-policy'
import { MemorySecretStore } from '../secrets/secret-store'
import { codeSnippet } from './export'
import { PROFILES_FILE, ProfileStore } from './profile-store'
import { SECRETS_CLEARED_MESSAGE } from './secret-binding'

const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCY-3f9a'
const SECRET_KEY = 'storage.aws_secret_access_key'
const draft = (root: string, storage: Record<string, string>): ProfileDraft => ({
  name: 'Lake',
  connectType: 'dir',
  properties: { root, ...Object.fromEntries(Object.entries(storage).map(([k, v]) => [`storage.${k}`, v])) },
  headers: []
})
const options = { region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', aws_access_key_id: 'AKID', allow_http: 'true' }

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storage-secrets-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('secret storage options of a dir profile on an object store', () => {
  it('keeps the secret key out of the profile file, shows only its mask, and gives it to the connection', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const view = await store.create(draft('s3://bucket/cat', { ...options, aws_secret_access_key: SECRET }))
    expect(view.secretHeaders).toEqual([SECRET_KEY])
    expect(view.hasSecret).toEqual({ [SECRET_KEY]: true })
    expect(view.properties[SECRET_KEY]).toBe(`${MASK_PREFIX}3f9a`)
    expect(view.properties['storage.region']).toBe('us-east-1')
    const file = await readFile(join(dataDir, PROFILES_FILE), 'utf8')
    expect(file).not.toContain(SECRET)
    expect(file).toContain('"storage.aws_secret_access_key": ""')
    expect((await store.toConnectionSpec(view.id)).properties).toEqual({ root: 's3://bucket/cat', ...prefixed(options), [SECRET_KEY]: SECRET })
  })

  it('keeps the stored key when the mask comes back, and clears it when the endpoint or bucket moves', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const { id } = await store.create(draft('s3://bucket/cat', { ...options, aws_secret_access_key: SECRET }))
    const kept = await store.update(id, draft('s3://bucket/other-prefix', { ...options, aws_secret_access_key: `${MASK_PREFIX}3f9a` }))
    expect(kept.hasSecret).toEqual({ [SECRET_KEY]: true })
    for (const [root, endpoint] of [
      ['s3://bucket/cat', 'http://evil.example:9000'],
      ['s3://other-bucket/cat', options.endpoint]
    ] as const) {
      const { id: copy } = await store.duplicate(id)
      const moved = await store.update(copy, {
        ...draft(root, { ...options, endpoint, aws_secret_access_key: `${MASK_PREFIX}3f9a` }),
        name: `moved ${root} ${endpoint}`
      })
      expect(moved.hasSecret).toEqual({ [SECRET_KEY]: false })
      expect(moved.secretProblems).toEqual({ [SECRET_KEY]: SECRETS_CLEARED_MESSAGE })
      await expect(store.toConnectionSpec(copy)).rejects.toMatchObject({ code: 'unauthenticated' })
    }
  })

  it('forgets the key when the draft leaves it out', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const { id } = await store.create(draft('s3://bucket/cat', { ...options, aws_secret_access_key: SECRET }))
    const view = await store.update(id, draft('s3://bucket/cat', options))
    expect(view.secretHeaders).toEqual([])
    expect((await store.toConnectionSpec(id)).properties[SECRET_KEY]).toBeUndefined()
  })

  it('leaves the secret key to the environment in a LanceDB snippet', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const { id } = await store.create(draft('s3://bucket/cat', { ...options, aws_secret_access_key: SECRET }))
    const snippet = codeSnippet(store.profile(id), 'python')
    expect(snippet).toContain('Set these environment variables first: AWS_SECRET_ACCESS_KEY.')
    expect(snippet).toContain('"storage.region": "us-east-1",')
    expect(snippet).not.toContain('aws_secret_access_key')
  })

  it('refuses storage options on a local folder and an unknown scheme', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    await expect(store.create(draft('/tmp/catalog', { region: 'x' }))).rejects.toMatchObject({
      details: { fieldErrors: { 'property:storage.region': expect.stringContaining('object-store roots') } }
    })
    await expect(store.create(draft('ftp://host/cat', {}))).rejects.toMatchObject({ details: { fieldErrors: { root: expect.stringContaining('"ftp://"') } } })
  })
})

function prefixed(o: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [`storage.${k}`, v]))
}

describe('storage options of a REST profile, for the table locations its catalog returns', () => {
  const restDraft = (uri: string, storage: Record<string, string>, headers: ProfileDraft['headers'] = []): ProfileDraft => ({
    name: 'Catalog',
    connectType: 'rest',
    properties: { uri, ...prefixed(storage) },
    headers
  })

  it('keeps the secret key with the other secrets, bound to the catalog origin, next to secret headers', async () => {
    const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
    const view = await store.create(
      restDraft('http://127.0.0.1:2333', { ...options, aws_secret_access_key: SECRET }, [{ name: 'x-api-key', value: 'key-1234', secret: true }])
    )
    expect(view.secretHeaders).toEqual(['x-api-key', SECRET_KEY])
    expect(view.hasSecret).toEqual({ 'x-api-key': true, [SECRET_KEY]: true })
    expect(view.properties[SECRET_KEY]).toBe(`${MASK_PREFIX}3f9a`)
    const file = await readFile(join(dataDir, PROFILES_FILE), 'utf8')
    expect(file).not.toContain(SECRET)
    expect((await store.toConnectionSpec(view.id)).properties).toEqual({
      uri: 'http://127.0.0.1:2333',
      'headers.x-api-key': 'key-1234',
      ...prefixed(options),
      [SECRET_KEY]: SECRET
    })
    // The mask keeps it; another catalog server clears it.
    const kept = await store.update(view.id, restDraft('http://127.0.0.1:2333/base', { ...options, aws_secret_access_key: `${MASK_PREFIX}3f9a` }))
    expect(kept.hasSecret).toEqual({ [SECRET_KEY]: true })
    const moved = await store.update(view.id, restDraft('http://catalog.example:2333', { ...options, aws_secret_access_key: `${MASK_PREFIX}3f9a` }))
    expect(moved.hasSecret).toEqual({ [SECRET_KEY]: false })
    expect(moved.secretProblems).toEqual({ [SECRET_KEY]: SECRETS_CLEARED_MESSAGE })
  })

  it('keeps the secret storage options listed when a stray header secret is moved out of the file', async () => {
    const secrets = new MemorySecretStore()
    const first = await ProfileStore.open(dataDir, secrets)
    const { id } = await first.store.create(restDraft('http://127.0.0.1:2333', { aws_secret_access_key: SECRET }))
    const path = join(dataDir, PROFILES_FILE)
    const { writeFile } = await import('node:fs/promises')
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace('"uri": "http://127.0.0.1:2333",', '"uri": "http://127.0.0.1:2333", "headers.x-api-key": "stray-key",')
    )
    const again = await ProfileStore.open(dataDir, secrets)
    expect(again.store.profile(id).secretHeaders).toEqual(['x-api-key', SECRET_KEY])
    expect((await again.store.toConnectionSpec(id)).properties).toMatchObject({ 'headers.x-api-key': 'stray-key', [SECRET_KEY]: SECRET })
  })
})
