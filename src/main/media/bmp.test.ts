/**
 * BMP thumbnails, which sharp cannot make itself: a 24-bit bottom-up and a 32-bit top-down
 * BMP written here come out as WebP thumbnails with their colours where they were; a BMP
 * declaring too many pixels, or holding fewer bytes than its rows, is refused before any
 * pixel is read.
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { decodeBmp } from './bmp'
import { makeThumbnail } from './thumbnails'

/** A width x height BMP, red on the left half and blue on the right, its top eighth green. */
function bmp(width: number, height: number, bits: 24 | 32, topDown = false, declared = { width, height }): Uint8Array {
  const stride = Math.ceil((width * bits) / 32) * 4
  const out = Buffer.alloc(54 + stride * height)
  out.write('BM', 0, 'ascii')
  out.writeUInt32LE(out.length, 2)
  out.writeUInt32LE(54, 10)
  out.writeUInt32LE(40, 14)
  out.writeInt32LE(declared.width, 18)
  out.writeInt32LE(topDown ? -declared.height : declared.height, 22)
  out.writeUInt16LE(1, 26)
  out.writeUInt16LE(bits, 28)
  for (let y = 0; y < height; y++) {
    const row = topDown ? y : height - 1 - y
    for (let x = 0; x < width; x++) {
      const at = 54 + row * stride + x * (bits / 8)
      const [r, g, b] = y < height / 8 ? [0, 255, 0] : x < width / 2 ? [255, 0, 0] : [0, 0, 255]
      out[at] = b
      out[at + 1] = g
      out[at + 2] = r
    }
  }
  return new Uint8Array(out)
}

async function pixel(webp: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]
}

describe('BMP thumbnails', () => {
  it.each([
    ['24-bit bottom-up', 24, false],
    ['32-bit top-down', 32, true]
  ] as const)('makes a %s BMP into a WebP thumbnail with its colours in place', async (_name, bits, topDown) => {
    const facts = await makeThumbnail(bmp(200, 100, bits, topDown), 'image/bmp', 64)
    expect([facts.width, facts.height, facts.problem]).toEqual([200, 100, null])
    const thumb = facts.thumb as Uint8Array
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 64, height: 32 })
    const [left, right] = [await pixel(thumb, 5, 20), await pixel(thumb, 58, 20)]
    expect(left[0]).toBeGreaterThan(200)
    expect(right[2]).toBeGreaterThan(200)
    expect((await pixel(thumb, 30, 1))[1]).toBeGreaterThan(150)
  })

  it('refuses a BMP declaring more pixels than allowed, and one shorter than its rows, before reading pixels', async () => {
    expect(decodeBmp(bmp(4, 4, 24, false, { width: 100_000, height: 100_000 }), 50_000_000, 64)).toMatch(/declares 100,000 x 100,000 pixels/)
    const whole = bmp(40, 40, 24)
    expect(decodeBmp(whole.slice(0, whole.length - 100), 50_000_000, 64)).toMatch(/shorter than its pixels/)
    expect((await makeThumbnail(whole.slice(0, 30), 'image/bmp', 64)).problem).toMatch(/shorter than its headers/)
  })
})
