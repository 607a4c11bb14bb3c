/**
 * The OAuth2 client-credentials part of the profile editor's form (REST profiles whose
 * Authentication is "OAuth2 client credentials"). In the draft it is the `oauth2.*`
 * properties; the client secret is its new value, or its mask (keep the stored one), or
 * absent (none).
 */
import { OAUTH2_PROPERTIES, usesOAuth2 } from '@shared/oauth2'
import type { ProfileView } from '@shared/profile-types'

/** The OAuth2 fields as typed, and the mask of a stored client secret. */
export interface OAuth2Form {
  readonly tokenUrl: string
  readonly clientId: string
  readonly clientSecret: string
  readonly clientSecretStored: string | null
  readonly scope: string
}

/** Nothing typed yet. */
export const EMPTY_OAUTH2: OAuth2Form = { tokenUrl: '', clientId: '', clientSecret: '', clientSecretStored: null, scope: '' }

/** The form's keys for its problems, as the shared rules name them. */
export const OAUTH2_FIELDS = {
  tokenUrl: `property:${OAUTH2_PROPERTIES.tokenUrl}`,
  clientId: `property:${OAUTH2_PROPERTIES.clientId}`,
  clientSecret: `property:${OAUTH2_PROPERTIES.clientSecret}`,
  scope: `property:${OAUTH2_PROPERTIES.scope}`
} as const

/** The OAuth2 part of a saved profile's form; the secret stays in main, only its mask comes in. */
export function oauth2FormFromView(view: ProfileView): OAuth2Form {
  const p = view.properties
  if (!usesOAuth2(p)) return EMPTY_OAUTH2
  const stored = view.hasSecret[OAUTH2_PROPERTIES.clientSecret] ? (p[OAUTH2_PROPERTIES.clientSecret] ?? null) : null
  return {
    tokenUrl: p[OAUTH2_PROPERTIES.tokenUrl] ?? '',
    clientId: p[OAUTH2_PROPERTIES.clientId] ?? '',
    clientSecret: '',
    clientSecretStored: stored,
    scope: p[OAUTH2_PROPERTIES.scope] ?? ''
  }
}

/** `properties` without its `oauth2.*` entries (the form keeps those apart). */
export function withoutOAuth2(properties: Readonly<Record<string, string>>): Record<string, string> {
  const keys = new Set<string>(Object.values(OAUTH2_PROPERTIES))
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !keys.has(key)))
}

/** The draft's `oauth2.*` properties. An empty secret field with a stored value sends its mask: keep it. */
export function oauth2DraftProperties(form: OAuth2Form): Record<string, string> {
  const secret = form.clientSecret !== '' ? form.clientSecret : (form.clientSecretStored ?? '')
  return {
    [OAUTH2_PROPERTIES.clientId]: form.clientId.trim(),
    ...(form.tokenUrl.trim() !== '' ? { [OAUTH2_PROPERTIES.tokenUrl]: form.tokenUrl.trim() } : {}),
    ...(form.scope.trim() !== '' ? { [OAUTH2_PROPERTIES.scope]: form.scope.trim() } : {}),
    ...(secret !== '' ? { [OAUTH2_PROPERTIES.clientSecret]: secret } : {})
  }
}

/** The problems the shared rules cannot see: a client secret must be typed or stored. */
export function oauth2FormErrors(form: OAuth2Form): Record<string, string> {
  return form.clientSecret === '' && form.clientSecretStored === null ? { [OAUTH2_FIELDS.clientSecret]: 'Enter the client secret.' } : {}
}
