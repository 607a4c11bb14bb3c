/**
 * The regular expressions that read error text from libraries and servers (text that may
 * quote a request of any size) finish on 1 MB of the input that makes a backtracking
 * pattern run for hours. Each runs in a worker, stopped after a limit far above a normal
 * run (milliseconds) and far below a hang (hours).
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runExportInWorker } from '../../test-kit/worker-run'

const ERRORS = resolve(import.meta.dirname, '../shared/errors.ts')
const HTTP_ERRORS = resolve(import.meta.dirname, '../catalog/rest/http-errors.ts')
const LIMIT_MS = 20_000
const MB = 1_000_000

describe('error text on 1 MB of hostile input', () => {
  it('strips Rust source locations from a megabyte of folder names', async () => {
    // RUST_SOURCE: a path of a million folders and no ".rs:" at its end.
    const text = 'a/'.repeat(MB / 2)
    const cleaned = (await runExportInWorker(ERRORS, 'withoutSourceLocations', [text], LIMIT_MS)) as string
    expect(cleaned.startsWith('a/a/a/')).toBe(true)
    expect(cleaned.length).toBeLessThan(20_000)
  })

  it('shortens file paths in a megabyte of name characters with no folder', async () => {
    // FILE_PATH: every "$" could start a path that never reaches a "/".
    const text = `${'a$'.repeat(MB / 2)} and then a/b/c/d`
    const message = (await runExportInWorker(ERRORS, 'userMessage', [text], LIMIT_MS)) as string
    expect(message.startsWith('a$a$')).toBe(true)
    expect(message.length).toBeLessThan(20_000)
  })

  it('reads a megabyte of whitespace before a cause', async () => {
    const text = `Failed${' '.repeat(MB)}x Caused by: y`
    expect(await runExportInWorker(ERRORS, 'userMessage', [text], LIMIT_MS)).toMatch(/^Failed/)
  })

  it.each([
    ['unclosed tags', '<'.repeat(MB)],
    ['unclosed scripts', '<script '.repeat(MB / 8)],
    ['unclosed comments', '<!--'.repeat(MB / 4)]
  ])('strips HTML made of a megabyte of %s', async (_, html) => {
    const text = (await runExportInWorker(HTTP_ERRORS, 'stripHtml', [`<p>Bad gateway</p>${html}`], LIMIT_MS)) as string
    expect(text.trim().startsWith('Bad gateway')).toBe(true)
  })
})
