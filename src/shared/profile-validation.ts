/**
 * Profile rules, checked field by field. The renderer runs them as the person types (to
 * show each message next to its field) and main runs them again before it saves, so a
 * profile on disk always passed them. Pure TypeScript: no Node or DOM APIs beyond `URL`.
 */
import { headerNameOf, looksLikeMask } from './connection-policy'
import { ENTERPRISE_HEADERS, type ProfileDraft } from './profile-types'
import { objectStoreRootProblem, rootLocation, storagePropertyErrors } from './storage-options'
import { oauth2HeaderErrors, oauth2PropertyErrors } from './oauth2'
import { controlCharacterIn } from './input-bounds'
import { LIMIT_MESSAGES, PROFILE_LIMITS } from './profile-limits'

/**
 * Field key -> message. Keys: `name`, `root`, `uri`, `headers` (the list as a whole),
 * `header:<index>:name`, `header:<index>:value`, `property:<key>`.
 */
export type FieldErrors = Readonly<Record<string, string>>

// RFC 9110 section 5.6.2: token = 1*tchar; tchar = "!" / "#" / "$" / "%" / "&" / "'" /
// "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const WINDOWS_ABSOLUTE = /^[A-Za-z]:[\\/]/
const UNC = /^\\\\[^\\]+\\[^\\]+/

/** True when `name` is a valid HTTP field name (an RFC 9110 token). */
export function isValidHeaderName(name: string): boolean {
  return TOKEN.test(name)
}

/**
 * Why `value` cannot be sent as a header value, or null. CR and LF would let a value
 * inject further headers (request splitting); NUL is rejected by every HTTP stack.
 */
export function headerValueProblem(value: string): string | null {
  if (/[\r\n]/.test(value)) return 'A header value cannot contain a line break.'
  if (value.includes('\0')) return 'A header value cannot contain a NUL character.'
  if (value.length > PROFILE_LIMITS.headerValue) return LIMIT_MESSAGES.headerValue
  return null
}

/** Why `name` is not a usable header name, or null. */
export function headerNameProblem(name: string): string | null {
  if (name === '') return 'Enter a header name.'
  if (name.length > PROFILE_LIMITS.headerName) return LIMIT_MESSAGES.headerName
  if (isValidHeaderName(name)) return null
  const bad = [...name].find((ch) => !TOKEN.test(ch)) ?? ''
  const code = bad.codePointAt(0) ?? 0
  const what = bad === ' ' ? 'a space' : code < 0x20 || code === 0x7f ? 'a control character' : `"${bad}"`
  return `"${name}" is not a valid header name: ${what} is not allowed. Use letters, digits and ! # $ % & ' * + - . ^ _ \` | ~.`
}

/** Why `root` is not an absolute folder path, or null. Accepts POSIX and Windows forms. */
export function rootProblem(root: string): string | null {
  const value = root.trim()
  if (value === '') return 'Choose the catalog folder.'
  if (value.includes('\0')) return 'The folder path cannot contain a NUL character.'
  if (value.startsWith('~')) return 'Write the full path: "~" is not expanded here.'
  if (value.startsWith('/') || WINDOWS_ABSOLUTE.test(value) || UNC.test(value)) return null
  return `"${value}" is a relative path. Enter the full path of the folder, e.g. /home/me/catalog or C:\\catalog.`
}

