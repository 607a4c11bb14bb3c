/**
 * What LanceDB's object-store layer (Rust `object_store`) throws for an `s3://`, `gs://`
 * or `az://` root, sorted into the part that failed: the endpoint, the bucket, the
 * credentials, the clock. LanceDB only gives text (the store's HTTP status and XML or JSON
 * body inside a Rust debug dump), so the sorting reads that text; the full text stays in
 * `details.cause`, with secret option values taken out.
 */
import { CatalogError, type ErrorCode } from '../shared/errors'
import { isSecretStorageOption } from '../shared/storage-options'
import { scrubSecrets } from '../shared/connection-policy'
import { messageOf } from './lance/lance-errors'

/** The part of an object-store request that failed. */
export type ObjectStoreFailure = 'unreachable' | 'timeout' | 'certificate' | 'region' | 'clock_skew' | 'access_denied' | 'bucket_missing' | 'other'

// Checked in order: a skewed clock also answers 403, so the store's codes go before the
// bare statuses. A bare 404 is not read as a missing bucket: a missing object answers it
// too, while a missing bucket comes with its own code (NoSuchBucket, ContainerNotFound).
const FAILURES: ReadonlyArray<readonly [RegExp, ObjectStoreFailure]> = [
  [/RequestTimeTooSkewed|RequestExpired|clock skew|too skewed/i, 'clock_skew'],
  [/NoSuchBucket|ContainerNotFound|specified bucket does not exist|bucket .* does not exist/i, 'bucket_missing'],
  [
    /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|ExpiredToken|InvalidToken|InvalidClientTokenId|AuthenticationFailed|AuthorizationPermissionMismatch|AuthorizationFailure|status: 40[13]\b|Forbidden|Unauthorized/i,
    'access_denied'
  ],
  [/Failed to resolve region|region .* (missing|required)|AuthorizationHeaderMalformed|PermanentRedirect/i, 'region'],
  [/certificate|InvalidCertificate|UnknownIssuer|tls handshake/i, 'certificate'],
  [
    /error sending request|kind: Connect|Connection refused|dns error|failed to lookup address|tcp connect error|No route to host|Network is unreachable/i,
    'unreachable'
  ],
  // Not a bare "timeout": every retry error names its `retry_timeout` setting.
  [/timed out|deadline has elapsed/i, 'timeout']
]

/** Which part of an object-store request failed, from LanceDB's error text. */
export function objectStoreFailure(cause: string): ObjectStoreFailure {
  return FAILURES.find(([pattern]) => pattern.test(cause))?.[1] ?? 'other'
}

/** A sentence per failure, naming the part and what to check. */
export function failureMessage(failure: ObjectStoreFailure, root: string): string {
  switch (failure) {
    case 'unreachable':
      return `Endpoint unreachable: nothing answered for ${root}. Check the endpoint option, the network, and allow_http for an http:// endpoint.`
    case 'timeout':
      return `Timed out talking to the object store for ${root}. The endpoint may be down or a firewall may drop the traffic.`
    case 'certificate':
      return `Certificate problem with the object store's endpoint for ${root}. Check its certificate, or use an http:// endpoint with allow_http.`
    case 'region':
      return `The object store could not work out the region for ${root}. Set the region option (S3-compatible stores need it with an endpoint).`
    case 'clock_skew':
      return `Clock skew: the object store refused the request because this computer's clock differs too much from its own. Set the clock right (NTP) and try again.`
    case 'access_denied':
      return `Access denied to ${root}: the store refused the credentials or they may not read this bucket and prefix. Check the access key, secret key and session token.`
    case 'bucket_missing':
      return `Bucket missing: the object store has no bucket for ${root}. Check the bucket name (and the endpoint, for S3-compatible stores).`
    case 'other':
      return `Could not open ${root} on its object store.`
  }
}

const CODES: Readonly<Record<ObjectStoreFailure, ErrorCode>> = {
  unreachable: 'unreachable',
  timeout: 'timeout',
  certificate: 'unreachable',
  region: 'invalid_request',
  clock_skew: 'unauthenticated',
  access_denied: 'permission_denied',
  bucket_missing: 'invalid_catalog',
  other: 'invalid_catalog'
}

/** A `CatalogError` for a failure on an object-store root; secret option values never appear in it. */
export function objectStoreError(root: string, error: unknown, options: Readonly<Record<string, string>> = {}): CatalogError {
  const cause = withoutSecrets(messageOf(error), options)
  const failure = objectStoreFailure(cause)
  const base = failureMessage(failure, root)
  return new CatalogError(CODES[failure], base, { path: root, cause, failure })
}

/** `text` with every secret storage option's value replaced by a mask. */
export function withoutSecrets(text: string, options: Readonly<Record<string, string>>): string {
  const secrets = Object.entries(options).flatMap(([name, value]) => (value.length >= 4 && isSecretStorageOption(name) ? [value] : []))
  return scrubSecrets(
    text,
    secrets.sort((a, b) => b.length - a.length)
  )
}
