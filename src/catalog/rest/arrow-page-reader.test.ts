/**
 * The page reader on query answers that arrive in pieces, as a server writing its answer
 * while it reads sends them.
 */
import { tableFromArrays, tableFromIPC, tableToIPC } from 'apache-arrow'
import { describe, expect, it } from 'vitest'
import { ArrowPageReader } from './arrow-page-reader'

const file = tableToIPC(tableFromArrays({ id: Int32Array.from({ length: 50 }, (_, i) => i) }), 'file')

function read(chunks: readonly Uint8Array[]): ReturnType<ArrowPageReader['outcome']> {
  const reader = new ArrowPageReader(1024 * 1024)
  for (const chunk of chunks) if (!reader.push(Buffer.from(chunk))) break
  return reader.outcome()
}

describe('ArrowPageReader', () => {
  it('reads a file answer whose footer comes in a later chunk than its last message', () => {
    // The footer is the file's last bytes: its flatbuffer, its length (4 bytes) and "ARROW1".
    const footerLength = new DataView(file.buffer, file.byteOffset + file.length - 10, 4).getInt32(0, true)
    const split = file.length - 10 - footerLength
    const outcome = read([file.subarray(0, split), file.subarray(split)])
    expect(outcome.kind).toBe('file')
    const bytes = outcome.kind === 'file' ? outcome.bytes : new Uint8Array()
    expect(tableFromIPC(bytes).getChild('id')?.toArray()).toEqual(Int32Array.from({ length: 50 }, (_, i) => i))
  })

  it('reads the same file sent in chunks of 7 bytes', () => {
    const chunks = Array.from({ length: Math.ceil(file.length / 7) }, (_, i) => file.subarray(i * 7, i * 7 + 7))
    const outcome = read(chunks)
    expect(outcome.kind === 'file' ? tableFromIPC(outcome.bytes).numRows : outcome.kind).toBe(50)
  })
})
