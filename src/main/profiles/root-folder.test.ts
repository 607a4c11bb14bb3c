/**
 * The profile editor's root checks on real folders, including roots under /proc, where
 * Node's own recursive mkdir never returns (and burns a core).
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CatalogError } from '../../shared/errors'
import { createRoot, rootStatus } from './root-folder'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'root-folder-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('rootStatus', () => {
  it('tells a folder, a missing folder and a file apart', async () => {
    await writeFile(join(dir, 'file'), 'x')
    expect((await rootStatus(dir)).state).toBe('folder')
    expect((await rootStatus(join(dir, 'a', 'b'))).state).toBe('missing')
    expect((await rootStatus(join(dir, 'file'))).state).toBe('file')
    expect((await rootStatus(join(dir, 'file', 'below'))).state).toBe('file')
  })

  it.runIf(process.platform === 'linux').each(['/proc', '/proc/catalog', '/proc/self/x/y', '/sys/kernel/catalog'])(
    'calls %s invalid: a kernel file system cannot hold a catalog',
    async (root) => {
      const status = await rootStatus(root)
      expect(status.state).toBe('invalid')
      expect(status.message).toMatch(/file system the kernel makes up/)
    }
  )
})

describe('createRoot', () => {
  it('never checks or creates an object-store URI as a folder', async () => {
    const cwd = process.cwd()
    process.chdir(dir)
    try {
      expect(await rootStatus('s3://bucket/cat')).toEqual({ state: 'invalid', message: expect.stringContaining('object-store address') })
      await expect(createRoot('s3://bucket/cat')).rejects.toMatchObject({ code: 'invalid_request' })
      expect(existsSync(join(dir, 's3:'))).toBe(false)
    } finally {
      process.chdir(cwd)
    }
  })

  it('creates missing parents one level at a time', async () => {
    const root = join(dir, 'a', 'b', 'c')
    expect((await createRoot(root)).state).toBe('folder')
    expect(existsSync(root)).toBe(true)
    // Creating it again is fine.
    expect((await createRoot(root)).state).toBe('folder')
  })

  it('refuses a path through a file with a clear error', async () => {
    await writeFile(join(dir, 'file'), 'x')
    const error = await createRoot(join(dir, 'file', 'below')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CatalogError)
    expect((error as CatalogError).message).toMatch(/is a file, not a folder/)
  })

  it.runIf(process.platform === 'linux').each(['/proc/catalog', '/proc/self/catalog/deeper'])(
    'answers for %s with a clear error instead of never',
    async (root) => {
      const error = await createRoot(root).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(CatalogError)
      expect((error as CatalogError).code).toBe('invalid_request')
      expect((error as CatalogError).message).toMatch(/could not be created: \/proc.* file system the kernel makes up/)
    }
  )
})
