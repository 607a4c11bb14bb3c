/**
 * The log side of an error value: what the page may not see (Rust source locations, file
 * paths, text past the length limit) is written to the process's standard error, so the
 * full text of a failure stays available to whoever runs the app, and only to them. Stored
 * secrets are masked there as on the page.
 */
import { CatalogError, type ErrorValue } from '../../shared/errors'
import { maskKnownSecrets } from '../secrets/known-secrets'

let writeLog = (line: string): void => {
  process.stderr.write(`${line}\n`)
}

/** Replaces where the log goes (tests); returns the previous writer. */
export function setLogWriter(writer: (line: string) => void): (line: string) => void {
  const previous = writeLog
  writeLog = writer
  return previous
}

/** Logs the full text behind `value` when the page's copy left something out. */
export function logHiddenText(channel: string, error: unknown, value: ErrorValue): void {
  const full = fullText(error)
  const shown = [value.message, ...Object.values(value.details ?? {}).filter((v): v is string => typeof v === 'string')]
  if (full.every((text) => shown.includes(text))) return
  // A secret is never logged either: the log is for paths and source locations only.
  writeLog(maskKnownSecrets(`[${channel}] ${value.code}: ${full.join(' | ')}`))
}

function fullText(error: unknown): string[] {
  if (error instanceof CatalogError) {
    const details = error.details ?? {}
    const fromBelow = [details.cause, details.serverMessage, details.serverDetail].filter((v): v is string => typeof v === 'string')
    return [error.message, ...fromBelow]
  }
  return [error instanceof Error ? error.message || error.name : String(error)]
}
