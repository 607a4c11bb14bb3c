/** CSV lines (RFC 4180) of values already made JSON-ready (see plain-values). */
import { jsonText } from './json-text'

/** Text for one CSV field: strings as they are, everything else as its JSON text. */
export function csvText(converted: unknown): string | null {
  if (converted === null) return null
  if (typeof converted === 'string') return converted
  return jsonText(converted)
}

/** RFC 4180 quoting: a field with a delimiter, quote or line break is quoted; so is "" (not null). */
function csvField(text: string | null): string {
  if (text === null) return ''
  if (text === '' || /[",\r\n]/.test(text) || text.trim() !== text) return `"${text.replaceAll('"', '""')}"`
  return text
}

/** One CSV record (a header of names, or a row of JSON-ready values) as a line ending in CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map((value) => csvField(csvText(value))).join(',')}\r\n`
}
