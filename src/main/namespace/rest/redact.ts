/**
 * Secret header handling for the REST transport: masking for display and logs, and
 * scrubbing of secret values a server may echo back in its error text.
 */

import { maskSecret } from '../../../shared/profile-validation'

/** Header names always treated as secrets, whatever the caller adds. */
export const ALWAYS_SECRET_HEADERS: readonly string[] = ['authorization', 'x-api-key']

export { maskSecret }

/** A copy of `headers` with the values of Authorization, x-api-key and `secretHeaders` masked. */
export function redactHeaders(
  headers: Readonly<Record<string, string>>,
  secretHeaders: readonly string[] = []
): Record<string, string> {
  const secret = new Set([...ALWAYS_SECRET_HEADERS, ...secretHeaders].map((name) => name.toLowerCase()))
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, secret.has(name.toLowerCase()) ? maskSecret(value) : value])
  )
}

/** The secret values among `headers`, longest first, ready for `scrubSecrets`. */
export function secretValues(headers: Readonly<Record<string, string>>, names: readonly string[]): string[] {
  const secret = new Set(names.map((name) => name.toLowerCase()))
  const values = new Set<string>()
  for (const [name, value] of Object.entries(headers)) {
    if (!secret.has(name.toLowerCase())) continue
    // Servers echo a bearer token without its scheme, so mask both forms.
    for (const candidate of [value, value.replace(/^\s*\S+\s+/, '')]) if (candidate.trim().length >= 4) values.add(candidate.trim())
  }
  // Longest first, so a value is masked whole before a shorter one can split it.
  return [...values].sort((a, b) => b.length - a.length)
}

/** Replaces every occurrence of each secret in `text` with its masked form. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => result.split(secret).join(maskSecret(secret)), text)
}
