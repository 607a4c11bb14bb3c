/**
 * Uncompressed BMP pictures (BI_RGB and BI_BITFIELDS with 24 or 32 bits per pixel, bottom-up
 * or top-down rows) as raw RGB pixels, for sharp, which has no BMP loader. Bounds come
 * before anything is allocated: the pixel count against the caller's limit, and the rows
 * against the bytes the file holds; pixels are sampled down to the size asked for, so a
 * thumbnail of a large BMP allocates a thumbnail's worth. Palette, 16-bit and
 * RLE-compressed BMPs are refused.
 */

/** Raw pixels: 3 channels, `width` x `height`, row by row from the top. */
export interface RawPicture {
  readonly width: number
  readonly height: number
  readonly pixels: Uint8Array
}

/** A BMP's size, or the reason it is not read. */
export function bmpSize(bytes: Uint8Array, maxPixels: number): { readonly width: number; readonly height: number } | string {
  const header = readHeader(bytes, maxPixels)
  return typeof header === 'string' ? header : { width: header.width, height: header.height }
}

/** The picture in `bytes`, sampled so neither side exceeds `maxSide`, or the reason it is not read. */
export function decodeBmp(bytes: Uint8Array, maxPixels: number, maxSide: number): RawPicture | string {
  const header = readHeader(bytes, maxPixels)
  if (typeof header === 'string') return header
  const { width, height, bottomUp, dataOffset, stride, step } = header
  // Every n-th pixel in both directions: a nearest-neighbour reduction to at most maxSide.
  const every = Math.max(1, Math.ceil(Math.max(width, height) / maxSide))
  const outWidth = Math.ceil(width / every)
  const outHeight = Math.ceil(height / every)
  const pixels = new Uint8Array(outWidth * outHeight * 3)
  for (let row = 0; row < outHeight; row++) {
    const y = row * every
    // Rows are stored bottom-up unless the height is negative.
    const source = dataOffset + (bottomUp ? height - 1 - y : y) * stride
    for (let column = 0; column < outWidth; column++) {
      const from = source + column * every * step
      const to = (row * outWidth + column) * 3
      // Stored blue, green, red.
      pixels[to] = bytes[from + 2] ?? 0
      pixels[to + 1] = bytes[from + 1] ?? 0
      pixels[to + 2] = bytes[from] ?? 0
    }
  }
  return { width: outWidth, height: outHeight, pixels }
}

interface BmpHeader {
  readonly width: number
  readonly height: number
  readonly bottomUp: boolean
  readonly dataOffset: number
  readonly stride: number
  readonly step: number
}

function readHeader(bytes: Uint8Array, maxPixels: number): BmpHeader | string {
  if (bytes.length < 54) return 'The BMP is shorter than its headers.'
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const dataOffset = view.getUint32(10, true)
  const headerSize = view.getUint32(14, true)
  if (headerSize < 40) return 'The BMP has an old OS/2 header, which the app does not read.'
  const width = view.getInt32(18, true)
  const signedHeight = view.getInt32(22, true)
  const bits = view.getUint16(28, true)
  const compression = view.getUint32(30, true)
  const height = Math.abs(signedHeight)
  if (width <= 0 || height === 0) return 'The BMP does not say a usable size.'
  if (width * height > maxPixels)
    return `The BMP declares ${width.toLocaleString('en-US')} x ${height.toLocaleString('en-US')} pixels, more than the app decodes.`
  // BI_RGB (0), or BI_BITFIELDS (3) with the usual masks, at 24 or 32 bits.
  if ((compression !== 0 && compression !== 3) || (bits !== 24 && bits !== 32))
    return `The app reads only 24- and 32-bit uncompressed BMPs (this one has ${bits} bits, compression ${compression}).`
  const stride = Math.ceil((width * bits) / 32) * 4
  if (dataOffset + stride * height > bytes.length) return 'The BMP is shorter than its pixels.'
  return { width, height, bottomUp: signedHeight > 0, dataOffset, stride, step: bits / 8 }
}
