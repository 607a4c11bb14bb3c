/**
 * What the relay (./storage-merge-proxy.ts) decides about a catalog's answers before
 * LanceDB sees them: which storage options a table is opened with, whether a location on
 * this machine may be opened, and how a path LanceDB wrote is put to the catalog.
 */
import { isSecretStorageOption } from '../../shared/storage-options'

/** The storage options to open a table with, or why the catalog's answer is refused. */
export type LocationOptions = { readonly ok: true; readonly options: Record<string, string> } | { readonly ok: false; readonly reason: string }

// Options that say where requests go (a store's endpoint, region, bucket, account, or the
// metadata service credentials come from), in Lance's names and object_store's aliases.
const PLACEMENT =
  /(endpoint|region|bucket|account_name|container_name|_url$|^url$|^host$|_host$|s3_express|use_fabric|metadata|credentials_relative_uri|proxy)/i
// Options that identify or prove who signs: the secret ones, plus access key ids.
const CREDENTIAL = /(access_key_id|^access_key$|client_id|^key_id$)/i

// Options that name a file on this machine credentials are read from (a service account
// key, a web identity or federated token, a credentials or config file), in Lance's names
// and object_store's aliases: a catalog naming one would have the store sign, for a place
// of its choosing, with a key the user keeps for something else.
const LOCAL_FILE = /(service_account$|service_account_path$|application_credentials$|token_file$|credentials_file$|config_file$)/i

/** True for an option whose value is a file on this machine that credentials are read from. */
export function namesLocalFile(name: string): boolean {
  return LOCAL_FILE.test(name)
}

/** True for an option that decides where the store's requests go. */
export function isPlacementOption(name: string): boolean {
  return PLACEMENT.test(name)
}

/** True for an option that is, or names, a credential. */
export function isCredentialOption(name: string): boolean {
  return isSecretStorageOption(name) || CREDENTIAL.test(name)
}

/**
 * The options a table is opened with, from the profile's own (`own`) and the ones the
 * catalog's describe vends (`vended`), the catalog's winning per key as before, with one
 * limit: the profile's credentials are never combined with a place the catalog chose.
 *
 * - The catalog vends credentials: they go wherever the catalog says (they are its own),
 *   so the profile's credentials are left out and its other options fill the gaps.
 * - The catalog vends none but names an endpoint, region, bucket or account other than
 *   the profile's: the profile's credentials would be signed for the catalog's choice of
 *   server, so the answer is refused (when the profile has credentials; otherwise there is
 *   nothing to protect and the options merge as they are).
 * - Otherwise the profile's credentials are used with the profile's own placement.
 *
 * The bucket in the table's location is the catalog's to choose (that is what a location
 * is); with the endpoint and region held to the profile's, the requests still reach only
 * the store the profile names, and a SigV4 signature does not reveal the secret.
 */
export function locationOptions(own: Readonly<Record<string, string>>, vended: Readonly<Record<string, string>> | undefined): LocationOptions {
  const catalogs = vended ?? {}
  const ownCredentials = Object.keys(own).filter(isCredentialOption)
  if (ownCredentials.length === 0) return { ok: true, options: { ...own, ...catalogs } }
  if (vendsCredentials(catalogs)) {
    const rest = Object.fromEntries(Object.entries(own).filter(([name]) => !isCredentialOption(name)))
    return { ok: true, options: { ...rest, ...catalogs } }
  }
  const steered = Object.entries(catalogs).filter(([name, value]) => isPlacementOption(name) && own[name] !== value)
  if (steered.length > 0) {
    const named = steered.map(([name, value]) => `${name}=${value}`).join(', ')
    return {
      ok: false,
      reason:
        `The catalog sends this table's storage requests to a place of its own choosing (${named}) without vending credentials for it; ` +
        "the profile's storage credentials are used only with the profile's own endpoint and region. " +
        "If that place is right, set it in the profile's storage options."
    }
  }
  return { ok: true, options: { ...own, ...catalogs } }
}

/** True when a describe's `storage_options` hold credentials of the catalog's own. */
export function vendsCredentials(vended: Readonly<Record<string, string>> | undefined): boolean {
  return Object.keys(vended ?? {}).some(isCredentialOption)
}

/** True for a location on this machine: `file:` URIs and plain paths (no scheme, or a Windows drive). */
export function isLocalLocation(location: string): boolean {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(location.trim())
  const scheme = match?.[1]?.toLowerCase()
  return scheme === undefined || scheme.length === 1 || scheme === 'file' || scheme === 'file+uring'
}

/**
 * A request path as LanceDB wrote it, put the way RFC 3986 servers read it. LanceDB's REST
 * client form-encodes identifiers in paths: a space becomes `+` and a literal `+` becomes
 * `%2B` (`Q3 sales$a+b` -> `Q3+sales%24a%2Bb`), so every `+` in its path is a space. The
 * query string is left alone (there, `+` is a space to every server).
 */
export function rfc3986Path(target: string): string {
  const query = target.indexOf('?')
  const path = query < 0 ? target : target.slice(0, query)
  const rest = query < 0 ? '' : target.slice(query)
  return path.replace(/\+/g, '%20') + rest
}
