/**
 * A search row's bytes as the viewer's value: a picture is shown only when main's
 * description of the cell gives its pixel size and no problem; main's reason otherwise,
 * and without a description, why there is none. Other kinds are not held back.
 */
import { describe, expect, it } from 'vitest'
import type { MediaCell } from '@shared/contract/media'
import { mediaCellOfBytes, mediaValueOfBytes, undescribedSearchCell } from './media-values'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const WAV = new Uint8Array([...new TextEncoder().encode('RIFF'), 0, 0, 0, 0, ...new TextEncoder().encode('WAVEfmt ')])

function described(change: Partial<MediaCell>): MediaCell {
  return { ...mediaCellOfBytes(PNG), ...change }
}

describe('undescribedSearchCell', () => {
  it("tells a cell from its bytes while main's description is on its way", () => {
    expect(undescribedSearchCell(PNG, null)).toEqual(mediaCellOfBytes(PNG))
  })

  it('says why a picture has no thumbnail when main could not describe the cells, and leaves other kinds as they are', () => {
    expect(undescribedSearchCell(PNG, new Error('The catalog did not answer.'))).toMatchObject({
      kind: 'image',
      problem: 'No thumbnail: The catalog did not answer.'
    })
    expect(undescribedSearchCell(WAV, new Error('The catalog did not answer.'))).toMatchObject({ kind: 'audio', problem: null })
    expect(undescribedSearchCell(null, new Error('x'))).toMatchObject({ label: 'null', problem: null })
  })
})

describe('mediaValueOfBytes', () => {
  it("shows a picture main described with its pixel size and no problem, at main's size", () => {
    const value = mediaValueOfBytes(PNG, described({ width: 320, height: 200, problem: null }))
    expect(value).toMatchObject({ kind: 'image', width: 320, height: 200, problem: null, bytes: PNG })
  })

  it("keeps main's reason for a picture it refused, even with a size read from its header", () => {
    const value = mediaValueOfBytes(PNG, described({ width: 100_000, height: 100_000, problem: 'It declares 100,000 x 100,000 pixels.' }))
    expect(value?.problem).toBe('It declares 100,000 x 100,000 pixels.')
  })

  it('shows no picture main did not describe, nor one whose size it could not read', () => {
    expect(mediaValueOfBytes(PNG)?.problem).toMatch(/clear the search/)
    expect(mediaValueOfBytes(PNG, described({ width: null, height: null, problem: null }))?.problem).toMatch(/clear the search/)
  })

  it('hands a PDF over whole with its page size, saying where its first page is drawn', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\n1 0 obj')
    const value = mediaValueOfBytes(pdf, { ...mediaCellOfBytes(pdf), width: 612, height: 792 })
    expect(value).toMatchObject({
      kind: 'pdf',
      width: 612,
      height: 792,
      problem: null,
      bytes: pdf,
      firstPageProblem: expect.stringMatching(/clear the search/)
    })
    expect(value?.firstPage).toBeUndefined()
  })

  it('hands other kinds over as they are, and a null cell as null', () => {
    expect(mediaValueOfBytes(WAV)).toMatchObject({ kind: 'audio', problem: null, bytes: WAV })
    expect(mediaValueOfBytes(null)).toBeNull()
  })
})
