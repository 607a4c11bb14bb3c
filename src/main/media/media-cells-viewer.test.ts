/**
 * The viewer's value never waits behind the thumbnail read-ahead. sharp decodes on libuv's
 * worker threads, first come first served; here that is a fake pool of four threads the
 * test runs by hand, which both thumbnails and the viewer's header read go through. While
 * the read-ahead has a chunk of thumbnails to make, the viewer's header must start at once
 * (a thread left free, not queued behind them), no read-ahead thumbnail may start until the
 * value is answered, and the read-ahead must then finish, so the next rows are not read again.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CellBytes, CellBytesRequest, TableHandle } from '../../catalog/table-handle'
import type { ImageFacts } from './thumbnails'

/** libuv's worker threads, as the fake pool has them. */
const THREADS = 4

/** A job on the fake pool: what it is, and how to end it. */
interface Job {
  readonly name: string
  readonly finish: () => void
}

/** libuv's pool as sharp meets it: THREADS jobs run, the rest wait in order. */
const pool = {
  running: [] as Job[],
  queued: [] as { readonly job: Job; readonly begin: () => void }[],
  /** Every job's start, in order. */
  started: [] as string[],
  submit(name: string, facts: ImageFacts): Promise<ImageFacts> {
    return new Promise((resolve) => {
      const job: Job = {
        name,
        finish: () => {
          pool.running.splice(pool.running.indexOf(job), 1)
          resolve(facts)
          const next = pool.queued.shift()
          if (next) next.begin()
        }
      }
      const begin = (): void => {
        pool.running.push(job)
        pool.started.push(name)
      }
      if (pool.running.length < THREADS) begin()
      else pool.queued.push({ job, begin })
    })
  },
  reset(): void {
    pool.running = []
    pool.queued = []
    pool.started = []
  }
}

vi.mock('./thumbnails', () => ({
  // Row numbers travel in the fake JPEG's fifth byte.
  makeThumbnail: (bytes: Uint8Array) => pool.submit(`thumb ${bytes[4]}`, { width: 8, height: 8, thumb: new Uint8Array([1]), problem: null }),
  imageHeader: (bytes: Uint8Array) => pool.submit(`header ${bytes[4]}`, { width: 8, height: 8, thumb: null, problem: null })
}))

const { MediaCells } = await import('./media-cells')
const { readMediaValue } = await import('./media-value')

const ROWS = 200

/** A table of ROWS small JPEGs (by their signature), each row's number in its fifth byte; counts its reads. */
function jpegTable(): { readonly handle: TableHandle; readonly reads: CellBytesRequest[] } {
  const reads: CellBytesRequest[] = []
  const readBytes = (request: CellBytesRequest): Promise<CellBytes[]> => {
    reads.push(request)
    const rows = Math.max(0, Math.min(request.limit, ROWS - request.offset))
    return Promise.resolve(
      Array.from({ length: rows }, (_, i) => {
        const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, request.offset + i, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        return { size: bytes.length, bytes }
      })
    )
  }
  return { handle: { readBytes } as unknown as TableHandle, reads }
}

const request = {
  scope: 'test',
  table: { namespace: [], name: 'photos' },
  version: '1',
  older: false,
  offset: 0,
  limit: 8,
  columns: ['photo'],
  size: 'row'
} as const

/** Lets promises and timers that are due run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

/** Ends the running jobs, one at a time, until `done` says so (or nothing is left to run). */
async function runUntil(done: () => boolean): Promise<void> {
  for (let turns = 0; turns < 1000 && !done(); turns++) {
    await settle()
    const job = pool.running[0]
    if (!job) {
      if (done()) return
      throw new Error(`nothing runs, and not done (started: ${pool.started.join(', ')})`)
    }
    job.finish()
  }
  await settle()
}

beforeEach(() => pool.reset())

describe('the viewer beside the thumbnail read-ahead', () => {
  it('reads the header of the viewer’s value on a free thread, and starts no read-ahead thumbnail until it is answered', async () => {
    const media = new MediaCells({ threads: THREADS })
    const { handle, reads } = jpegTable()
    let answered = false
    void media.cells(handle, request).then(() => (answered = true))
    await runUntil(() => answered)
    // The read-ahead has read past the call and has thumbnails to make.
    await settle()
    expect(reads.some((read) => read.offset >= request.limit)).toBe(true)
    expect(pool.running.length).toBeGreaterThan(0)

    const startedBefore = pool.started.length
    let value: Awaited<ReturnType<typeof readMediaValue>> | undefined
    void media.answering(() => readMediaValue(handle, { column: 'photo', offset: 3 })).then((v) => (value = v))
    await settle()
    // Not queued behind the read-ahead's thumbnails: the header runs now, beside them.
    expect(pool.running.map((job) => job.name)).toContain('header 3')
    expect(pool.queued).toEqual([])

    // The read-ahead's running thumbnails end while the value is still being read: none starts meanwhile.
    for (let job = pool.running.find((j) => j.name !== 'header 3'); job; job = pool.running.find((j) => j.name !== 'header 3')) {
      job.finish()
      await settle()
    }
    expect(pool.started.slice(startedBefore)).toEqual(['header 3'])
    expect(pool.queued).toEqual([])
    await runUntil(() => value !== undefined)
    expect(value?.width).toBe(8)

    // Then the read-ahead goes on and finishes: the next rows are answered with no read of them.
    await runUntil(() => pool.running.length === 0)
    const readsBefore = reads.length
    let next = false
    void media.cells(handle, { ...request, offset: request.limit }).then(() => (next = true))
    await runUntil(() => next)
    // Reads since are the read-ahead past these rows, none of them.
    expect(reads.slice(readsBefore).filter((read) => read.offset < 2 * request.limit)).toEqual([])
  })

  it('starts a call’s thumbnails before the read-ahead’s, and never takes every thread', async () => {
    const media = new MediaCells({ threads: THREADS })
    const { handle } = jpegTable()
    let answered = false
    void media.cells(handle, request).then(() => (answered = true))
    await runUntil(() => answered)
    await settle()
    // A call for rows far off, while the read-ahead has thumbnails waiting.
    const startedBefore = pool.started.length
    let far = false
    void media.cells(handle, { ...request, offset: 120 }).then(() => (far = true))
    let most = 0
    for (let turns = 0; turns < 1000 && !far; turns++) {
      await settle()
      most = Math.max(most, pool.running.length + pool.queued.length)
      pool.running[0]?.finish()
    }
    expect(far).toBe(true)
    expect(most).toBeLessThan(THREADS)
    // Once the call's rows began, its thumbnails went first: no read-ahead row (8 to 47) among them.
    const rows = pool.started.slice(startedBefore).map((name) => Number(name.split(' ')[1]))
    const firstCallRow = rows.findIndex((row) => row >= 120)
    expect(firstCallRow).toBeGreaterThanOrEqual(0)
    const afterIt = rows.slice(firstCallRow)
    const callRows = afterIt.filter((row) => row >= 120)
    expect(callRows).toHaveLength(8)
    const lastCallRow = afterIt.lastIndexOf(callRows[callRows.length - 1] as number)
    expect(afterIt.slice(0, lastCallRow + 1).filter((row) => row < 120 && row >= 8)).toEqual([])
  })
})
