/**
 * Reads a `query` answer as it streams in and keeps only what fits one byte-capped page:
 * whole Arrow messages, copied verbatim, in stream framing whatever framing the server
 * used. It tells the transport to stop reading once the next record batch would not fit,
 * so a server that answers hundreds of megabytes costs us one page.
 */
import { MessageHeader } from 'apache-arrow'
import type { RowsPage } from '../../shared/contract/tables'
import { END_OF_STREAM, messageAt } from '../arrow-messages'
import type { BodySink } from './http-exchange'

const FILE_MAGIC = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31] // "ARROW1", then 2 bytes of padding
const FILE_HEAD = 8
const CONTINUATION = [0xff, 0xff, 0xff, 0xff]

/** Where reading stands once the body ended or reading was stopped. */
export type PageOutcome =
  | { readonly kind: 'page'; readonly page: RowsPage }
  /** The answer in file framing, complete and within the cap; its schema is in the footer. */
  | { readonly kind: 'file'; readonly bytes: Uint8Array }
  /** The answer does not fit one page and cannot be cut here: ask again for `rows` rows. */
  | { readonly kind: 'ask-fewer'; readonly rows: number }
  | { readonly kind: 'not-arrow'; readonly cause: string }

/** One attempt's reader; the transport makes a fresh one for each try. */
export class ArrowPageReader implements BodySink {
  #buffer = new Uint8Array(64 * 1024)
  #received = 0
  #start = -1 // where the first message starts: 0 for streams, 8 for files
  #file = false
  #pos = 0 // start of the next message to look at
  #kept = 0 // end of the last message kept
  #rows = 0
  #schemaSeen = false
  #stopped: PageOutcome | null = null
  #ended = false
  #footer = false // a file's messages are all read: the rest of the body is its footer

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): boolean {
    if (this.#stopped || this.#ended) return false
    this.#append(chunk)
    if (!this.#footer) this.#advance()
    return this.#stopped === null && !this.#ended
  }

  /** The outcome, once the exchange is over (body complete or stopped). */
  outcome(): PageOutcome {
    if (this.#stopped) return this.#stopped
    if (this.#received === 0) return { kind: 'not-arrow', cause: 'an empty body' }
    if (this.#file) return { kind: 'file', bytes: this.#buffer.subarray(0, this.#received) }
    if (!this.#schemaSeen) return { kind: 'not-arrow', cause: 'no schema message' }
    if (!this.#ended && this.#pos !== this.#received && !this.#file) return { kind: 'not-arrow', cause: 'the stream ends inside a message' }
    return this.#page(false)
  }

  #append(chunk: Buffer): void {
    const needed = this.#received + chunk.length
    if (needed > this.#buffer.length) {
      const grown = new Uint8Array(Math.max(needed, this.#buffer.length * 2))
      grown.set(this.#buffer.subarray(0, this.#received))
      this.#buffer = grown
    }
    this.#buffer.set(chunk, this.#received)
    this.#received = needed
  }

  #advance(): void {
    const bytes = this.#buffer.subarray(0, this.#received)
    if (this.#start < 0) {
      if (bytes.length < FILE_HEAD) return
      this.#file = FILE_MAGIC.every((byte, i) => bytes[i] === byte)
      this.#start = this.#pos = this.#kept = this.#file ? FILE_HEAD : 0
    }
    for (;;) {
      // In a file, the footer follows the last message without a continuation marker.
      if (this.#file && bytes.length - this.#pos >= 4 && !CONTINUATION.every((byte, i) => bytes[this.#pos + i] === byte)) {
        this.#endMessages()
        return
      }
      let message
      try {
        message = messageAt(bytes, this.#pos)
      } catch (error) {
        this.#stopped = { kind: 'not-arrow', cause: error instanceof Error ? error.message : String(error) }
        return
      }
      if (message.kind === 'incomplete') return
      if (message.kind === 'end') {
        this.#endMessages()
        return
      }
      // A file keeps its schema in the footer, so only a stream must start with one.
      if (!this.#file && !this.#schemaSeen && message.header !== MessageHeader.Schema) {
        this.#stopped = { kind: 'not-arrow', cause: 'the first message is not a schema' }
        return
      }
      const pageBytes = this.#kept - this.#start + message.length + END_OF_STREAM.length
      // A page always takes its first row, however large, so paging moves on.
      const mustTake = this.#rows === 0 && message.rows <= 1
      if (message.header === MessageHeader.RecordBatch && pageBytes > this.maxBytes && !mustTake) {
        this.#stopped = this.#stopAt(message.rows, message.length)
        return
      }
      if (bytes.length - this.#pos < message.length) return // wait for the body
      this.#pos += message.length
      this.#kept = this.#pos
      this.#rows += message.rows
      this.#schemaSeen ||= message.header === MessageHeader.Schema
    }
  }

  /**
   * The last message has been read. A stream is complete; a file still has its footer to
   * come (the schema is in it), which a server writing as it reads may send in later chunks.
   */
  #endMessages(): void {
    if (this.#file) this.#footer = true
    else this.#ended = true
  }

  /** What to answer when the next batch (`rows` rows in `bytes`) would not fit. */
  #stopAt(rows: number, bytes: number): PageOutcome {
    // A stream can be cut after the batches kept; a file cannot (its schema is in the
    // footer), so it is asked for again with only the rows that fit.
    if (this.#rows > 0) return this.#file ? { kind: 'ask-fewer', rows: this.#rows } : this.#page(true)
    // The first batch alone is too large: ask for as many rows as its size says fit.
    return { kind: 'ask-fewer', rows: Math.max(1, Math.min(rows - 1, Math.floor((rows * this.maxBytes) / bytes) - 1)) }
  }

  #page(truncated: boolean): PageOutcome {
    const body = this.#buffer.subarray(this.#start, this.#kept)
    const arrow = new Uint8Array(body.length + END_OF_STREAM.length)
    arrow.set(body)
    arrow.set(END_OF_STREAM, body.length)
    return { kind: 'page', page: { arrow, rowCount: this.#rows, truncated } }
  }
}