/** Why `uri` is not an http(s) URL with a host, or null. */
export function uriProblem(uri: string): string | null {
  const value = uri.trim()
  if (value === '') return 'Enter the endpoint URL, e.g. https://catalog.example.com.'
  // URL() repairs "http:/x" into "http://x"; ask for the slashes so what is saved is what was meant.
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase()
  if (scheme && scheme !== 'http' && scheme !== 'https') {
    return `"${scheme}://" is not supported: the endpoint must start with http:// or https://.`
  }
  if (!/^https?:\/\//i.test(value)) return 'The endpoint must start with http:// or https://.'
  // URL() also reads "https:///x" as host "x"; an empty authority means no host was given.
  if (/^https?:\/\/(?:[/?#]|$)/i.test(value)) return 'The endpoint URL needs a host, e.g. https://catalog.example.com.'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `"${value}" is not a valid URL.`
  }
  if (url.hostname === '') return 'The endpoint URL needs a host, e.g. https://catalog.example.com.'
  return null
}

/**
 * Every problem with a draft, keyed by field. `existingNames` are the names of the other
 * profiles (leave out the one being edited); names must differ ignoring case and spaces
 * around them. Secret values left undefined mean "keep the stored one" and are not checked.
 */
export function validateProfileDraft(draft: ProfileDraft, existingNames: readonly string[]): FieldErrors {
  const errors: Record<string, string> = {}
  const name = draft.name.trim()
  if (name === '') errors['name'] = 'Give the profile a name.'
  else if (name.length > PROFILE_LIMITS.name) errors['name'] = LIMIT_MESSAGES.name
  else if (controlCharacterIn(name) !== null) errors['name'] = `A profile name cannot hold ${controlCharacterIn(name)}. Remove it.`
  else if (existingNames.some((other) => other.trim().toLowerCase() === name.toLowerCase())) {
    errors['name'] = `A profile named "${name}" already exists. Choose another name.`
  }

  for (const key of Object.keys(draft.properties)) {
    if (headerNameOf(key) !== null) errors[`property:${key}`] = 'Add headers in the header list, not as properties.'
    else if (key.trim() === '') errors[`property:${key}`] = 'A property needs a name.'
  }

  if (draft.connectType === 'dir') {
    const root = draft.properties['root'] ?? ''
    const problem = rootLocation(root).kind === 'local' ? rootProblem(root) : objectStoreRootProblem(root)
    if (problem) errors['root'] = problem
    Object.assign(errors, storagePropertyErrors(draft.properties, PROFILE_LIMITS.propertyValue))
    if (draft.preset) errors['headers'] = 'Presets apply to REST connections only.'
    draft.headers.forEach((_, i) => {
      errors[`header:${i}:name`] = 'Headers apply to REST connections only.'
    })
    return errors
  }

  const problem = uriProblem(draft.properties['uri'] ?? '')
  if (problem) errors['uri'] = problem
  Object.assign(errors, oauth2PropertyErrors(draft.properties))
  Object.assign(errors, oauth2HeaderErrors(draft.properties, draft.headers))
  Object.assign(errors, headerErrors(draft))
  Object.assign(errors, storagePropertyErrors(draft.properties, PROFILE_LIMITS.propertyValue, draft.connectType))
  return errors
}

function headerErrors(draft: ProfileDraft): Record<string, string> {
  const errors: Record<string, string> = {}
  if (draft.headers.length > PROFILE_LIMITS.headers) errors['headers'] = LIMIT_MESSAGES.headers
  const seen = new Map<string, number>()
  draft.headers.forEach((header, i) => {
    const nameProblem = headerNameProblem(header.name)
    const lower = header.name.toLowerCase()
    if (nameProblem) errors[`header:${i}:name`] = nameProblem
    else if (seen.has(lower)) {
      errors[`header:${i}:name`] = `"${header.name}" is already set in row ${(seen.get(lower) ?? 0) + 1}; header names ignore case.`
    } else seen.set(lower, i)

    if (header.value === undefined) return
    const valueProblem = headerValueProblem(header.value)
    if (valueProblem) errors[`header:${i}:value`] = valueProblem
    else if (draft.preset === 'bearer' && lower === 'authorization' && header.value !== '' && !looksLikeMask(header.value)) {
      if (!/^Bearer \S/.test(header.value)) errors[`header:${i}:value`] = 'Write the token as "Bearer <token>".'
    }
  })

  // A preset without its auth header would save a profile that can only fail to connect.
  if (draft.preset === 'enterprise' && !seen.has(ENTERPRISE_HEADERS.apiKey)) {
    errors['headers'] = 'An Enterprise profile needs an API key (x-api-key).'
  } else if (draft.preset === 'bearer' && !seen.has('authorization')) {
    errors['headers'] = 'A bearer profile needs a token (Authorization).'
  }
  return errors
}
