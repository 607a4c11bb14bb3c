/**
 * Readers for a JSON array of objects and for NDJSON (one object per line). JSON.parse
 * does not say where each element starts, so a light scan records the line of every
 * top-level element: a bad row is then reported at its line. Numbers keep their digits
 * (see exact-number).
 */
import { parseJsonExact } from './exact-number'
import { SourceError, type RowReader, type SourceRow } from './source-types'

/** Reads a JSON array of objects; the text is parsed once, rows are handed out in chunks. */
export class JsonArrayReader implements RowReader {
  readonly textual = false
  readonly unit = 'line'
  readonly #columns = new Set<string>()
  readonly #elements: readonly unknown[]
  readonly #lines: readonly number[]
  #next = 0

  constructor(text: string) {
    let parsed: unknown
    try {
      parsed = parseJsonExact(text)
    } catch (error) {
      throw syntaxError(text, error)
    }
    if (!Array.isArray(parsed)) throw new SourceError('The JSON is not an array: paste an array of objects, e.g. [{"id": 1}].', 1)
    this.#elements = parsed
    this.#lines = elementLines(text)
  }

  get columns(): readonly string[] {
    return [...this.#columns]
  }

  get progress(): number {
    return this.#elements.length === 0 ? 1 : this.#next / this.#elements.length
  }

  read(max: number): SourceRow[] {
    const rows: SourceRow[] = []
    for (; rows.length < max && this.#next < this.#elements.length; this.#next++) {
      const line = this.#lines[this.#next] ?? 1
      rows.push({ line, values: objectAt(this.#elements[this.#next], line, this.#columns) })
    }
    return rows
  }
}

/** Reads NDJSON: one JSON object per line; blank lines are skipped. */
export class NdjsonReader implements RowReader {
  readonly textual = false
  readonly unit = 'line'
  readonly #columns = new Set<string>()
  readonly #text: string
  #pos = 0
  #line = 0

  constructor(text: string) {
    this.#text = text
  }

  get columns(): readonly string[] {
    return [...this.#columns]
  }

  get progress(): number {
    return this.#text.length === 0 ? 1 : Math.min(1, this.#pos / this.#text.length)
  }

  read(max: number): SourceRow[] {
    const rows: SourceRow[] = []
    const text = this.#text
    while (rows.length < max && this.#pos < text.length) {
      const end = text.indexOf('\n', this.#pos)
      const stop = end < 0 ? text.length : end
      const content = text.slice(this.#pos, stop).trim()
      this.#pos = stop + 1
      this.#line++
      if (content === '') continue
      let value: unknown
      try {
        value = parseJsonExact(content)
      } catch (error) {
        throw new SourceError(`Line ${this.#line} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, this.#line)
      }
      rows.push({ line: this.#line, values: objectAt(value, this.#line, this.#columns) })
    }
    return rows
  }
}

function objectAt(value: unknown, line: number, columns: Set<string>): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SourceError(`Line ${line}: each row must be a JSON object such as {"id": 1}, not ${JSON.stringify(value)?.slice(0, 40)}.`, line)
  }
  for (const key of Object.keys(value)) columns.add(key)
  return value as Record<string, unknown>
}

/** The 1-based line on which each element of a top-level JSON array starts. */
export function elementLines(text: string): number[] {
  return elementSpans(text).map((span) => span.line)
}

/** Where each top-level element of a JSON array starts and ends, and its first line. */
interface Span {
  readonly line: number
  readonly start: number
  end: number
}

function elementSpans(text: string): Span[] {
  const spans: Span[] = []
  let line = 1
  let depth = 0
  let inString = false
  let expectValue = false
  const close = (at: number): void => {
    const last = spans[spans.length - 1]
    if (last && last.end < 0) last.end = at
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 10) line++
    if (inString) {
      if (code === 92)
        i++ // a backslash escapes the next character
      else if (code === 34) inString = false
      continue
    }
    if (code === 32 || code === 9 || code === 10 || code === 13) continue
    if (depth === 1 && expectValue && code !== 93) {
      spans.push({ line, start: i, end: -1 })
      expectValue = false
    }
    if (code === 34) inString = true
    else if (code === 91 || code === 123) {
      depth++
      if (depth === 1) expectValue = true
    } else if (code === 93 || code === 125) {
      depth--
      if (depth === 0) close(i)
    } else if (code === 44 && depth === 1) {
      close(i)
      expectValue = true
    }
  }
  close(text.length)
  return spans
}

/**
 * A JSON.parse failure with the line of the element at fault: V8 does not always say
 * where it stopped, so each element is parsed alone until one fails.
 */
function syntaxError(text: string, error: unknown): SourceError {
  const message = error instanceof Error ? error.message : String(error)
  const bad = elementSpans(text).find((span) => {
    try {
      JSON.parse(text.slice(span.start, span.end))
      return false
    } catch {
      return true
    }
  })
  const line = bad?.line ?? text.slice(0, text.trimEnd().length).split('\n').length
  return new SourceError(`Line ${line}: the JSON cannot be read (${message}).`, line)
}
