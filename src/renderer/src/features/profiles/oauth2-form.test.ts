import { describe, expect, it } from 'vitest'
import { MASK_PREFIX } from '@shared/connection-policy'
import type { ProfileView } from '@shared/profile-types'
import {
  draftFromForm,
  emptyForm,
  formErrors,
  formFromView,
  leftBehindMessage,
  secretsLeftBehind,
  TOKEN_SECRETS_LEFT_BEHIND,
  type EditorForm
} from './editor-form'
import { EMPTY_OAUTH2 } from './oauth2-form'

const form = (oauth2: Partial<EditorForm['oauth2']>): EditorForm => ({
  ...emptyForm(),
  name: 'Idp',
  uri: 'https://catalog.example.com',
  auth: 'oauth2',
  oauth2: { ...EMPTY_OAUTH2, ...oauth2 }
})

const saved: ProfileView = {
  id: 'p1',
  name: 'Idp',
  connectType: 'rest',
  kind: 'rest',
  properties: {
    uri: 'https://catalog.example.com',
    delimiter: '.',
    'oauth2.client_id': 'browser',
    'oauth2.token_url': 'https://idp.example.com/oauth/token',
    'oauth2.client_secret': `${MASK_PREFIX}77aa`
  },
  secretHeaders: ['oauth2.client_secret'],
  hasSecret: { 'oauth2.client_secret': true }
}

describe('OAuth2 client credentials in the profile editor form', () => {
  it('becomes oauth2.* properties, leaving out empty optional fields', () => {
    const { draft } = draftFromForm(form({ clientId: ' browser ', clientSecret: 's3cret', scope: ' catalog ' }))
    expect(draft.properties).toEqual({
      uri: 'https://catalog.example.com',
      'oauth2.client_id': 'browser',
      'oauth2.client_secret': 's3cret',
      'oauth2.scope': 'catalog'
    })
    expect(draft.headers).toEqual([])
  })

  it('comes back from a saved profile with the secret as its mask, which the draft sends back to keep it', () => {
    const back = formFromView(saved)
    expect(back.auth).toBe('oauth2')
    expect(back.oauth2).toEqual({
      tokenUrl: 'https://idp.example.com/oauth/token',
      clientId: 'browser',
      clientSecret: '',
      clientSecretStored: `${MASK_PREFIX}77aa`,
      scope: ''
    })
    expect(back.extra).toEqual({ delimiter: '.' })
    expect(draftFromForm(back).draft.properties['oauth2.client_secret']).toBe(`${MASK_PREFIX}77aa`)
    expect(formErrors(back, [])).toEqual({})
  })

  it('says what is wrong with a bad token URL, a missing client ID and a missing secret', () => {
    expect(formErrors(form({ tokenUrl: 'idp.example.com/token' }), [])).toEqual({
      'property:oauth2.token_url':
        'Write the token URL as https://auth.example.com/oauth/token, or a path such as /oauth/token on the catalog; leave it empty for the spec’s /oauth/token.',
      'property:oauth2.client_id': 'Enter the client ID the token endpoint knows this app by.',
      'property:oauth2.client_secret': 'Enter the client secret.'
    })
    expect(formErrors(form({ tokenUrl: '/auth/token', clientId: 'a', clientSecret: 'b' }), [])).toEqual({})
  })

  it('asks for the secrets again when the token URL moves to another server, saying which address moved', () => {
    const back = formFromView(saved)
    const elsewhere = { ...back, oauth2: { ...back.oauth2, tokenUrl: 'https://evil.example.com/token' } }
    expect(secretsLeftBehind(saved, elsewhere)).toBe(true)
    expect(leftBehindMessage(saved, elsewhere)).toBe(TOKEN_SECRETS_LEFT_BEHIND)
    expect(secretsLeftBehind(saved, { ...back, oauth2: { ...back.oauth2, tokenUrl: 'https://idp.example.com/v2/token' } })).toBe(false)
  })
})
