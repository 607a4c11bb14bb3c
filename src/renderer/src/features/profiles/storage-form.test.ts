import { describe, expect, it } from 'vitest'
import type { ProfileView } from '@shared/profile-types'
import { draftFromForm, emptyForm, formErrors, formFromView, secretsLeftBehind, withoutStoredSecrets, type EditorForm } from './editor-form'

const view: ProfileView = {
  id: 'p1',
  name: 'Lake',
  connectType: 'dir',
  kind: 'dir',
  properties: { root: 's3://bucket/cat', 'storage.region': 'us-east-1', 'storage.aws_secret_access_key': '••••3f9a', 'storage.custom_flag': 'yes' },
  secretHeaders: ['storage.aws_secret_access_key'],
  hasSecret: { 'storage.aws_secret_access_key': true }
}

describe('the storage options of the profile editor', () => {
  it('keeps secret values in main: a saved profile comes back as masks, and an untouched secret goes back as its mask', () => {
    const form = formFromView(view)
    expect(form.storage).toEqual({ values: { region: 'us-east-1', custom_flag: 'yes' }, stored: { aws_secret_access_key: '••••3f9a' } })
    expect(form.extra).toEqual({})
    expect(draftFromForm(form).draft.properties).toEqual(view.properties)
  })

  it('sends a typed secret, and drops the options when the root becomes a local folder', () => {
    const form: EditorForm = { ...formFromView(view), storage: { values: { region: ' eu-west-1 ', aws_secret_access_key: 'NEW' }, stored: {} } }
    expect(draftFromForm(form).draft.properties).toEqual({ root: 's3://bucket/cat', 'storage.region': 'eu-west-1', 'storage.aws_secret_access_key': 'NEW' })
    expect(draftFromForm({ ...form, root: '/data/cat' }).draft.properties).toEqual({ root: '/data/cat' })
  })

  it('asks for the secrets again when the bucket or endpoint moves, not when the prefix does', () => {
    const form = formFromView(view)
    expect(secretsLeftBehind(view, { ...form, root: 's3://bucket/other' })).toBe(false)
    expect(secretsLeftBehind(view, { ...form, root: 's3://elsewhere/cat' })).toBe(true)
    expect(secretsLeftBehind(view, { ...form, storage: { ...form.storage, values: { endpoint: 'http://10.0.0.1:9000' } } })).toBe(true)
    expect(withoutStoredSecrets(form).storage.stored).toEqual({})
  })

  it('says what is wrong with an unknown scheme and with a URI written as a path', () => {
    const base: EditorForm = { ...emptyForm(), name: 'x', type: 'dir' }
    expect(formErrors({ ...base, root: 'hdfs://nn/cat' })['root']).toMatch(/"hdfs:\/\/" is not a storage the app opens/)
    expect(formErrors({ ...base, root: 's3:/bucket/cat' })['root']).toMatch(/s3:\/\/bucket\/prefix/)
    expect(formErrors({ ...base, root: 's3://bucket/cat' })).toEqual({})
  })

  it("carries a REST profile's storage options for table locations, secret ones as masks, and picks the store they are for", () => {
    const rest: ProfileView = {
      id: 'p2',
      name: 'Catalog',
      connectType: 'rest',
      kind: 'rest',
      properties: { uri: 'https://catalog.example.com', 'storage.endpoint': 'http://127.0.0.1:9000', 'storage.aws_secret_access_key': '••••3f9a' },
      secretHeaders: ['storage.aws_secret_access_key'],
      hasSecret: { 'storage.aws_secret_access_key': true }
    }
    const form = formFromView(rest)
    expect(form.locationScheme).toBe('s3')
    expect(draftFromForm(form).draft.properties).toEqual(rest.properties)
    expect(formErrors({ ...form, storage: { values: { 'bad name': 'x' }, stored: {} } })['property:storage.bad name']).toMatch(/not a storage option name/)
    const azure = formFromView({
      ...rest,
      properties: { uri: rest.properties['uri'] ?? '', 'storage.azure_storage_account_name': 'acct' },
      secretHeaders: [],
      hasSecret: {}
    })
    expect(azure.locationScheme).toBe('az')
  })
})
