/**
 * Which web permissions the page gets: only writing to the clipboard (the copy buttons),
 * and only for the app's own top-level page. Everything else (camera, microphone,
 * geolocation, notifications, HID, serial, USB, pointer lock, reading the clipboard...) is
 * denied, both when a page asks and when it checks.
 */
import { isAppUrl } from './navigation-policy'

/** The permissions the app uses. */
export const ALLOWED_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write']

/** Who asks: the requesting URL or origin, and whether it is the top frame. */
export interface PermissionAsker {
  /** The requesting frame's URL (request handler) or origin (check handler). */
  readonly url: string
  /** False for subframes; undefined when Electron does not say. */
  readonly isMainFrame?: boolean
}

/** True if `permission` may be granted to this asker. */
export function permissionAllowed(permission: string, asker: PermissionAsker, appOrigin: string): boolean {
  if (!ALLOWED_PERMISSIONS.includes(permission)) return false
  if (asker.isMainFrame === false) return false
  return isAppUrl(asker.url, appOrigin)
}
