/**
 * Which links the app opens in the system browser: only the documentation sites and the
 * catalogs the person configured, and only after a confirmation that shows the full URL.
 */
import { uriOrigin } from '../../shared/connection-policy'

/** Documentation the app may link to (Lance format and LanceDB). */
export const DOCS_ORIGINS: readonly string[] = ['https://lancedb.com', 'https://lance.org']

/** The answer to "may this link open outside the app?", with the reason when not. */
export type ExternalLinkVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string }

/**
 * A link may open if it is http(s), carries no user name or password, and its origin is a
 * documentation site or one of the configured catalog origins (exact scheme, host and port).
 */
export function externalLinkVerdict(url: string, allowedOrigins: readonly string[]): ExternalLinkVerdict {
  if (!URL.canParse(url)) return { allowed: false, reason: 'it is not a valid URL' }
  const parsed = new URL(url)
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { allowed: false, reason: `${parsed.protocol} links never open` }
  // user:pass@host hides the real host from a quick read of the confirmation.
  if (parsed.username || parsed.password) return { allowed: false, reason: 'links with credentials in them never open' }
  if (!allowedOrigins.includes(parsed.origin)) return { allowed: false, reason: `${parsed.origin} is not a documentation site or a configured catalog` }
  return { allowed: true }
}

/** The origins of the catalog URIs the person configured (open REST connections and saved profiles). */
export function catalogOrigins(uris: readonly string[]): string[] {
  return [...new Set(uris.flatMap((uri) => uriOrigin(uri) ?? []))]
}

/** Options of the confirmation dialog: it names the full URL, and Cancel is the default. */
export interface LinkConfirmation {
  readonly type: 'question'
  readonly title: string
  readonly message: string
  readonly detail: string
  readonly buttons: readonly [string, string]
  readonly defaultId: 1
  readonly cancelId: 1
  readonly noLink: true
}

/** The confirmation shown before a link opens; button 0 opens it. */
export function linkConfirmation(url: string): LinkConfirmation {
  return {
    type: 'question',
    title: 'Open link',
    message: 'Open this link in your browser?',
    detail: new URL(url).href,
    buttons: ['Open link', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true
  }
}
