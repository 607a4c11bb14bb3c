/**
 * The storage options part of the profile editor's form (dir profiles on an object
 * store, and REST profiles for the table locations their catalog returns): typed values by option name, and the masks of secret values kept in main. In
 * the draft, plain options are `storage.<name>` properties; a secret one is its new value,
 * or its mask (keep the stored value), or absent (none).
 */
import type { ProfileView } from '@shared/profile-types'
import { endpointOrigin } from '@shared/connection-policy'
import { isSecretStorageOption, rootLocation, STORAGE_OPTIONS, STORAGE_PROPERTY_PREFIX, storageEntries, type ObjectStoreScheme } from '@shared/storage-options'

/** Storage option values as typed, and the masks of stored secret ones. */
export interface StorageForm {
  readonly values: Readonly<Record<string, string>>
  readonly stored: Readonly<Record<string, string>>
}

/** No storage options. */
export const EMPTY_STORAGE: StorageForm = { values: {}, stored: {} }

/** The storage part of a saved profile's form; secret values stay in main, only masks come in. */
export function storageFormFromView(view: ProfileView): StorageForm {
  const values: Record<string, string> = {}
  const stored: Record<string, string> = {}
  for (const [name, shown] of storageEntries(view.properties)) {
    const key = STORAGE_PROPERTY_PREFIX + name
    if (!isSecretStorageOption(name)) values[name] = shown
    else if (view.hasSecret[key]) stored[name] = shown
  }
  return { values, stored }
}

/** `properties` without its `storage.*` entries (the form keeps those apart). */
export function withoutStorage(properties: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !key.startsWith(STORAGE_PROPERTY_PREFIX)))
}

/** The draft's `storage.*` properties; none for a local folder, where they do not apply. */
export function storageDraftProperties(root: string, storage: StorageForm): Record<string, string> {
  if (rootLocation(root).kind === 'local') return {}
  return storageOptionProperties(storage)
}

/** The `storage.*` properties of the form's options (a REST profile's, for its table locations). */
export function storageOptionProperties(storage: StorageForm): Record<string, string> {
  const properties: Record<string, string> = {}
  for (const name of new Set([...Object.keys(storage.values), ...Object.keys(storage.stored)])) {
    const value = (storage.values[name] ?? '').trim()
    const kept = storage.stored[name]
    if (value !== '') properties[STORAGE_PROPERTY_PREFIX + name] = value
    else if (isSecretStorageOption(name) && kept !== undefined) properties[STORAGE_PROPERTY_PREFIX + name] = kept
  }
  return properties
}

/**
 * True when the form moves a saved object-store profile with stored secrets to another
 * bucket or endpoint: main clears them on save, so the editor asks for them again.
 */
export function storageSecretsLeftBehind(view: ProfileView, root: string, storage: StorageForm): boolean {
  const saved = endpointOrigin(view)
  const endpoint = storage.values['endpoint'] ?? ''
  const now = endpointOrigin({ connectType: 'dir', properties: { root, [`${STORAGE_PROPERTY_PREFIX}endpoint`]: endpoint } })
  return saved !== null && saved !== now && Object.values(view.hasSecret).some(Boolean)
}

/** The store a REST profile's saved options are for (the editor shows that store's fields): S3 unless they name another's. */
export function locationSchemeOf(storage: StorageForm): ObjectStoreScheme {
  const names = [...Object.keys(storage.values), ...Object.keys(storage.stored)]
  const schemes = names.flatMap((name) => STORAGE_OPTIONS.find((o) => o.name === name)?.schemes ?? [])
  return schemes.find((scheme) => scheme !== 's3') ?? 's3'
}

/** Whether the form holds any storage option, typed or stored. */
export function hasStorageValues(storage: StorageForm): boolean {
  return Object.values(storage.values).some((value) => value !== '') || Object.keys(storage.stored).length > 0
}
