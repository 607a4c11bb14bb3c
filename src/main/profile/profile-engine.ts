/**
 * Profiles a table's columns at a version: reads the rows (every one, or a sample; see
 * ./table-sample.ts) in pages through the table handle, with only the needed columns, and
 * hands each page to a worker thread that computes the statistics (./profile-worker.ts;
 * two workers, each with a share of the columns, for a large exact profile).
 * Through the handle it works alike on directory catalogs, REST catalogs and object
 * stores. Bytes columns are read as each cell's size and first 64 bytes, never whole.
 *
 * What the format already knows is used: the row count (from the version's manifest, via
 * describe) when there is no filter. LanceDB 0.39's JavaScript SDK exposes no per-column
 * statistics (no min/max or null counts per fragment), so everything else is computed.
 */
import { availableParallelism } from 'node:os'
import type { FieldInfo, TableDescription } from '../../shared/catalog-types'
import { PROFILE_EXACT_ROWS, PROFILE_SAMPLE_ROWS, type TableProfile } from '../../shared/contract/column-profile'
import { CatalogError } from '../../shared/errors'
import { exactInt, type ExactInt } from '../../shared/exact-int'
import { holdsBytes, SIGNATURE_BYTES } from '../../shared/media-kind'
import type { TableHandle } from '../../catalog/table-handle'
import { returnWorker, takeWorker, type ProfileWorker } from './profile-worker-client'
import { sampleWindows, SAMPLE_BLOCK, type RowWindow } from './table-sample'
import type { ColumnPlan } from './worker-messages'

/**
 * Rows asked for in the first page; later pages are sized from the bytes per row seen so
 * far to about PAGE_BYTES, well under the 16 MiB cap, so no page is cut at the cap (which
 * encodes its last batch again) and each page's work in main stays short.
 */
const FIRST_PAGE_ROWS = 8_192
/**
 * Rows per batch LanceDB hands over for the first page, whose rows' size is not known yet
 * (its own length); later pages ask for batches as long as the page, sized by bytes.
 */
const FIRST_BATCH_ROWS = 1_024
const PAGE_BYTES = 6 * 1024 * 1024
const MAX_PAGE_ROWS = 65_536
/** Blocks of a sample read at once. */
const SAMPLE_READS_AT_ONCE = 3
/** Cells of a bytes column asked for per read. */
const CELL_ROWS = 1_000
/**
 * Rows from which an exact profile shares its columns between two workers (where the
 * machine has SPLIT_CORES cores): the statistics of a page take longer than reading it, so
 * one worker alone keeps the pass waiting. A sample is too short to pay for a second start.
 */
const SPLIT_ROWS = 200_000
/**
 * Cores a machine needs for that split: main's reads (LanceDB's decoding included) keep a
 * core busy, and on two cores two workers beside them made a full profile slower and held
 * main's event loop up to 56 ms, against 44 ms at most with one worker.
 */
const SPLIT_CORES = 3

/** What to profile. */
export interface ProfileSpec {
  readonly version?: ExactInt
  readonly filter?: string
  readonly columns?: readonly string[]
  readonly exact?: boolean
}

/** How it went so far: rows read of the rows it will read. */
export type ProfileListener = (rowsRead: number, rowsTotal: number) => void

/** Whether main reads a column as cells (bytes and blobs) rather than in pages of rows. */
export function readAsCells(field: FieldInfo): boolean {
  return holdsBytes(field)
}

