/**
 * What an HTTP transport needs from a source of bearer tokens (oauth2.ts has the one the
 * app uses); on its own so that the transport and the token source do not import each other.
 */

/** What a transport needs from a token source. */
export interface BearerTokens {
  /** A valid access token, fetched if none is cached or the cached one is about to expire. */
  token(signal?: AbortSignal): Promise<string>
  /** Forgets `token` (the catalog refused it), so the next `token()` fetches a new one. */
  invalidate(token: string): void
  /** Values to mask in messages: the client secret and the tokens handed out. */
  secrets(): readonly string[]
  /** Stops any refresh under way. */
  close(): Promise<void>
}
