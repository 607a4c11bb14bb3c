/**
 * The facts behind an error, as labelled lines for the collapsed "Technical details" of an
 * error alert: what the server or LanceDB said, its whole chain (main leaves out source
 * locations and file paths, which go to the log), the HTTP exchange, and whatever else
 * main attached.
 */
import type { ErrorDetails } from '@shared/errors'

/** One labelled fact. */
export interface DetailLine {
  readonly label: string
  readonly value: string
}

// Known keys first, in the order someone digging would want them, with readable labels.
const LABELS: Readonly<Record<string, string>> = {
  method: 'Request',
  status: 'HTTP status',
  lanceCode: 'Lance error code',
  serverMessage: 'Server message',
  serverDetail: 'Server detail',
  problemType: 'Problem type',
  cause: 'Cause',
  issues: 'Issues'
}

/** The lines to show for `details`, or none when there is nothing beyond the message itself. */
export function technicalDetails(message: string, details: ErrorDetails | undefined): DetailLine[] {
  if (!details) return []
  const lines: DetailLine[] = []
  const known = Object.keys(LABELS)
  const keys = [...known.filter((key) => key in details), ...Object.keys(details).filter((key) => !known.includes(key) && key !== 'url')]
  for (const key of keys) {
    const value = key === 'method' ? request(details) : text(details[key])
    if (value === null || value === message) continue
    lines.push({ label: LABELS[key] ?? key, value })
  }
  return lines
}

function request(details: ErrorDetails): string | null {
  const url = typeof details.url === 'string' ? details.url : ''
  return `${text(details.method) ?? ''} ${url}`.trim() || null
}

function text(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join('; ')
  return JSON.stringify(value)
}
