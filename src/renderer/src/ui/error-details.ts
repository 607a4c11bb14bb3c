/**
 * Words for an error nobody expected: one sentence for the person, and the full details
 * (what failed, message, stack, where in the UI, when, which browser) for a bug report.
 */

/** What an unexpected error says about itself, whatever was thrown. */
export interface ErrorFacts {
  readonly name: string
  readonly message: string
  readonly stack: string | undefined
}

/** Reads name, message and stack from anything thrown (an Error, a string, an object). */
export function errorFacts(error: unknown): ErrorFacts {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack }
  if (typeof error === 'string') return { name: 'Error', message: error, stack: undefined }
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return { name: 'name' in error && typeof error.name === 'string' ? error.name : 'Error', message: error.message, stack: undefined }
  }
  let text: string
  try {
    text = JSON.stringify(error) ?? String(error)
  } catch {
    text = String(error)
  }
  return { name: 'Error', message: `A non-error value was thrown: ${text}`, stack: undefined }
}

/** The one sentence shown: what stopped working (or `happened`), and the error's own message. */
export function errorSentence(what: string, error: unknown, happened = 'stopped working'): string {
  const { message } = errorFacts(error)
  const reason = message.trim() || 'no message was given'
  return `${what} ${happened} because of an unexpected error (${reason.replace(/[.\s]+$/, '')}).`
}

/** Everything worth pasting into a bug report, as plain text. */
export function errorDetailsText(what: string, error: unknown, extra: { readonly componentStack?: string | null; readonly when?: Date } = {}): string {
  const { name, message, stack } = errorFacts(error)
  const lines = [`What failed: ${what}`, `Error: ${name}: ${message}`, `When: ${(extra.when ?? new Date()).toISOString()}`]
  if (typeof navigator !== 'undefined') lines.push(`Browser: ${navigator.userAgent}`)
  if (stack) lines.push('', 'Stack:', stack)
  if (extra.componentStack) lines.push('', 'Component stack:', extra.componentStack.replace(/^\n+/, ''))
  return lines.join('\n')
}
