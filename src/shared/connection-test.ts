/**
 * The report of a "Test connection" run: each step says what was requested (secrets
 * masked), what came back, how long it took, and a verdict in plain words.
 */

/** How a step ended, from a person's point of view. */
export type TestVerdict =
  | 'ok'
  /** Works, but something deserves a look (a folder with other files and no tables). */
  | 'warning'
  | 'unreachable'
  /** The host name has no address (DNS). */
  | 'host_not_found'
  /** The host answered, but nothing listens on the port. */
  | 'refused'
  /** https:// to a port that speaks plain HTTP. */
  | 'tls_mismatch'
  | 'certificate'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'server_error'
  | 'timeout'
  | 'bad_response'
  | 'failed'

/** What kind of catalog was tested (the same values as a profile's kind). */
export type TestedKind = 'dir' | 'rest' | 'enterprise'

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
  /** True when no step failed (warnings allowed). */
  readonly ok: boolean
  readonly kind: TestedKind
  /** The root folder or the endpoint URI. */
  readonly target: string
  /** When the test ran, ISO 8601. */
  readonly testedAt: string
  readonly steps: readonly ConnectionTestStep[]
}

/** True for verdicts that do not make a test fail. */
export function isPassing(verdict: TestVerdict): boolean {
  return verdict === 'ok' || verdict === 'warning'
}

/** A short label per verdict, for badges and the copied report. */
export const VERDICT_LABELS: Readonly<Record<TestVerdict, string>> = {
  ok: 'OK',
  warning: 'Warning',
  unreachable: 'Endpoint unreachable',
  host_not_found: 'Host name not found',
  refused: 'Connection refused',
  tls_mismatch: 'Not a TLS port',
  certificate: 'Certificate problem',
  unauthenticated: 'Key or token invalid',
  forbidden: 'Not allowed',
  not_found: 'Not found',
  server_error: 'Server problem',
  timeout: 'Timed out',
  bad_response: 'Unexpected answer',
  failed: 'Failed'
}

/**
 * The report as plain text, for the clipboard. It holds only what the report holds, and
 * the report never holds a secret (headers and server text are masked in main).
 */
export function formatTestReport(report: ConnectionTestReport): string {
  const lines = [`Connection test (${report.kind}) of ${report.target}`, `Tested at ${report.testedAt}: ${report.ok ? 'passed' : 'failed'}`]
  report.steps.forEach((step, i) => {
    lines.push('', `${i + 1}. ${step.title}: ${VERDICT_LABELS[step.verdict]}`)
    if (step.request) {
      lines.push(`   ${step.request.method} ${step.request.url}`)
      for (const [name, value] of Object.entries(step.request.headers)) lines.push(`   ${name}: ${value}`)
    }
    const status = step.status === undefined ? 'no HTTP status' : `HTTP ${step.status}`
    lines.push(`   ${step.request ? `${status}, ` : ''}${step.latencyMs} ms`)
    lines.push(`   ${step.message}`)
    if (step.serverMessage) lines.push(`   Server said: ${step.serverMessage}`)
  })
  return lines.join('\n') + '\n'
}
