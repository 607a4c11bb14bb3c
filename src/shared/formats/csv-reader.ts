/**
 * A CSV reader after RFC 4180: quoted fields may hold delimiters, doubled quotes and line
 * breaks; CRLF or LF line ends; a leading byte-order mark is ignored. An unquoted empty
 * field is read as null and a quoted empty one ("") as an empty string, so both survive.
 * It reads a bounded number of records per call, so a large import can yield between
 * chunks and report progress.
 */

/** One record and the 1-based line it starts on. */
export interface CsvRecord {
  readonly line: number
  readonly fields: readonly (string | null)[]
}

/** A problem in the text, at a line. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string
  ) {
    super(`Line ${line}: ${message}`)
    this.name = 'CsvError'
  }
}

/** Guesses the delimiter from the first line: tab or semicolon if they appear and commas do not. */
export function guessDelimiter(text: string): string {
  const end = text.indexOf('\n')
  const first = end < 0 ? text : text.slice(0, end)
  if (first.includes(',')) return ','
  if (first.includes('\t')) return '\t'
  if (first.includes(';')) return ';'
  return ','
}

/** Reads records from CSV text, a chunk at a time. */
export class CsvReader {
  #pos = 0
  #line = 1
  readonly #text: string
  readonly #delimiter: string

  constructor(text: string, delimiter = guessDelimiter(text)) {
    this.#text = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
    this.#delimiter = delimiter
  }

  /** How far through the text the reader is, from 0 to 1. */
  get progress(): number {
    return this.#text.length === 0 ? 1 : this.#pos / this.#text.length
  }

  /** True once every record has been read. */
  get done(): boolean {
    return this.#pos >= this.#text.length
  }

  /** Up to `max` records; blank lines are skipped. Empty once the text is exhausted. */
  read(max: number): CsvRecord[] {
    const records: CsvRecord[] = []
    while (records.length < max && !this.done) {
      const record = this.#record()
      if (record) records.push(record)
    }
    return records
  }

  /** One record, or null for a blank line. */
  #record(): CsvRecord | null {
    const text = this.#text
    const line = this.#line
    const fields: (string | null)[] = []
    for (;;) {
      const field = text[this.#pos] === '"' ? this.#quoted(line) : this.#unquoted()
      fields.push(field)
      const ch = text[this.#pos]
      if (ch === this.#delimiter) {
        this.#pos++
        continue
      }
      // End of line or of text.
      if (ch === '\r') this.#pos++
      if (text[this.#pos] === '\n') this.#pos++
      this.#line++
      break
    }
    return fields.length === 1 && fields[0] === null ? null : { line, fields }
  }

  #unquoted(): string | null {
    const text = this.#text
    const start = this.#pos
    while (this.#pos < text.length) {
      const ch = text[this.#pos]
      if (ch === this.#delimiter || ch === '\n' || ch === '\r') break
      this.#pos++
    }
    return this.#pos === start ? null : text.slice(start, this.#pos)
  }

  #quoted(startLine: number): string {
    const text = this.#text
    let value = ''
    let from = ++this.#pos
    for (;;) {
      const quote = text.indexOf('"', this.#pos)
      if (quote < 0) throw new CsvError(startLine, 'a quoted field is never closed (a " is missing).')
      for (let i = this.#pos; i < quote; i++) if (text.charCodeAt(i) === 10) this.#line++
      if (text[quote + 1] === '"') {
        value += text.slice(from, quote + 1)
        this.#pos = from = quote + 2
        continue
      }
      value += text.slice(from, quote)
      this.#pos = quote + 1
      const next = text[this.#pos]
      if (next !== undefined && next !== this.#delimiter && next !== '\n' && next !== '\r') {
        throw new CsvError(this.#line, `unexpected ${JSON.stringify(next)} after a closing quote; quotes inside a quoted field are written "".`)
      }
      return value
    }
  }
}

/** Column names from a header record: blanks become `column_N`. */
export function headerNames(record: CsvRecord): string[] {
  return record.fields.map((field, i) => (field === null || field.trim() === '' ? `column_${i + 1}` : field.trim()))
}
