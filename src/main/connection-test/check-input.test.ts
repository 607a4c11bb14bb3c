import { describe, expect, it } from 'vitest'
import type { ProfileDraft } from '../../shared/profile-types'
import { maskSecret } from '../../shared/connection-policy'
import { testInputFromDraft } from './check-input'

const KEY = 'sk-stored-0123456789-3f9a'
const draft = (headers: ProfileDraft['headers'], preset?: ProfileDraft['preset']): ProfileDraft => ({
  name: 'Prod',
  connectType: 'rest',
  ...(preset ? { preset } : {}),
  properties: { uri: ' http://127.0.0.1:9 ' },
  headers
})
const stored = async (header: string) => (header === 'x-api-key' ? KEY : header === 'x-trace' ? 'saved-trace' : undefined)

describe('the input of a draft test', () => {
  it('uses typed values and trims the uri', async () => {
    const { input, kind } = await testInputFromDraft(draft([{ name: 'x-api-key', value: 'typed-key' }], 'enterprise'), stored)
    expect(kind).toBe('enterprise')
    expect(input.properties).toEqual({ uri: 'http://127.0.0.1:9', 'headers.x-api-key': 'typed-key' })
    expect(input.secretHeaders).toEqual(['x-api-key'])
  })

  it('reads the stored secret for a value left out or shown as its mask', async () => {
    for (const value of [undefined, maskSecret(KEY)]) {
      const { input } = await testInputFromDraft(draft([{ name: 'x-api-key', ...(value === undefined ? {} : { value }) }]), stored)
      expect(input.properties['headers.x-api-key']).toBe(KEY)
      expect(input.missingSecrets).toBeUndefined()
    }
  })

  it('keeps a saved plain header whose value the editor left out', async () => {
    const { input } = await testInputFromDraft(draft([{ name: 'x-trace' }]), stored)
    expect(input.properties['headers.x-trace']).toBe('saved-trace')
  })

  it('reports a secret with no value instead of sending it empty', async () => {
    const { input } = await testInputFromDraft(
      draft([
        { name: 'X-Token', secret: true },
        { name: 'Authorization', value: '' }
      ])
    )
    expect(input.missingSecrets).toEqual(['X-Token', 'Authorization'])
    expect(input.secretHeaders).toEqual(['X-Token', 'Authorization'])
    expect(Object.keys(input.properties)).toEqual(['uri'])
  })

  it('ignores headers on a dir draft', async () => {
    const { input, kind } = await testInputFromDraft({ name: 'L', connectType: 'dir', properties: { root: '/data' }, headers: [{ name: 'a', value: 'b' }] })
    expect(kind).toBe('dir')
    expect(input.properties).toEqual({ root: '/data' })
  })

  it("reads a dir draft's masked or empty secret storage option from the store, and reports one that has none", async () => {
    const SECRET = 'wJalrXUtnFEMI-K7MDENG-3f9a'
    const fromStore = async (key: string) => (key === 'storage.aws_secret_access_key' ? SECRET : undefined)
    const dir = (properties: Record<string, string>): ProfileDraft => ({
      name: 'Lake',
      connectType: 'dir',
      properties: { root: 's3://b/c', ...properties },
      headers: []
    })
    for (const shown of [maskSecret(SECRET), '']) {
      const { input } = await testInputFromDraft(dir({ 'storage.region': 'us-east-1', 'storage.aws_secret_access_key': shown }), fromStore)
      expect(input.properties).toEqual({ root: 's3://b/c', 'storage.region': 'us-east-1', 'storage.aws_secret_access_key': SECRET })
      expect(input.missingSecrets).toBeUndefined()
    }
    const { input } = await testInputFromDraft(dir({ 'storage.aws_session_token': maskSecret('gone-token-000000') }), fromStore)
    expect(input.properties).toEqual({ root: 's3://b/c' })
    expect(input.missingSecrets).toEqual(['aws_session_token'])
  })

  it("reads a REST draft's masked secret storage option (for table locations) from the store too", async () => {
    const SECRET = 'wJalrXUtnFEMI-K7MDENG-3f9a'
    const fromStore = async (key: string) => (key === 'storage.aws_secret_access_key' ? SECRET : undefined)
    const draft: ProfileDraft = {
      name: 'Catalog',
      connectType: 'rest',
      properties: { uri: 'http://127.0.0.1:2333', 'storage.aws_secret_access_key': maskSecret(SECRET) },
      headers: []
    }
    const { input } = await testInputFromDraft(draft, fromStore)
    expect(input.properties).toEqual({ uri: 'http://127.0.0.1:2333', 'storage.aws_secret_access_key': SECRET })
  })
})
