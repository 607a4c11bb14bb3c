/**
 * What the window may load: only the app's own pages. Everything else is blocked, and
 * http(s) links go to the external-link policy instead of the window.
 */

/** The origin the app's pages come from: the dev server in `npm run dev`, else `app://renderer`. */
export function appOriginFor(devServerUrl: string | undefined, appOrigin: string): string {
  return devServerUrl && URL.canParse(devServerUrl) ? new URL(devServerUrl).origin : appOrigin
}

/** True if `url` is one of the app's own pages (same origin as the app). */
export function isAppUrl(url: string, appOrigin: string): boolean {
  if (!URL.canParse(url)) return false
  const parsed = new URL(url)
  // `new URL('app://renderer/x').origin` is "null" for schemes Node does not know; compare parts.
  return `${parsed.protocol}//${parsed.host}` === appOrigin
}

/** What to do with a navigation or a new-window request. */
export type NavigationDecision = 'allow' | 'external' | 'block'

/**
 * A navigation stays in the window only if it is the app's own page; an http(s) URL is
 * offered to the external-link policy; anything else (`file:`, `javascript:`, `data:`,
 * other schemes) is blocked.
 */
export function navigationDecision(url: string, appOrigin: string): NavigationDecision {
  if (isAppUrl(url, appOrigin)) return 'allow'
  return isHttpUrl(url) ? 'external' : 'block'
}

/**
 * New windows are never created: `window.open` and `target=_blank` are denied, and an
 * http(s) URL is offered to the external-link policy like a navigation.
 */
export function windowOpenDecision(url: string): { readonly action: 'deny'; readonly external: boolean } {
  return { action: 'deny', external: isHttpUrl(url) }
}

function isHttpUrl(url: string): boolean {
  if (!URL.canParse(url)) return false
  const { protocol } = new URL(url)
  return protocol === 'https:' || protocol === 'http:'
}
