#!/usr/bin/env node
/**
 * Draws the app icon (`build/icon.png`, 1024x1024 RGBA) from code, so it can be remade
 * without an image editor: a rounded square with three stacked table rows, the middle one
 * highlighted. electron-builder derives the .icns and .ico files from this PNG.
 * Usage: node scripts/make-icon.mjs [out.png]
 */
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const SIZE = 1024
const out = process.argv[2] ?? new URL('../build/icon.png', import.meta.url)

const BACKGROUND = [15, 76, 92]
const ROW = [236, 246, 248]
const ACCENT = [252, 186, 3]

/** Coverage (0..1) of pixel (x, y) by a rounded rectangle, 4x4 supersampled for smooth edges. */
function cover(x, y, rect) {
  let hits = 0
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const px = x + (sx + 0.5) / 4
      const py = y + (sy + 0.5) / 4
      const dx = Math.max(rect.x + rect.r - px, 0, px - (rect.x + rect.w - rect.r))
      const dy = Math.max(rect.y + rect.r - py, 0, py - (rect.y + rect.h - rect.r))
      const inside = px >= rect.x && px <= rect.x + rect.w && py >= rect.y && py <= rect.y + rect.h
      if (inside && dx * dx + dy * dy <= rect.r * rect.r) hits++
    }
  }
  return hits / 16
}

const tile = { x: 64, y: 64, w: 896, h: 896, r: 192 }
const rows = [
  { x: 224, y: 280, w: 576, h: 120, r: 40, color: ROW },
  { x: 224, y: 452, w: 576, h: 120, r: 40, color: ACCENT },
  { x: 224, y: 624, w: 576, h: 120, r: 40, color: ROW }
]

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE)
for (let y = 0; y < SIZE; y++) {
  const line = y * (SIZE * 4 + 1)
  raw[line] = 0 // filter: none
  for (let x = 0; x < SIZE; x++) {
    const alpha = cover(x, y, tile)
    let color = BACKGROUND
    for (const row of rows) {
      const a = alpha > 0 ? cover(x, y, row) : 0
      if (a > 0) color = color.map((c, i) => Math.round(c * (1 - a) + row.color[i] * a))
    }
    raw.set([...color, Math.round(alpha * 255)], line + 1 + x * 4)
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes) {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}
const header = Buffer.alloc(13)
header.writeUInt32BE(SIZE, 0)
header.writeUInt32BE(SIZE, 4)
header.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA, no interlace

writeFileSync(
  out,
  Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0))
  ])
)
