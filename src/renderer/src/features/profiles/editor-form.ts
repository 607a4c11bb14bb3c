/**
 * The profile editor's form model and its mapping to and from the shared ProfileDraft.
 * The form speaks in fields a person recognises (API key, Database, Token); the draft
 * speaks in `headers.*` properties. Field errors from the shared rules are keyed by draft
 * header index, so building a draft also says which form field each header came from.
 */
import { endpointOrigin, headerEntries, isSecretHeader, plainProperties, uriOrigin } from '@shared/connection-policy'
import { ENTERPRISE_HEADERS, type HeaderDraft, type ProfileDraft, type ProfileKind, type ProfileView } from '@shared/profile-types'
import { validateProfileDraft, type FieldErrors } from '@shared/profile-validation'
import { usesOAuth2 } from '@shared/oauth2'
import type { ObjectStoreScheme } from '@shared/storage-options'
import { EMPTY_OAUTH2, oauth2DraftProperties, oauth2FormErrors, oauth2FormFromView, withoutOAuth2, type OAuth2Form } from './oauth2-form'
import {
  EMPTY_STORAGE,
  locationSchemeOf,
  storageDraftProperties,
  storageFormFromView,
  storageOptionProperties,
  storageSecretsLeftBehind,
  withoutStorage,
  type StorageForm
} from './storage-form'

/** How a REST profile authenticates: with header rows only, the bearer-token preset, or OAuth2 client credentials. */
export type RestAuth = 'headers' | 'bearer' | 'oauth2'

/** One header row. `stored` is the mask of a secret value kept in main; an empty `value` keeps it. */
export interface HeaderRow {
  readonly key: number
  readonly name: string
  readonly value: string
  readonly secret: boolean
  readonly stored: string | null
}

/** Everything the editor shows. Secret fields start empty; `*Stored` holds the mask of a kept value. */
export interface EditorForm {
  readonly name: string
  /** The Type choice: Directory, REST or Enterprise (REST with the Enterprise headers). */
  readonly type: ProfileKind
  readonly auth: RestAuth
  readonly root: string
  readonly uri: string
  readonly token: string
  readonly tokenStored: string | null
  readonly apiKey: string
  readonly apiKeyStored: string | null
  readonly database: string
  readonly databasePrefix: string
  readonly headers: readonly HeaderRow[]
  /** Properties the form has no field for (e.g. `delimiter`), kept as they were. */
  readonly extra: Readonly<Record<string, string>>
  /** Storage options of a dir profile on an object store, or of a REST profile's table locations. */
  readonly storage: StorageForm
  /** OAuth2 client credentials of a REST profile (used when `auth` is `oauth2`). */
  readonly oauth2: OAuth2Form
  /** Which store's option fields a REST profile shows (its table locations' scheme). */
  readonly locationScheme: ObjectStoreScheme
}

let nextKey = 1
/** A new empty header row with a unique key. */
export function emptyRow(): HeaderRow {
  return { key: nextKey++, name: '', value: '', secret: false, stored: null }
}

/** The form of a new profile. */
export function emptyForm(): EditorForm {
  return {
    name: '',
    type: 'rest',
    auth: 'headers',
    root: '',
    uri: '',
    token: '',
    tokenStored: null,
    apiKey: '',
    apiKeyStored: null,
    database: '',
    databasePrefix: '',
    headers: [],
    extra: {},
    storage: EMPTY_STORAGE,
    oauth2: EMPTY_OAUTH2,
    locationScheme: 's3'
  }
}

