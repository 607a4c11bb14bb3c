/**
 * Thumbnails of the first page of PDFs in cells, and that page at the value viewer's size.
 * libvips (sharp) has no PDF loader here, so
 * pages are drawn with pdf.js in one worker thread (./pdf-worker.ts), started when the first
 * PDF needs it and stopped after IDLE_MS unused; the pixels it hands back are encoded in main
 * as the same small WebP as images' thumbnails (./thumbnails.ts). One PDF is drawn at a time;
 * at most MAX_WAITING wait behind it. A page that takes longer than the time limit, or a
 * worker that reaches its heap limit, stops the worker: that PDF gets a problem text, the
 * next one a new worker, and main's thread never waits on a PDF.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import sharp from 'sharp'
import type { FromPdfWorker, ToPdfWorker } from './pdf-worker-messages'
import type { ImageFacts } from './thumbnails'

/** Longest the first page of one PDF may take to draw. */
export const PDF_PAGE_TIME_LIMIT_MS = 5_000
/** Longest the worker may take to load pdf.js. */
const START_LIMIT_MS = 30_000
/** The worker's JavaScript heap, at most (its old generation, in MB). */
export const PDF_WORKER_HEAP_MB = 256
/** PDFs waiting behind the one being drawn, at most. */
const MAX_WAITING = 16
/** How long the worker waits unused before it is stopped. */
const IDLE_MS = 60_000

/** Where the worker's code is, and how to start it: bundled next to main's (out/main/pdf-worker.js), or the TypeScript entry through tsx. */
function workerEntry(): { readonly file: string; readonly execArgv?: string[] } {
  const here = dirname(fileURLToPath(import.meta.url))
  // Bundled: main's code sits in out/main/ or in out/main/chunks/.
  for (const file of [join(here, 'pdf-worker.js'), join(here, '..', 'pdf-worker.js')]) if (existsSync(file)) return { file }
  return { file: join(here, 'pdf-worker.ts'), execArgv: ['--import', 'tsx'] }
}

/** The longest side of a first page drawn for the value viewer, in pixels (the most the worker draws). */
export const PDF_VIEW_SIDE = 1024
/** WebP quality of a thumbnail, and of a page in the viewer, whose text is read. */
const THUMB_QUALITY = 70
const VIEW_QUALITY = 85

/** A PDF's first page: its size in points and a WebP of it (ImageFacts, as for a thumbnail), and how many pages the document has. */
export interface PdfFirstPage extends ImageFacts {
  /** Null when the document could not be read. */
  readonly pages: number | null
}

interface Job {
  readonly bytes: Uint8Array
  readonly side: number
  readonly quality: number
  readonly done: (page: PdfFirstPage) => void
}

/** What a person can do when the app shows no first page, or only the first. */
export const SAVE_TO_READ = 'save it with the cell menu’s Save bytes as file to open it in a PDF reader.'

const problem = (text: string, points: { width: number; height: number } | null = null): PdfFirstPage => ({
  width: points?.width ?? null,
  height: points?.height ?? null,
  thumb: null,
  problem: text,
  pages: null
})

/** Draws PDFs' first pages in one worker, one at a time. */
export class PdfThumbnails {
  readonly #limitMs: number
  readonly #heapMb: number
  readonly #waiting: Job[] = []
  #worker: Worker | null = null
  #ready = false
  #current: { readonly job: Job; readonly id: number } | null = null
  #timer: NodeJS.Timeout | null = null
  #idleTimer: NodeJS.Timeout | null = null
  #nextId = 1
  /** Workers started so far (a replaced one counts again), for tests. */
  started = 0

  constructor({ limitMs = PDF_PAGE_TIME_LIMIT_MS, heapMb = PDF_WORKER_HEAP_MB }: { readonly limitMs?: number; readonly heapMb?: number } = {}) {
    this.#limitMs = limitMs
    this.#heapMb = heapMb
  }

  /**
   * A WebP thumbnail of the first page of the PDF in `bytes` whose longest side is `side`
   * pixels, with the page's size in points, or why there is none. Never rejects.
   */
  async thumbnail(bytes: Uint8Array, side: number): Promise<ImageFacts> {
    const page =
      this.#waiting.length >= MAX_WAITING
        ? problem(`Too many PDFs are waiting to be drawn; ${SAVE_TO_READ}`)
        : await new Promise<PdfFirstPage>((resolve) => {
            this.#waiting.push({ bytes, side, quality: THUMB_QUALITY, done: resolve })
            this.#next()
          })
    return { width: page.width, height: page.height, thumb: page.thumb, problem: page.problem }
  }

