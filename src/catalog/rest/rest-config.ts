/**
 * Reads a `rest` connection's properties: `uri` (http or https, optional port and base
 * path), `delimiter`, every `headers.<Name>` property as header `<Name>`, and the
 * `storage.*` properties used to open table locations. Problems
 * become `invalid_request` errors that say what to fix, never echoing secret values.
 */
import { CatalogError } from '../../shared/errors'
import { headerEntries, headerProperty } from '../../shared/connection-policy'
import { DEFAULT_DELIMITER } from '../../shared/namespace-path'
import { isValidHeaderName } from '../../shared/profile-validation'
import { storageOptionsOf } from '../../shared/storage-options'
import { parseOAuth2 } from './oauth2-config'
import type { OAuth2Settings } from './oauth2'

/** The parsed connection settings. */
export interface RestConfig {
  /** Origin plus base path, without a trailing slash. */
  readonly baseUrl: URL
  readonly headers: Readonly<Record<string, string>>
  readonly delimiter: string
  /** OAuth2 client credentials (`oauth2.*` properties), when the connection uses them. */
  readonly oauth2?: OAuth2Settings
  /**
   * The profile's own storage options (`storage.*` properties, without the prefix) for
   * opening table locations; the options a describe returns win over them per key.
   */
  readonly storageOptions: Readonly<Record<string, string>>
  /** Whether table locations on this machine (`file://`, plain paths) may be opened: see `allowsLocalLocations`. */
  readonly allowLocalLocations: boolean
}

/** The property that lets a REST profile open table locations on this machine. */
export const ALLOW_LOCAL_LOCATIONS = 'allow_local_locations'

/** Validates and parses the properties of a `rest` connection. */
export function parseRestProperties(properties: Readonly<Record<string, string>>): RestConfig {
  const baseUrl = parseUri(properties['uri'])
  const headers = parseHeaders(properties)
  const oauth2 = parseOAuth2(properties, baseUrl, headers)
  return {
    baseUrl,
    headers,
    delimiter: parseDelimiter(properties['delimiter']),
    storageOptions: storageOptionsOf(properties),
    allowLocalLocations: allowsLocalLocations(properties[ALLOW_LOCAL_LOCATIONS], baseUrl),
    ...(oauth2 ? { oauth2 } : {})
  }
}

function parseUri(raw: string | undefined): URL {
  const text = raw?.trim() ?? ''
  if (text.length === 0) {
    throw new CatalogError('invalid_request', 'A REST connection needs a "uri", e.g. https://catalog.example.com or http://localhost:2333.')
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new CatalogError('invalid_request', `The uri "${text}" is not a valid URL: write it like https://catalog.example.com/base-path.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CatalogError('invalid_request', `The uri must start with http:// or https:// (it starts with ${url.protocol}//).`)
  }
  if (url.username || url.password) {
    // The uri is shown in the UI and in messages, so credentials must not live in it.
    throw new CatalogError(
      'invalid_request',
      'The uri must not contain a user name or password: set them as headers.* properties (e.g. headers.Authorization).'
    )
  }
  if (url.hostname.length === 0) throw new CatalogError('invalid_request', `The uri "${text}" has no host name.`)
  if (url.search || url.hash) {
    throw new CatalogError('invalid_request', `The uri "${url.origin}${url.pathname}" must not have a query string or fragment (the part after "?" or "#").`)
  }
  url.pathname = url.pathname.replace(/\/+$/, '')
  return url
}

function parseHeaders(properties: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of headerEntries(properties)) {
    if (!isValidHeaderName(name)) {
      throw new CatalogError('invalid_request', `"${headerProperty(name)}" does not name a valid HTTP header: use letters, digits and "-" after "headers.".`)
    }
    if (/[\r\n\0]/.test(value)) {
      throw new CatalogError('invalid_request', `The value of header "${name}" contains a line break, which HTTP does not allow.`)
    }
    headers[name] = value
  }
  return headers
}

/**
 * Whether a catalog may point the app at files on this machine (a `file://` or plain-path
 * location, which LanceDB would open like any other). `true` or `false` when the profile
 * says; otherwise only for a catalog on this machine (a loopback host): a catalog there,
 * such as the project's reference server, runs with the user's own files and rights
 * already, while a remote catalog naming a local path would make the app read (or, on a
 * create, write) files its operator chose on the user's disk.
 */
export function allowsLocalLocations(raw: string | undefined, baseUrl: URL): boolean {
  const value = raw?.trim().toLowerCase()
  if (value === 'true') return true
  if (value === 'false') return false
  if (value !== undefined && value !== '') {
    throw new CatalogError('invalid_request', `The "${ALLOW_LOCAL_LOCATIONS}" property takes true or false (it is "${raw ?? ''}").`)
  }
  const host = baseUrl.hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

function parseDelimiter(raw: string | undefined): string {
  if (raw === undefined) return DEFAULT_DELIMITER
  if (raw.length === 0) throw new CatalogError('invalid_request', 'The "delimiter" property cannot be empty; leave it out to use "$".')
  return raw
}