/** The form for editing a saved profile; secret values stay in main, only their masks come in. */
export function formFromView(view: ProfileView): EditorForm {
  const type: ProfileKind = view.kind
  const auth: RestAuth = view.preset === 'bearer' ? 'bearer' : usesOAuth2(view.properties) ? 'oauth2' : 'headers'
  const { root = '', uri = '', ...extra } = plainProperties(view.properties)
  let form: EditorForm = {
    ...emptyForm(),
    name: view.name,
    type,
    auth,
    root,
    uri,
    extra: withoutOAuth2(withoutStorage(extra)),
    storage: storageFormFromView(view),
    oauth2: oauth2FormFromView(view)
  }
  form = { ...form, locationScheme: locationSchemeOf(form.storage) }
  const rows: HeaderRow[] = []
  for (const [name, shown] of headerEntries(view.properties)) {
    const secret = isSecretHeader(name, view.secretHeaders)
    const stored = secret && view.hasSecret[name] ? shown : null
    const lower = name.toLowerCase()
    if (type === 'enterprise' && lower === ENTERPRISE_HEADERS.apiKey) form = { ...form, apiKeyStored: stored }
    else if (type === 'enterprise' && lower === ENTERPRISE_HEADERS.database) form = { ...form, database: shown }
    else if (type === 'enterprise' && lower === ENTERPRISE_HEADERS.databasePrefix) form = { ...form, databasePrefix: shown }
    else if (auth === 'bearer' && lower === 'authorization') form = { ...form, tokenStored: stored }
    else rows.push({ key: nextKey++, name, value: secret ? '' : shown, secret, stored })
  }
  return { ...form, headers: rows }
}

/** What the editor says when the URI now points at another server than the saved secrets'. */
export const SECRETS_LEFT_BEHIND = 'The catalog address changed to another server, so its saved secrets are cleared when you save; enter them again.'

/** The same, when the catalog stays but the OAuth2 token URL now points at another server. */
export const TOKEN_SECRETS_LEFT_BEHIND = 'The token URL changed to another server, so the saved secrets are cleared when you save; enter them again.'

/** What the editor says about secrets left behind: which address moved. */
export function leftBehindMessage(view: ProfileView | undefined, form: EditorForm): string {
  const catalogStays = view !== undefined && uriOrigin(view.properties['uri'] ?? '') === uriOrigin(form.uri)
  return catalogStays && form.type === 'rest' ? TOKEN_SECRETS_LEFT_BEHIND : SECRETS_LEFT_BEHIND
}

/**
 * True when the form's URI points at another origin (scheme, host, port) than the saved
 * profile's, which has stored secrets: main never sends them there and clears them on
 * save, so the editor must ask for them again.
 */
export function secretsLeftBehind(view: ProfileView | undefined, form: EditorForm): boolean {
  if (view && form.type === 'dir') return view.kind === 'dir' && storageSecretsLeftBehind(view, form.root, form.storage)
  if (!view) return false
  const saved = endpointOrigin(view)
  const now = endpointOrigin({ connectType: 'rest', properties: { uri: form.uri, ...restAuthProperties(form) } })
  return saved !== null && now !== null && saved !== now && Object.values(view.hasSecret).some(Boolean)
}

/** The form as if nothing were stored: every secret field must be typed again. */
export function withoutStoredSecrets(form: EditorForm): EditorForm {
  return {
    ...form,
    tokenStored: null,
    apiKeyStored: null,
    storage: { ...form.storage, stored: {} },
    oauth2: { ...form.oauth2, clientSecretStored: null },
    headers: form.headers.map((row) => ({ ...row, stored: null }))
  }
}

/** A draft plus, per draft header, the form field it came from (`apiKey`, `row:<key>`, ...). */
export interface BuiltDraft {
  readonly draft: ProfileDraft
  readonly headerFields: readonly string[]
}

