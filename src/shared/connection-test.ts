/**
 * The report of a "Test connection" run: each step says what was requested (secrets
 * masked), what came back, how long it took, and a verdict in plain words.
 */

/** How a step ended, from a person's point of view. */
export type TestVerdict =
  | 'ok'
  | 'unreachable'
  | 'certificate'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'server_error'
  | 'timeout'
  | 'bad_response'
  | 'failed'

/** One step of a connection test. */
export interface ConnectionTestStep {
  /** What the step checks, e.g. "List root namespaces" or "Root is a folder". */
  readonly title: string
  /** For HTTP steps: method, URL and headers as sent, secrets masked. */
  readonly request?: { readonly method: string; readonly url: string; readonly headers: Readonly<Record<string, string>> }
  /** HTTP status, if a response came back. */
  readonly status?: number
  readonly latencyMs: number
  readonly verdict: TestVerdict
  /** Plain-language explanation and advice. */
  readonly message: string
  /** The server's own words, if any (secrets masked). */
  readonly serverMessage?: string
}

/** The whole report. */
export interface ConnectionTestReport {
  readonly ok: boolean
  readonly target: string
  readonly steps: readonly ConnectionTestStep[]
}
