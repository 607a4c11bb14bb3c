import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildNestedCatalog } from '../../../test-kit/lancedb-catalog'
import { MAX_LISTED_ENTRIES } from './dir-check'
import { runConnectionTest } from './run-connection-test'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dir-test-'))
})
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined)
  await rm(dir, { recursive: true, force: true })
})

const test = (root: string) => runConnectionTest({ type: 'dir', properties: { root } }, 'dir')
const titles = (steps: readonly { title: string }[]) => steps.map((step) => step.title)

describe('testing a directory catalog', () => {
  it('passes every check on an empty folder and leaves nothing behind', async () => {
    const report = await test(dir)
    expect(report.ok).toBe(true)
    expect(report.kind).toBe('dir')
    expect(report.target).toBe(dir)
    expect(titles(report.steps)).toEqual(['Root exists', 'Root is a folder', 'Root is readable', 'Root is writable', 'Looks like a catalog'])
    expect(report.steps.every((step) => step.verdict === 'ok' && step.latencyMs >= 0)).toBe(true)
    expect(report.steps[4]?.message).toMatch(/empty/)
    expect(await readdir(dir)).toEqual([])
  })

  it('recognises a catalog LanceDB made, by its manifest', async () => {
    await buildNestedCatalog(dir, { tables: { words: 2 }, namespaces: { analytics: {} } })
    const report = await test(dir)
    expect(report.ok).toBe(true)
    expect(report.steps.at(-1)?.message).toMatch(/__manifest/)
  })

  it('recognises V1 table folders', async () => {
    await mkdir(join(dir, 'events.lance'))
    await mkdir(join(dir, 'users.lance'))
    const report = await test(dir)
    expect(report.steps.at(-1)).toMatchObject({ verdict: 'ok', message: expect.stringContaining('2 table folders') })
  })

  it('warns about a folder with other files and no tables, without failing', async () => {
    await writeFile(join(dir, 'notes.txt'), 'hello')
    const report = await test(dir)
    expect(report.ok).toBe(true)
    expect(report.steps.at(-1)).toMatchObject({ verdict: 'warning', message: expect.stringContaining('no Lance tables') })
  })

  it('stops at a missing folder and says how to fix it', async () => {
    const report = await test(join(dir, 'missing'))
    expect(report.ok).toBe(false)
    expect(report.steps).toHaveLength(1)
    expect(report.steps[0]).toMatchObject({ title: 'Root exists', verdict: 'not_found', message: expect.stringContaining('does not exist') })
  })

  it('stops at a file given as root', async () => {
    const file = join(dir, 'catalog.txt')
    await writeFile(file, 'x')
    const report = await test(file)
    expect(report.steps.map((s) => s.verdict)).toEqual(['ok', 'failed'])
    expect(report.steps[1]?.message).toMatch(/not a folder/)
  })

  it('refuses a relative path before touching the disk', async () => {
    const report = await test('catalog')
    expect(report.steps).toEqual([expect.objectContaining({ title: 'Root is an absolute path', verdict: 'failed' })])
  })

  // Root may write anywhere, so the permission check cannot fail when tests run as root.
  it.skipIf(process.getuid?.() === 0)('reports a read-only folder as not allowed to write', async () => {
    await chmod(dir, 0o555)
    const report = await test(dir)
    const writable = report.steps.find((step) => step.title === 'Root is writable')
    expect(writable).toMatchObject({ verdict: 'forbidden', message: expect.stringContaining('not allowed') })
    expect(report.ok).toBe(false)
  })

  it.runIf(process.platform === 'linux')('stops at /proc: a kernel file system, not a place for a catalog', async () => {
    const report = await test('/proc')
    expect(report.ok).toBe(false)
    expect(report.steps.map((step) => [step.title, step.verdict])).toEqual([
      ['Root exists', 'ok'],
      ['Root is a folder', 'failed']
    ])
    expect(report.steps[1]?.message).toMatch(/"proc", a file system the kernel makes up/)
  })

  it.runIf(process.platform === 'linux')('does not suggest creating a missing root under /proc', async () => {
    const report = await test('/proc/catalog')
    expect(report.steps).toEqual([expect.objectContaining({ title: 'Root exists', verdict: 'failed', message: expect.stringMatching(/kernel makes up/) })])
  })

  it('reads at most MAX_LISTED_ENTRIES entries of a huge folder, and says so', async () => {
    await Promise.all(Array.from({ length: MAX_LISTED_ENTRIES + 5 }, (_, i) => writeFile(join(dir, `f${i}`), '')))
    const report = await test(dir)
    const readable = report.steps.find((step) => step.title === 'Root is readable')
    expect(readable).toMatchObject({ verdict: 'ok', message: `Listed the first ${MAX_LISTED_ENTRIES} entries.` })
  })
})
