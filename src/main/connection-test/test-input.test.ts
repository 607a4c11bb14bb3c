import { describe, expect, it } from 'vitest'
import type { ProfileDraft } from '../../shared/profile-types'
import { maskSecret } from '../../shared/connection-policy'
import { testInputFromDraft } from './test-input'

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
    const { input } = await testInputFromDraft(draft([{ name: 'X-Token', secret: true }, { name: 'Authorization', value: '' }]))
    expect(input.missingSecrets).toEqual(['X-Token', 'Authorization'])
    expect(input.secretHeaders).toEqual(['X-Token', 'Authorization'])
    expect(Object.keys(input.properties)).toEqual(['uri'])
  })

  it('ignores headers on a dir draft', async () => {
    const { input, kind } = await testInputFromDraft({ name: 'L', connectType: 'dir', properties: { root: '/data' }, headers: [{ name: 'a', value: 'b' }] })
    expect(kind).toBe('dir')
    expect(input.properties).toEqual({ root: '/data' })
  })
})