  /**
   * The first page of the PDF in `bytes` for the value viewer: drawn so its longest side is
   * PDF_VIEW_SIDE pixels, at a quality its text can be read at, with the number of pages.
   * A person is waiting for it, so it goes before the thumbnails waiting, and is never
   * refused for their number. Never rejects.
   */
  firstPage(bytes: Uint8Array): Promise<PdfFirstPage> {
    return new Promise<PdfFirstPage>((resolve) => {
      this.#waiting.unshift({ bytes, side: PDF_VIEW_SIDE, quality: VIEW_QUALITY, done: resolve })
      this.#next()
    })
  }

  /** Stops the worker; PDFs still waiting get a problem text. */
  async close(): Promise<void> {
    const worker = this.#worker
    this.#stopWorker()
    for (const job of this.#waiting.splice(0)) job.done(problem('The PDF thumbnails were stopped.'))
    await worker?.terminate()
  }

  #next(): void {
    if (this.#current || this.#waiting.length === 0) return
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#idleTimer = null
    const worker = this.#worker ?? this.#startWorker()
    if (!this.#ready) return
    const job = this.#waiting.shift() as Job
    const id = this.#nextId++
    this.#current = { job, id }
    this.#timer = setTimeout(() => this.#fail(`The PDF’s first page took longer than ${this.#limitMs / 1000} s to draw; ${SAVE_TO_READ}`), this.#limitMs)
    // A copy the worker owns: the cell's bytes may be a view into a larger buffer held elsewhere.
    const bytes = job.bytes.slice()
    worker.postMessage({ id, bytes, side: job.side } satisfies ToPdfWorker, [bytes.buffer])
  }

  #startWorker(): Worker {
    const entry = workerEntry()
    const worker = new Worker(entry.file, {
      ...(entry.execArgv ? { execArgv: entry.execArgv } : {}),
      resourceLimits: { maxOldGenerationSizeMb: this.#heapMb, maxYoungGenerationSizeMb: 32 }
    })
    this.started++
    this.#worker = worker
    this.#ready = false
    // Never keeps the process alive by itself: a page being drawn is held by its timer.
    worker.unref()
    const startTimer = setTimeout(() => this.#fail('The PDF reader did not start.'), START_LIMIT_MS)
    worker.on('message', (message: FromPdfWorker) => {
      if (worker !== this.#worker) return
      if (message.type === 'ready') {
        clearTimeout(startTimer)
        this.#ready = true
        this.#next()
        return
      }
      if (message.id !== this.#current?.id) return
      void this.#finish(this.#current.job, message)
    })
    worker.on('error', (error: Error & { code?: string }) => {
      clearTimeout(startTimer)
      if (worker !== this.#worker) return
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      this.#fail(
        memory ? `The PDF’s first page needs more than ${this.#heapMb} MB of memory to draw; ${SAVE_TO_READ}` : `The PDF reader failed (${error.message}).`
      )
    })
    worker.on('exit', (code) => {
      clearTimeout(startTimer)
      if (worker === this.#worker) this.#fail(`The PDF reader stopped (exit code ${code}).`)
    })
    return worker
  }

  /** Answers the page being drawn (or, before the worker started, the next waiting) with `text`, and replaces the worker. */
  #fail(text: string): void {
    const job = this.#current?.job ?? this.#waiting.shift()
    const worker = this.#worker
    this.#stopWorker()
    void worker?.terminate()
    job?.done(problem(text))
    this.#next()
  }

  async #finish(job: Job, message: Exclude<FromPdfWorker, { type: 'ready' }>): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#current = null
    this.#next()
    if (this.#waiting.length === 0 && !this.#current) this.#idleLater()
    if (message.type === 'problem') return job.done(problem(message.problem, message.points))
    try {
      const { width, height, rgba } = message
      // pdf.js paints the page on white, so the pixels are opaque.
      const thumb = await sharp(rgba, { raw: { width, height, channels: 4 } })
        .webp({ quality: job.quality })
        .toBuffer()
      job.done({ width: message.points.width, height: message.points.height, thumb: new Uint8Array(thumb), problem: null, pages: message.pages })
    } catch (error) {
      job.done(problem(`The PDF’s first page could not be encoded (${error instanceof Error ? error.message : String(error)}).`, message.points))
    }
  }

  #stopWorker(): void {
    if (this.#timer) clearTimeout(this.#timer)
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#timer = null
    this.#idleTimer = null
    this.#current = null
    this.#worker = null
    this.#ready = false
  }

  #idleLater(): void {
    this.#idleTimer = setTimeout(() => {
      const worker = this.#worker
      if (this.#current || this.#waiting.length > 0 || !worker) return
      this.#stopWorker()
      void worker.terminate()
    }, IDLE_MS)
    this.#idleTimer.unref()
  }
}

/** The PDF worker of the whole app (every connection's cells and the value viewer): one, started when the first PDF needs it. */
export const sharedPdfThumbnails = new PdfThumbnails()
