import { describe, expect, it } from 'vitest'
import type { HandlerTable } from '../ipc/dispatch'
import { dispatch } from '../ipc/dispatch'
import { maskKnownSecrets, maskKnownSecretsIn, rememberConnectionSecrets } from './known-secrets'
import { MemorySecretStore } from './secret-store'
import { SwitchableSecretStore } from './switchable-store'

describe('the secrets this process knows', () => {
  it("takes a connection's secret headers (both forms of a bearer token), secret storage options and OAuth2 client secret, and nothing else", () => {
    rememberConnectionSecrets(
      {
        uri: 'http://catalog.example.com',
        'headers.x-api-key': 'known-key-000000a1',
        'headers.Authorization': 'Bearer known-token-0000a2',
        'headers.x-tenant': 'known-marked-0000a3',
        'headers.Accept': 'application/json',
        'storage.aws_secret_access_key': 'known-storage-000a4',
        'storage.region': 'eu-west-1',
        'oauth2.client_secret': 'known-client-0000a5'
      },
      ['x-tenant']
    )
    const text = 'known-key-000000a1 known-token-0000a2 known-marked-0000a3 known-storage-000a4 known-client-0000a5 application/json eu-west-1'
    expect(maskKnownSecrets(text)).toBe('••••00a1 ••••00a2 ••••00a3 ••••00a4 ••••00a5 application/json eu-west-1')
  })

  it('masks every string at any depth of an error value, leaving other values as they are', () => {
    rememberConnectionSecrets({ 'headers.x-api-key': 'known-key-000000b1' })
    expect(maskKnownSecretsIn({ code: 'x', message: 'known-key-000000b1', details: { status: 400, list: ['a known-key-000000b1'] } })).toEqual({
      code: 'x',
      message: '••••00b1',
      details: { status: 400, list: ['a ••••00b1'] }
    })
  })

  it('masks in every error value dispatch answers, a secret the secret store gave out included', async () => {
    const store = new SwitchableSecretStore(new MemorySecretStore())
    await store.set('p', 'x-api-key', 'stored-key-00000c1')
    const fromStore = await store.get('p', 'x-api-key')
    const handlers = {
      'app:info': async () => {
        throw new Error(`the catalog said: bad key ${fromStore ?? ''}`)
      }
    } as unknown as HandlerTable
    expect(await dispatch(handlers, 'app:info', {})).toMatchObject({ ok: false, error: { message: 'the catalog said: bad key ••••00c1' } })
  })
})