/** The profile of `spec`'s columns and rows of the table behind `handle`. */
export async function profileTable(
  handle: TableHandle,
  spec: ProfileSpec,
  options: {
    readonly signal?: AbortSignal
    readonly onProgress?: ProfileListener
    readonly random?: () => number
    /** The bounds (PROFILE_EXACT_ROWS and PROFILE_SAMPLE_ROWS unless told; tests make them small). */
    readonly exactRows?: number
    readonly sampleRows?: number
    /** Rows from which an exact profile splits its columns between two workers (SPLIT_ROWS on SPLIT_CORES cores or more unless told). */
    readonly splitRows?: number
  } = {}
): Promise<TableProfile> {
  const started = performance.now()
  // Taken first, so a new worker loads its code while the table is described and counted.
  const workers: ProfileWorker[] = [takeWorker()]
  let finished = false
  try {
    const { signal } = options
    const call = signal ? { signal } : {}
    const description: TableDescription = spec.version === undefined ? await handle.describe(call) : await handle.describeVersion(spec.version, call)
    const fields = chosenFields(description.fields, spec.columns)
    const totalText =
      spec.filter !== undefined
        ? spec.version === undefined
          ? await handle.countRows(spec.filter, call)
          : await handle.countRowsAt(spec.version, spec.filter, call)
        : (description.rowCount ??
          (spec.version === undefined ? await handle.countRows(undefined, call) : await handle.countRowsAt(spec.version, undefined, call)))
    const total = Number(totalText)
    const exact = spec.exact === true || total <= (options.exactRows ?? PROFILE_EXACT_ROWS)
    const windows: RowWindow[] =
      total === 0 ? [] : exact ? [{ offset: 0, limit: total }] : sampleWindows(total, options.sampleRows ?? PROFILE_SAMPLE_ROWS, options.random)
    const planned = windows.reduce((sum, w) => sum + w.limit, 0)
    const version = spec.version ?? description.version ?? undefined

    const plans: ColumnPlan[] = fields.map((field) => ({ name: field.name, type: field.type, bytes: readAsCells(field) }))
    const groups = shareColumns(plans, exact && planned >= (options.splitRows ?? (availableParallelism() >= SPLIT_CORES ? SPLIT_ROWS : Infinity)) ? 2 : 1)
    while (workers.length < groups.length) workers.push(takeWorker())
    const owner = new Map<string, ProfileWorker>()
    for (const [k, group] of groups.entries()) {
      await workers[k]!.start(group, plans.length, planned)
      for (const plan of group) owner.set(plan.name, workers[k]!)
    }
    // The workers that take pages: each decodes the whole page and counts its own columns.
    const pageWorkers = workers.filter((_, k) => groups[k]!.some((plan) => !plan.bytes))
    const rowColumns = plans.filter((plan) => !plan.bytes).map((plan) => plan.name)
    const cellColumns = plans.filter((plan) => plan.bytes).map((plan) => plan.name)
    let rowsRead = 0
    let pageRows = FIRST_PAGE_ROWS
    let batchRows = FIRST_BATCH_ROWS
    options.onProgress?.(0, planned)
    const readWindow = async (window: RowWindow): Promise<void> => {
      let offset = window.offset
      const end = window.offset + window.limit
      while (offset < end) {
        if (signal?.aborted) throw new CatalogError('cancelled', 'The profile was cancelled.')
        const limit = Math.min(pageRows, end - offset)
        let got = limit
        if (rowColumns.length > 0) {
          const page = await handle.readRows(
            {
              offset,
              limit,
              columns: rowColumns,
              batchRows,
              ...(spec.filter !== undefined ? { filter: spec.filter } : {}),
              ...(version !== undefined ? { version } : {})
            },
            call
          )
          got = page.rowCount
          if (got > 0) {
            // Measured before the bytes move to the worker.
            const bytes = page.arrow.length
            // Copied for all but the last worker, which takes the bytes themselves.
            for (const [k, worker] of pageWorkers.entries()) await worker.page(k === pageWorkers.length - 1 ? page.arrow : page.arrow.slice())
            pageRows = Math.max(1_024, Math.min(MAX_PAGE_ROWS, Math.floor((PAGE_BYTES * got) / bytes)))
            batchRows = pageRows
          }
        }
        // Bytes columns: the same rows, as sizes and first bytes.
        for (const column of cellColumns) {
          for (let at = offset; at < offset + got; at += CELL_ROWS) {
            const cells = await handle.readBytes(
              {
                column,
                offset: at,
                limit: Math.min(CELL_ROWS, offset + got - at),
                maxBytesPerCell: SIGNATURE_BYTES,
                ...(spec.filter !== undefined ? { filter: spec.filter } : {}),
                ...(version !== undefined ? { version } : {})
              },
              call
            )
            await owner.get(column)!.cells(
              column,
              cells.map((cell) => (cell === null ? null : { size: cell.size, head: cell.bytes }))
            )
            if (rowColumns.length === 0 && cells.length < Math.min(CELL_ROWS, offset + got - at)) got = at - offset + cells.length
          }
        }
        if (got === 0) break
        offset += got
        rowsRead += got
        options.onProgress?.(rowsRead, planned)
      }
    }
    // A sample's blocks are read a few at a time: each read waits mostly on LanceDB's
    // own threads, and the statistics do not depend on the order rows arrive in.
    const queue = [...windows]
    const readers = Array.from({ length: exact ? 1 : SAMPLE_READS_AT_ONCE }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await readWindow(next)
    })
    await Promise.all(readers)
    const answers = new Map((await Promise.all(workers.map((worker) => worker.finish()))).flat().map((column) => [column.name, column]))
    const columns = plans.map((plan) => answers.get(plan.name)!)
    finished = true
    return {
      version: version ?? null,
      filter: spec.filter ?? null,
      totalRows: exactInt(BigInt(totalText)),
      rowsRead,
      mode: exact ? 'exact' : 'sample',
      samplingMethod: exact
        ? null
        : `${windows.length} runs of whole ${SAMPLE_BLOCK.toLocaleString('en-US')}-row blocks chosen uniformly at random without replacement (every row equally likely)`,
      columns,
      elapsedMs: Math.round(performance.now() - started),
      computedAt: new Date().toISOString(),
      cached: false
    }
  } finally {
    await Promise.all(workers.map((worker) => returnWorker(worker, finished)))
  }
}

/** What a column costs a worker, roughly, per row: strings most, then vectors. */
function cost(plan: ColumnPlan): number {
  if (plan.type === 'utf8' || plan.type === 'large_utf8') return 4
  return plan.type.startsWith('vector<') ? 3 : 1
}

/** The columns shared between `count` workers, each taking the costliest left to the least loaded; bytes columns with the first. */
function shareColumns(plans: readonly ColumnPlan[], count: number): ColumnPlan[][] {
  if (count === 1) return [[...plans]]
  const groups = Array.from({ length: count }, (): ColumnPlan[] => [])
  const loads = new Array<number>(count).fill(0)
  for (const plan of [...plans].sort((a, b) => cost(b) - cost(a))) {
    const k = plan.bytes ? 0 : loads.indexOf(Math.min(...loads))
    groups[k]!.push(plan)
    loads[k]! += cost(plan)
  }
  return groups.filter((group) => group.length > 0)
}

/** The fields to profile, in the table's order; an unknown name is an error. */
function chosenFields(fields: readonly FieldInfo[], columns: readonly string[] | undefined): FieldInfo[] {
  if (columns === undefined) return [...fields]
  const known = new Set(fields.map((field) => field.name))
  const missing = columns.filter((column) => !known.has(column))
  if (missing.length > 0) throw new CatalogError('invalid_request', `The table has no column ${missing.map((c) => `"${c}"`).join(', ')}.`)
  const wanted = new Set(columns)
  return fields.filter((field) => wanted.has(field.name))
}
