import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readJsonFile, removeStaleTempFiles, tempPathFor, writeFileAtomic } from './atomic-write'

let dir: string
let path: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-write-'))
  path = join(dir, 'state.json')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('atomic writes', () => {
  it('writes beside the target, and a reader never sees a partial file', async () => {
    expect(dirname(tempPathFor(path))).toBe(dir)
    const old = JSON.stringify({ v: 'old', pad: 'x'.repeat(1000) })
    const next = JSON.stringify({ v: 'new', pad: 'y'.repeat(8_000_000) })
    await writeFileAtomic(path, old)
    let done = false
    const writing = writeFileAtomic(path, next).finally(() => (done = true))
    const seen = new Set<string>()
    while (!done) seen.add((JSON.parse(await readFile(path, 'utf8')) as { v: string }).v)
    await writing
    expect([...seen].every((v) => v === 'old' || v === 'new')).toBe(true)
    expect((JSON.parse(await readFile(path, 'utf8')) as { v: string }).v).toBe('new')
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('removes its temp file when the write fails, leaving the target as it was', async () => {
    await mkdir(path) // a folder where the file should be: the rename must fail
    await expect(writeFileAtomic(path, '{}')).rejects.toThrow()
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it("cleans the temp file of a crashed writer but leaves a live process's write in progress alone", async () => {
    await writeFileAtomic(path, '{}')
    const crashed = `${path}.tmp-99999999-abcdef` // a pid above any pid_max: that process is gone
    await writeFile(crashed, '{"half')
    const live = `${path}.tmp-${process.pid}-abcdef` // this process: someone's write in progress
    await writeFile(live, '')
    await removeStaleTempFiles(path)
    expect((await readdir(dir)).sort()).toEqual(['state.json', `state.json.tmp-${process.pid}-abcdef`])
  })
})

describe('readJsonFile', () => {
  it('tells a missing file, parsed JSON, bad JSON and a file over its size bound apart', async () => {
    expect(await readJsonFile(path)).toEqual({ status: 'missing' })
    await writeFile(path, '{"a": 1}')
    expect(await readJsonFile(path, { maxBytes: 8 })).toEqual({ status: 'ok', value: { a: 1 } })
    await writeFile(path, '{"a": 1')
    expect(await readJsonFile(path)).toMatchObject({ status: 'unreadable', message: expect.stringContaining('not valid JSON') })
    await writeFile(path, JSON.stringify({ pad: 'x'.repeat(5000) }))
    expect(await readJsonFile(path, { maxBytes: 1024 })).toEqual({ status: 'unreadable', message: 'it holds 5010 bytes, more than the 1024 it may' })
  })
})
