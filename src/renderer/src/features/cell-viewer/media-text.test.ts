import { describe, expect, it } from 'vitest'
import { bytesFileName, mediaTitle } from './media-text'

describe('mediaTitle', () => {
  it('names the type, the pixel size of a picture (of a PDF page, in points) and the size in bytes', () => {
    expect(mediaTitle({ label: 'PNG', size: 42_189, width: 320, height: 200 })).toBe('PNG · 320 × 200 · 41.2 KiB')
    expect(mediaTitle({ label: 'WAV', size: 8044, width: null, height: null })).toBe('WAV · 7.9 KiB')
    expect(mediaTitle({ label: 'bytes', size: 18, width: null, height: null })).toBe('bytes · 18 bytes')
    expect(mediaTitle({ kind: 'pdf', label: 'PDF', size: 479, width: 612, height: 792 })).toBe('PDF · 612 × 792 pt · 479 bytes')
  })
})

describe('bytesFileName', () => {
  it('names the table, the row as shown and the column, with the extension of the type', () => {
    expect(bytesFileName('media', 0, 'media', 'image/png')).toBe('media-row1-media.png')
    expect(bytesFileName('clips', 41, 'audio', 'audio/wav')).toBe('clips-row42-audio.wav')
    expect(bytesFileName('t', 2, 'b', 'application/octet-stream')).toBe('t-row3-b.bin')
  })

  it('replaces characters a file system may refuse', () => {
    expect(bytesFileName('a/b', 0, 'c:d', 'application/pdf')).toBe('a_b-row1-c_d.pdf')
  })
})
