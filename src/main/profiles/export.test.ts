import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProfileDraft } from '../../shared/profile-types'
import { MemorySecretStore } from '../secrets/secret-store'
import { codeSnippet, EXPORT_FORMAT, exportProfiles, importProfiles } from './export'
import { ProfileStore } from './profile-store'

const API_KEY = 'sk-export-test-5b7e3f9a'
const TOKEN = 'tok-abcdef-123456'
const drafts: ProfileDraft[] = [
  { name: 'Local "lab"', connectType: 'dir', properties: { root: '/data/it\'s "here"' }, headers: [] },
  {
    name: 'Enterprise',
    connectType: 'rest',
    preset: 'enterprise',
    properties: { uri: 'https://db.example.com' },
    headers: [
      { name: 'x-api-key', value: API_KEY },
      { name: 'x-service-database', value: 'analytics' },
      { name: 'X-Tenant-Token', value: 'tenant-secret-value', secret: true }
    ]
  },
  {
    name: 'Bearer',
    connectType: 'rest',
    preset: 'bearer',
    properties: { uri: 'http://127.0.0.1:9000', delimiter: '.' },
    headers: [{ name: 'Authorization', value: `Bearer ${TOKEN}` }]
  }
]
const SECRETS = [API_KEY, 'tenant-secret-value', TOKEN]

let dataDir: string
let store: ProfileStore
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'profile-export-'))
  store = (await ProfileStore.open(dataDir, new MemorySecretStore())).store
  for (const draft of drafts) await store.create(draft)
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('export', () => {
  it('contains no secret value, but keeps each secret header name with an empty value', () => {
    const json = exportProfiles(store.profiles())
    for (const secret of SECRETS) expect(json).not.toContain(secret)
    const data = JSON.parse(json) as { format: string; profiles: Array<{ properties: Record<string, string>; secretHeaders: string[] }> }
    expect(data.format).toBe(EXPORT_FORMAT)
    expect(data.profiles[1]?.properties).toEqual({
      uri: 'https://db.example.com',
      'headers.x-api-key': '',
      'headers.x-service-database': 'analytics',
      'headers.X-Tenant-Token': ''
    })
    expect(data.profiles[1]?.secretHeaders).toEqual(['x-api-key', 'X-Tenant-Token'])
  })

  it('blanks a secret even when handed a profile that carries one', () => {
    const leaky = { ...store.profiles()[2]!, properties: { uri: 'http://h', 'headers.Authorization': `Bearer ${TOKEN}` } }
    expect(exportProfiles([leaky])).not.toContain(TOKEN)
  })
})

describe('import', () => {
  it('round-trips an export into drafts whose secrets need a value, renaming clashes', async () => {
    const elsewhere = { ...store.profiles()[1]!, properties: { uri: 'https://other.example.com' } }
    const { drafts: imported, problems } = importProfiles(exportProfiles(store.profiles()), [elsewhere])
    expect(problems).toEqual([])
    expect(imported.map((d) => d.name)).toEqual(['Local "lab"', 'Enterprise (imported)', 'Bearer'])
    expect(imported[1]?.headers).toEqual([
      { name: 'x-api-key', secret: true },
      { name: 'x-service-database', value: 'analytics' },
      { name: 'X-Tenant-Token', secret: true }
    ])
    expect(imported[2]?.properties).toEqual({ uri: 'http://127.0.0.1:9000', delimiter: '.' })

    const target = (await ProfileStore.open(join(dataDir, 'other'), new MemorySecretStore())).store
    const view = await target.create(imported[1]!)
    expect(view.hasSecret).toEqual({ 'x-api-key': false, 'X-Tenant-Token': false })
    await expect(target.toConnectionSpec(view.id)).rejects.toThrow(/no value for x-api-key/)
  })

  it('skips a profile that is already here unchanged, so importing the same file twice adds nothing', () => {
    const json = exportProfiles(store.profiles())
    const again = importProfiles(json, store.profiles())
    expect(again.drafts).toEqual([])
    expect(again.problems).toEqual([
      'Profile 1 ("Local "lab"") was skipped: a profile with the same name and settings is already here.',
      'Profile 2 ("Enterprise") was skipped: a profile with the same name and settings is already here.',
      'Profile 3 ("Bearer") was skipped: a profile with the same name and settings is already here.'
    ])
    // The same name with another setting is a different profile: kept beside the old one.
    const changed = importProfiles(json.replace('"analytics"', '"staging"'), store.profiles())
    expect(changed.drafts.map((d) => d.name)).toEqual(['Enterprise (imported)'])
  })

  it.each([
    ['not JSON', '{"profiles": [', /not valid JSON/],
    ['some other JSON', JSON.stringify({ hello: 'world' }), /not a profile export/],
    ['a newer format', JSON.stringify({ format: EXPORT_FORMAT, version: 9, profiles: [] }), /newer version/]
  ])('refuses %s with a clear message', (_, json, message) => {
    const result = importProfiles(json)
    expect(result.drafts).toEqual([])
    expect(result.problems).toHaveLength(1)
    expect(result.problems[0]).toMatch(message)
  })

  it('imports the good entries and names what is wrong with each bad one', () => {
    const json = JSON.stringify([
      { name: 'Good', connectType: 'dir', properties: { root: '/ok' } },
      { name: 'No type', properties: { root: '/ok' } },
      { name: 'Relative', connectType: 'dir', properties: { root: 'data' } },
      { name: 'Split', connectType: 'rest', properties: { uri: 'http://h', 'headers.x-evil': 'a\r\nb' } },
      'just a string'
    ])
    const { drafts: imported, problems } = importProfiles(json)
    expect(imported.map((d) => d.name)).toEqual(['Good'])
    expect(problems).toHaveLength(4)
    expect(problems[0]).toMatch(/^Profile 2 was skipped: connectType/)
    expect(problems[1]).toMatch(/^Profile 3 \("Relative"\) was skipped: .*relative path/)
    expect(problems[2]).toMatch(/^Profile 4 \("Split"\) was skipped: .*line break/)
    expect(problems[3]).toMatch(/^Profile 5 was skipped/)
  })
})

