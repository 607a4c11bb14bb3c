/**
 * Counts what a call socket has received of a message that has not finished arriving: its
 * bytes, its fragments and since when. `ws` holds such a message's fragments in memory and
 * says nothing about them until the last one arrives, so the host reads the frame headers
 * (RFC 6455, section 5.2) of the raw bytes beside it, to bound how much and for how long a
 * socket may hold unfinished. Payloads are skipped, never copied.
 */

/** What a socket holds unfinished now. */
export interface Unfinished {
  /** Bytes (headers included) of the data message under way; 0 when none is. */
  readonly bytes: number
  /** Frames of that message so far. */
  readonly fragments: number
  /** Counts the messages begun, so a timer can tell whether the one it watched has finished. */
  readonly serial: number
  /** The most frames any message had during the last `feed`, finished or not (a small message may start and end in one read). */
  readonly mostFragments: number
}

/** Reads frame headers from a socket's bytes as they arrive. */
export class MessageMeter implements Unfinished {
  bytes = 0
  fragments = 0
  serial = 0
  mostFragments = 0
  #header: number[] = []
  #payloadLeft = 0
  #inMessage = false
  #frameEndsMessage = false

  /** Takes the next bytes the socket received. */
  feed(chunk: Uint8Array): void {
    this.mostFragments = this.fragments
    let at = 0
    while (at < chunk.length) {
      if (this.#payloadLeft > 0) {
        const take = Math.min(this.#payloadLeft, chunk.length - at)
        this.#payloadLeft -= take
        at += take
        if (this.#inMessage) this.bytes += take
        if (this.#payloadLeft === 0) this.#endFrame()
        continue
      }
      this.#header.push(chunk[at++] ?? 0)
      const length = headerLength(this.#header)
      if (length === null || this.#header.length < length) continue
      this.#startFrame(this.#header)
      this.#header = []
    }
  }

  #startFrame(header: readonly number[]): void {
    const opcode = (header[0] ?? 0) & 0x0f
    const fin = ((header[0] ?? 0) & 0x80) !== 0
    // Data frames (text, binary, continuation) make up messages; control frames (8 and up) stand alone.
    const data = opcode < 8
    if (data && !this.#inMessage) {
      this.#inMessage = true
      this.serial++
    }
    if (data) this.mostFragments = Math.max(this.mostFragments, ++this.fragments)
    if (this.#inMessage) this.bytes += header.length
    this.#frameEndsMessage = data && fin
    this.#payloadLeft = payloadLength(header)
    if (this.#payloadLeft === 0) this.#endFrame()
  }

  #endFrame(): void {
    if (!this.#frameEndsMessage) return
    this.#inMessage = false
    this.bytes = 0
    this.fragments = 0
  }
}

/** The length of the header that starts with `header`, once its first two bytes are known. */
function headerLength(header: readonly number[]): number | null {
  if (header.length < 2) return null
  const second = header[1] ?? 0
  const short = second & 0x7f
  return 2 + (short === 126 ? 2 : short === 127 ? 8 : 0) + ((second & 0x80) !== 0 ? 4 : 0)
}

function payloadLength(header: readonly number[]): number {
  const short = (header[1] ?? 0) & 0x7f
  if (short < 126) return short
  const bytes = header.slice(2, short === 126 ? 4 : 10)
  // A 64-bit length past 2^53 is far over any limit; the float keeps it far over.
  return bytes.reduce((total, byte) => total * 256 + byte, 0)
}
