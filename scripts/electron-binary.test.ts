import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureElectronBinary, failureReason } from './electron-binary.mjs'

let project: string | undefined
afterEach(async () => {
  if (project) await rm(project, { recursive: true, force: true })
  project = undefined
})

/**
 * A project with an `electron` package whose install.js stands in for Electron's
 * downloader (the real one needs GitHub): `script` is its body.
 */
async function projectWithElectron(script: string): Promise<{ from: string; dir: string }> {
  project = await mkdtemp(join(tmpdir(), 'lcb-electron-'))
  const dir = join(project, 'node_modules', 'electron')
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.0.0', main: 'index.js' }))
  await writeFile(join(dir, 'install.js'), script)
  return { from: pathToFileURL(join(project, 'start.mjs')).href, dir }
}

const WRITES_BINARY = `
const fs = require('fs'); const path = require('path')
fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true })
fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '')
fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron')
`
const FAILS = `console.error('RequestError: connect ECONNREFUSED 127.0.0.1:9\\n    at ClientRequest.<anonymous> (got.js:1:1)'); process.exit(1)`
const local = { ELECTRON_MIRROR: 'http://127.0.0.1:9/' }

describe('the Electron binary', () => {
  it('downloads it once where it can, then finds it', async () => {
    const { from, dir } = await projectWithElectron(WRITES_BINARY)
    expect(await ensureElectronBinary(from, { env: local })).toEqual({ ok: true, path: join(dir, 'dist', 'electron'), downloaded: true })
    expect(await ensureElectronBinary(from, { env: local })).toEqual({ ok: true, path: join(dir, 'dist', 'electron'), downloaded: false })
  })

  it('says in one line why the download failed', async () => {
    const { from } = await projectWithElectron(FAILS)
    expect(await ensureElectronBinary(from, { env: local })).toEqual({
      ok: false,
      reason: 'the Electron binary could not be downloaded (connect ECONNREFUSED 127.0.0.1:9)'
    })
  })

  it('names the host that cannot be resolved instead of "fetch failed"', async () => {
    const { from } = await projectWithElectron(WRITES_BINARY)
    const result = await ensureElectronBinary(from, { env: { ELECTRON_MIRROR: 'https://mirror.invalid/electron/' } })
    expect(result).toMatchObject({ ok: false })
    expect(result.ok ? '' : result.reason).toMatch(/^the Electron binary could not be downloaded: mirror\.invalid cannot be resolved \(\w+\)$/)
  })

  it('does not try when downloads are switched off, and says so', async () => {
    const { from } = await projectWithElectron(WRITES_BINARY)
    expect(await ensureElectronBinary(from, { env: { ...local, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })).toEqual({
      ok: false,
      reason: 'no Electron binary is installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set'
    })
  })

  it('says so when the package itself is missing', async () => {
    project = await mkdtemp(join(tmpdir(), 'lcb-electron-'))
    expect(await ensureElectronBinary(pathToFileURL(join(project, 'x.mjs')).href, { env: local })).toEqual({
      ok: false,
      reason: 'the electron package is not installed'
    })
  })

  it('keeps the first error message of a stack trace, or the last line', () => {
    expect(failureReason('TypeError: fetch failed\n    at x (y:1:1)', 1)).toBe('fetch failed')
    expect(failureReason('something odd\nstill odd\n', 3)).toBe('still odd')
    expect(failureReason('', 3)).toBe('the download exited with status 3')
  })
})
