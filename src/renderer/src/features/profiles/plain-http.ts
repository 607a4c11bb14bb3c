/**
 * The editor's warning for secrets sent over plain `http://` to another machine: anyone
 * on the network path can read them. A catalog on this machine (loopback) is exempt.
 */
import { isSecretHeader } from '../../../../shared/connection-policy'
import type { EditorForm } from './editor-form'

/** The warning to show under the URI, or null. */
export function plainHttpWarning(form: EditorForm): string | null {
  if (form.type === 'dir' || !/^http:\/\//i.test(form.uri.trim())) return null
  let host: string
  try {
    host = new URL(form.uri.trim()).hostname
  } catch {
    return null
  }
  if (host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)) return null
  const secrets =
    form.type === 'enterprise' ||
    (form.auth === 'bearer' && (form.token !== '' || form.tokenStored !== null)) ||
    form.auth === 'oauth2' ||
    form.headers.some((row) => row.name.trim() !== '' && (row.secret || isSecretHeader(row.name)))
  return secrets
    ? `${host} is reached over plain http://: its key, token or secret headers cross the network unencrypted. Use https:// unless you trust every network in between.`
    : null
}
