/**
 * The exports of this run: each runs in the background, its progress read by id, and it
 * can be cancelled. In the desktop app the file goes to the path the save dialog chose;
 * in browser mode it goes to a temporary file that `takeDownload` hands out once (the
 * browser-mode host streams it from disk to the page, so a large export never sits in
 * memory) and then removes.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXPORT_EXTENSIONS, type ExportStatus, type ExportTarget } from '../../shared/contract/export'
import { CatalogError, toErrorValue } from '../../shared/errors'
import type { NamespaceClient } from '../../catalog/namespace-client'
import { openFileSink } from './file-sink'
import { runExport, type ExportRequest } from './run-export'

/** Asks where to save a file (the desktop save dialog); null when the person cancels. */
export type ChooseSavePath = (suggestedName: string, format: ExportRequest['format']) => Promise<string | null>

/** A finished browser-mode export, ready to stream to the page. */
export interface Download {
  readonly path: string
  readonly fileName: string
  readonly size: number
  /** Removes the temporary file once it has been sent. */
  done(): Promise<void>
}

interface Job {
  status: ExportStatus
  readonly abort: AbortController
  finished: Promise<void>
  /** Browser mode: the temporary file and its one-time ticket. */
  download?: { readonly path: string; readonly ticket: string }
}

/** Runs and tracks exports. */
export class ExportJobs {
  readonly #jobs = new Map<string, Job>()
  #tempDir: Promise<string> | null = null

  /** `choosePath`: the desktop save dialog; absent (browser mode), files are downloaded. */
  constructor(private readonly choosePath?: ChooseSavePath) {}

  /** Starts an export; null if the person cancelled the save dialog. */
  async start(client: NamespaceClient, request: ExportRequest): Promise<ExportStatus | null> {
    const fileName = `${safeFileName(request.table.name)}${request.version === undefined ? '' : `-v${request.version}`}.${EXPORT_EXTENSIONS[request.format]}`
    const id = randomBytes(12).toString('base64url')
    let target: ExportTarget
    let path: string
    let ticket: string | undefined
    if (this.choosePath) {
      const chosen = await this.choosePath(fileName, request.format)
      if (!chosen) return null
      path = chosen
      target = { kind: 'file', path }
    } else {
      this.#tempDir ??= mkdtemp(join(tmpdir(), 'lcb-export-'))
      path = join(await this.#tempDir, `${id}.${EXPORT_EXTENSIONS[request.format]}`)
      ticket = randomBytes(24).toString('base64url')
      target = { kind: 'download', fileName }
    }
    const sink = await openFileSink(path).catch((error: unknown) => {
      throw new CatalogError(
        'permission_denied',
        `Cannot write ${path}: ${error instanceof Error ? error.message : String(error)}. Choose a folder you can write to.`
      )
    })
    const abort = new AbortController()
    const status: ExportStatus = { id, state: 'running', rowsWritten: 0, totalRows: 0, target }
    const job: Job = { status, abort, finished: Promise.resolve(), ...(ticket ? { download: { path, ticket } } : {}) }
    this.#jobs.set(id, job)
    const update = (change: Partial<ExportStatus>): void => {
      job.status = { ...job.status, ...change }
    }
    job.finished = runExport(
      client,
      request,
      sink,
      { onTotal: (totalRows) => update({ totalRows }), onRows: (rowsWritten) => update({ rowsWritten }) },
      abort.signal
    ).then(
      (rowsWritten) => update({ state: 'done', rowsWritten, ...(ticket ? { downloadPath: `/download/${ticket}` } : {}) }),
      (error: unknown) => {
        // The same value a failed call answers: no source locations or library paths.
        const value = toErrorValue(error)
        update({ state: value.code === 'cancelled' ? 'cancelled' : 'failed', error: value })
      }
    )
    return job.status
  }

  /** The export's status now. */
  status(id: string): ExportStatus {
    return this.#job(id).status
  }

  /** The export's status once it has ended (done, failed or cancelled). */
  async settled(id: string): Promise<ExportStatus> {
    const job = this.#job(id)
    await job.finished
    return job.status
  }

  /** Cancels a running export and answers its final status (a finished one is left as it is). */
  async cancel(id: string): Promise<ExportStatus> {
    const job = this.#job(id)
    if (job.status.state === 'running') job.abort.abort()
    await job.finished
    return job.status
  }

  /** The finished download with this one-time ticket, or null, without spending the ticket (for HEAD). */
  async peekDownload(ticket: string): Promise<Download | null> {
    const job = [...this.#jobs.values()].find((j) => j.download?.ticket === ticket && j.status.state === 'done')
    if (!job?.download || job.status.target.kind !== 'download') return null
    const info = await stat(job.download.path).catch(() => null)
    return info ? { path: job.download.path, fileName: job.status.target.fileName, size: info.size, done: async () => undefined } : null
  }

  /** The finished download with this one-time ticket, or null; the ticket is spent either way. */
  async takeDownload(ticket: string): Promise<Download | null> {
    const job = [...this.#jobs.values()].find((j) => j.download?.ticket === ticket && j.status.state === 'done')
    if (!job?.download || job.status.target.kind !== 'download') return null
    const { path } = job.download
    delete job.download
    const info = await stat(path).catch(() => null)
    if (!info) return null
    return { path, fileName: job.status.target.fileName, size: info.size, done: () => rm(path, { force: true }) }
  }

  /** Cancels what runs and removes temporary files. */
  async close(): Promise<void> {
    for (const job of this.#jobs.values()) job.abort.abort()
    await Promise.allSettled([...this.#jobs.values()].map((j) => j.finished))
    if (this.#tempDir) await rm(await this.#tempDir, { recursive: true, force: true })
  }

  #job(id: string): Job {
    const job = this.#jobs.get(id)
    if (!job) throw new CatalogError('invalid_request', 'That export is no longer known (the app may have restarted). Start the export again.')
    return job
  }
}

/** A table name as a file name: characters file systems refuse become `_`. */
function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_') || 'export'
}
