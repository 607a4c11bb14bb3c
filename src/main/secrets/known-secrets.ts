/**
 * Every secret this process has handled (header values marked secret, secret storage
 * options, OAuth2 client secrets and the tokens issued for them, whatever the secret store
 * gave out or took in), so that one step can mask them in every error value that leaves
 * main (see ../ipc/dispatch.ts), whichever path produced the error: our HTTP client,
 * LanceDB's native client echoing a catalog's answer, an object store's message.
 */
import { scrubSecrets, secretValues } from '../../shared/connection-policy'
import { isSecretStorageOption, STORAGE_PROPERTY_PREFIX } from '../../shared/storage-options'

const known = new Set<string>()
let sorted: string[] | null = null

/** Remembers a secret value (shorter than 4 characters: too short to tell apart from other text). */
export function rememberSecret(value: string | undefined): void {
  const trimmed = value?.trim() ?? ''
  if (trimmed.length < 4 || known.has(trimmed)) return
  known.add(trimmed)
  sorted = null
}

/** Remembers the secret values among a connection's properties (headers, storage options, the OAuth2 client secret). */
export function rememberConnectionSecrets(properties: Readonly<Record<string, string>>, markedHeaders: readonly string[] = []): void {
  const headers: Record<string, string> = {}
  for (const [key, value] of Object.entries(properties)) {
    if (key.startsWith('headers.')) headers[key.slice('headers.'.length)] = value
    else if (key.startsWith(STORAGE_PROPERTY_PREFIX) && isSecretStorageOption(key.slice(STORAGE_PROPERTY_PREFIX.length))) rememberSecret(value)
    else if (key === 'oauth2.client_secret') rememberSecret(value)
  }
  for (const value of secretValues(headers, markedHeaders)) rememberSecret(value)
}

/** `text` with every known secret masked (`••••` and its last 4 characters at most). */
export function maskKnownSecrets(text: string): string {
  if (known.size === 0) return text
  // Longest first, so a value is masked whole before a shorter one can split it.
  sorted ??= [...known].sort((a, b) => b.length - a.length)
  return scrubSecrets(text, sorted)
}

/** A copy of `value` with every string in it (at any depth of plain objects and arrays) masked. */
export function maskKnownSecretsIn<T>(value: T): T {
  return maskDeep(value, 0) as T
}

function maskDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskKnownSecrets(value)
  if (depth > 8 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, depth + 1))
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskDeep(item, depth + 1)]))
}
