/**
 * A table's indexes through LanceDB's `Table` API: list (with each index's indexed and
 * unindexed rows), create (cancellable), drop and optimize. Shared by directory catalogs,
 * REST catalogs read at a table's location and the reference server's index routes.
 *
 * Functions throw what LanceDB throws (callers turn it into a `CatalogError` naming the
 * table), except for the cases they check themselves: an index that does not exist or
 * already exists, and a cancelled create.
 */
import { Index, type Table } from '@lancedb/lancedb'
import { CatalogError } from '../../shared/errors'
import type { IndexInfo, IndexSpec, OptimizeResult } from '../../shared/contract/indexes'

/** Every index of `table` with its type, columns and row coverage. */
export async function listTableIndexes(table: Table): Promise<IndexInfo[]> {
  const configs = await table.listIndices()
  return Promise.all(
    configs.map(async (config) => {
      // indexStats names types as Lance and the REST spec do (IVF_PQ, BTREE); listIndices
      // uses LanceDB's own spelling (IvfPq, BTree), kept only if the stats are missing.
      const stats = await table.indexStats(config.name)
      return {
        name: config.name,
        indexType: stats?.indexType ?? config.indexType,
        columns: [...config.columns],
        indexedRows: stats?.numIndexedRows ?? config.numIndexedRows ?? null,
        unindexedRows: stats?.numUnindexedRows ?? config.numUnindexedRows ?? null,
        distanceType: stats?.distanceType ?? null
      }
    })
  )
}

/** The name LanceDB gives an index of `column` when none is chosen. */
export function defaultIndexName(column: string): string {
  return `${column}_idx`
}

/**
 * Builds the index `spec` describes and waits for it. Aborting `signal` cancels the build,
 * which leaves the table as it was; a build that finished first stays.
 */
export async function createTableIndex(table: Table, spec: IndexSpec, signal?: AbortSignal): Promise<void> {
  const name = spec.name ?? defaultIndexName(spec.column)
  if ((await table.listIndices()).some((index) => index.name === name)) {
    throw new CatalogError('index_exists', `An index named "${name}" already exists on this table. Choose another name, or drop that index first.`, {
      index: name
    })
  }
  if (signal?.aborted) throw cancelled(name)
  // replace: false, so a same-named index made meanwhile by someone else is never replaced.
  const job = await table.createIndexAsync(spec.column, { config: indexConfig(spec), name, replace: false })
  const cancel = (): void => void job.cancel().catch(() => undefined)
  signal?.addEventListener('abort', cancel, { once: true })
  // Aborted while the job was being started: the listener came too late to hear it.
  if (signal?.aborted) cancel()
  try {
    await job.wait()
  } catch (error) {
    if (signal?.aborted) throw cancelled(name)
    throw error
  } finally {
    signal?.removeEventListener('abort', cancel)
  }
}

/** Drops the index `name`; an index the table does not have is an `index_not_found`. */
export async function dropTableIndex(table: Table, name: string): Promise<void> {
  if (!(await table.listIndices()).some((index) => index.name === name)) {
    throw new CatalogError('index_not_found', `This table has no index named "${name}"; it may have been dropped meanwhile.`, { index: name })
  }
  await table.dropIndex(name)
}

/**
 * Adds the rows written since each index was built to the index, and merges small data
 * files. Old versions are kept: LanceDB would otherwise remove versions older than 7
 * days, and a browser must not delete history as a side effect.
 */
export async function optimizeTable(table: Table): Promise<OptimizeResult> {
  const stats = await table.optimize({ cleanupOlderThan: new Date(0) })
  return { fragmentsRemoved: stats.compaction.fragmentsRemoved, fragmentsAdded: stats.compaction.fragmentsAdded }
}

/** LanceDB's index configuration for `spec`; parameters left out take LanceDB's defaults. */
export function indexConfig(spec: IndexSpec): Index {
  const vector = { ...defined({ distanceType: spec.distanceType, numPartitions: spec.numPartitions }) }
  const hnsw = defined({ m: spec.m, efConstruction: spec.efConstruction })
  switch (spec.indexType) {
    case 'IVF_PQ':
      return Index.ivfPq({ ...vector, ...defined({ numSubVectors: spec.numSubVectors }) })
    case 'IVF_HNSW_SQ':
      return Index.hnswSq({ ...vector, ...hnsw })
    case 'IVF_HNSW_PQ':
      return Index.hnswPq({ ...vector, ...hnsw, ...defined({ numSubVectors: spec.numSubVectors }) })
    case 'IVF_FLAT':
      return Index.ivfFlat(vector)
    case 'BTREE':
      return Index.btree()
    case 'BITMAP':
      return Index.bitmap()
    case 'LABEL_LIST':
      return Index.labelList()
    case 'FTS':
      return Index.fts(defined({ withPosition: spec.withPosition }))
  }
}

function cancelled(name: string): CatalogError {
  return new CatalogError('cancelled', `Creating index "${name}" was cancelled; the table is unchanged.`, { index: name })
}

/** `values` without its undefined entries (LanceDB's options take absent, not undefined). */
function defined<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> }
}