/** Builds the draft main validates and saves. An empty secret field with a stored value means "keep it". */
export function draftFromForm(form: EditorForm): BuiltDraft {
  if (form.type === 'dir') {
    const properties = { ...form.extra, root: form.root, ...storageDraftProperties(form.root, form.storage) }
    return { draft: { name: form.name, connectType: 'dir', properties, headers: [] }, headerFields: [] }
  }
  const headers: HeaderDraft[] = []
  const headerFields: string[] = []
  const add = (field: string, header: HeaderDraft): void => {
    headers.push(header)
    headerFields.push(field)
  }
  const secretValue = (value: string, stored: string | null): string | undefined => (value === '' && stored !== null ? undefined : value)
  if (form.type === 'enterprise') {
    add('apiKey', { name: ENTERPRISE_HEADERS.apiKey, value: secretValue(form.apiKey, form.apiKeyStored), secret: true })
    if (form.database.trim() !== '') add('database', { name: ENTERPRISE_HEADERS.database, value: form.database.trim() })
    if (form.databasePrefix.trim() !== '') add('databasePrefix', { name: ENTERPRISE_HEADERS.databasePrefix, value: form.databasePrefix.trim() })
  } else if (form.auth === 'bearer') {
    const token = form.token.trim()
    add('token', { name: 'Authorization', value: token === '' ? secretValue('', form.tokenStored) : `Bearer ${token}`, secret: true })
  }
  for (const row of form.headers) {
    const secret = row.secret || isSecretHeader(row.name.trim())
    add(`row:${row.key}`, { name: row.name.trim(), value: secret ? secretValue(row.value, row.stored) : row.value, secret })
  }
  const preset = form.type === 'enterprise' ? { preset: 'enterprise' as const } : form.auth === 'bearer' ? { preset: 'bearer' as const } : {}
  return {
    draft: {
      name: form.name,
      connectType: 'rest',
      ...preset,
      properties: { ...form.extra, uri: form.uri, ...storageOptionProperties(form.storage), ...restAuthProperties(form) },
      headers
    },
    headerFields
  }
}

/**
 * Every problem with the form, keyed by form field: the shared rules (mapped from draft
 * header indexes to the fields they came from) plus the required secret fields. Leave
 * `existingNames` out to skip the name rules (for a test run).
 */
export function formErrors(form: EditorForm, existingNames?: readonly string[]): FieldErrors {
  const { draft, headerFields } = draftFromForm(form)
  const shared = validateProfileDraft(draft, existingNames ?? [])
  const errors: Record<string, string> = {}
  for (const [key, message] of Object.entries(shared)) {
    const header = /^header:(\d+):(name|value)$/.exec(key)
    if (header) {
      const field = headerFields[Number(header[1])] ?? 'headers'
      errors[field.startsWith('row:') ? `${field}:${header[2]}` : field] ??= message
    } else if (key === 'headers' && form.type === 'enterprise') errors['apiKey'] ??= message
    else if (key === 'headers' && form.auth === 'bearer') errors['token'] ??= message
    else if (key !== 'name' || existingNames !== undefined) errors[key] = message
  }
  if (form.type === 'enterprise' && form.apiKey === '' && form.apiKeyStored === null) errors['apiKey'] ??= 'Enter the API key.'
  if (form.type === 'rest' && form.auth === 'bearer' && form.token.trim() === '' && form.tokenStored === null) {
    errors['token'] ??= 'Enter the token.'
  }
  if (form.type === 'rest' && form.auth === 'oauth2') for (const [key, message] of Object.entries(oauth2FormErrors(form.oauth2))) errors[key] ??= message
  return errors
}

// The properties a REST profile's Authentication choice adds: OAuth2's, or none.
function restAuthProperties(form: EditorForm): Record<string, string> {
  return form.type === 'rest' && form.auth === 'oauth2' ? oauth2DraftProperties(form.oauth2) : {}
}

/** Maps main's field errors for a saved draft (keyed by draft header index) to form fields. */
export function formErrorsFromMain(fieldErrors: Readonly<Record<string, string>>, built: BuiltDraft): FieldErrors {
  const errors: Record<string, string> = {}
  for (const [key, message] of Object.entries(fieldErrors)) {
    const header = /^header:(\d+):(name|value)$/.exec(key)
    const field = header ? built.headerFields[Number(header[1])] : undefined
    if (header && field) errors[field.startsWith('row:') ? `${field}:${header[2]}` : field] = message
    else errors[key] = message
  }
  return errors
}