describe('code snippets', () => {
  it('TypeScript: connectNamespace with a headers object, secrets from the environment', () => {
    const [dir, ent, bearer] = store.profiles()
    const tsDir = codeSnippet(dir!, 'typescript')
    expect(tsDir).toContain('import { connectNamespace } from "@lancedb/lancedb";')
    expect(tsDir).toContain(`const db = await connectNamespace("dir", {\n  root: ${JSON.stringify('/data/it\'s "here"')},\n});`)

    const tsEnt = codeSnippet(ent!, 'typescript')
    expect(tsEnt).toContain('uri: "https://db.example.com",')
    expect(tsEnt).toContain('"x-api-key": process.env.LANCE_API_KEY ?? "",')
    expect(tsEnt).toContain('"x-service-database": "analytics",')
    expect(tsEnt).toContain('"X-Tenant-Token": process.env.LANCE_HEADER_X_TENANT_TOKEN ?? "",')
    expect(tsEnt).toMatch(/Set these environment variables first: LANCE_API_KEY \(x-api-key\), LANCE_HEADER_X_TENANT_TOKEN/)

    const tsBearer = codeSnippet(bearer!, 'typescript')
    expect(tsBearer).toContain('"Authorization": `Bearer ${process.env.LANCE_TOKEN ?? ""}`,')
    expect(tsBearer).toContain('extraProperties: {\n    "delimiter": ".",\n  },')
  })

  it('Python: connect_namespace with flat headers.* properties, secrets from os.environ', () => {
    const [dir, ent, bearer] = store.profiles()
    expect(codeSnippet(dir!, 'python')).toContain('db = lancedb.connect_namespace(\n    "dir",\n    {\n        "root": ')
    expect(codeSnippet(dir!, 'python')).not.toContain('import os')
    const pyEnt = codeSnippet(ent!, 'python')
    expect(pyEnt).toContain('import os')
    expect(pyEnt).toContain('"headers.x-api-key": os.environ["LANCE_API_KEY"],')
    expect(pyEnt).toContain('"headers.x-service-database": "analytics",')
    expect(codeSnippet(bearer!, 'python')).toContain('"headers.Authorization": "Bearer " + os.environ["LANCE_TOKEN"],')
  })

  it('never contains a secret value, and the data dir holds none either', async () => {
    for (const profile of store.profiles()) {
      for (const language of ['typescript', 'python'] as const) {
        const snippet = codeSnippet(profile, language)
        for (const secret of SECRETS) expect(snippet).not.toContain(secret)
      }
    }
    for (const name of await readdir(dataDir)) {
      const text = await readFile(join(dataDir, name), 'utf8')
      for (const secret of SECRETS) expect(text).not.toContain(secret)
    }
  })
})
