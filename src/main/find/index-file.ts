/**
 * The index of a connection on disk, in the data dir (`find-index/<connection id>.json`):
 * namespace paths, table names and column names with types. Nothing else is written (no
 * address, header, location or row), and what is read back is checked piece by piece,
 * so a damaged file costs only a fresh listing.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../files/atomic-write'
import { CatalogIndex, column, type IndexedColumn } from './catalog-index'
import { DEFAULT_CRAWL_BUDGET } from './find-budget'

const FORMAT = 1
/** A saved index larger than this is not read (it could not have been written by this app). */
const MAX_FILE_BYTES = 256 * 1024 * 1024

/** What is saved besides the names. */
export interface SavedState {
  readonly complete: boolean
  readonly completedAt: number | null
}

/** The file holding a connection's index. */
export function indexFilePath(dataDir: string, connectionId: string): string {
  return join(dataDir, 'find-index', `${connectionId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`)
}

/** Writes the index (atomically, readable only by this user). */
export async function saveIndex(path: string, index: CatalogIndex, state: SavedState): Promise<void> {
  const namespaceIds = new Map<string, number>()
  const namespaces: string[][] = []
  for (const [key, namespace] of index.namespaces) {
    namespaceIds.set(key, namespaces.length)
    namespaces.push([...namespace.path])
  }
  const idOf = (path: readonly string[]): number => {
    const key = path.join('\u0000')
    let id = namespaceIds.get(key)
    if (id === undefined) {
      id = namespaces.length
      namespaceIds.set(key, id)
      namespaces.push([...path])
    }
    return id
  }
  const tables = [...index.tables.values()].map((table) => {
    // The root's tables have no namespace entry: -1.
    const ns = table.namespace.length === 0 ? -1 : idOf(table.namespace)
    const columns = table.columns?.map((c) => (c.dimension === undefined ? [c.name, c.type] : [c.name, c.type, c.dimension]))
    return columns ? [ns, table.name, columns] : [ns, table.name]
  })
  const text = JSON.stringify({ format: FORMAT, complete: state.complete, completedAt: state.completedAt, namespaces, tables })
  await writeFileAtomic(path, text, { mode: 0o600 })
}

/** Reads a saved index, or null when there is none or it cannot be read. */
export async function loadIndex(path: string): Promise<{ index: CatalogIndex; state: SavedState } | null> {
  let text: string
  try {
    const buffer = await readFile(path)
    if (buffer.length > MAX_FILE_BYTES) return null
    text = buffer.toString('utf8')
  } catch {
    return null
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return null
  }
  if (!isRecord(body) || body['format'] !== FORMAT || !Array.isArray(body['namespaces']) || !Array.isArray(body['tables'])) return null
  const index = new CatalogIndex()
  const paths: (string[] | null)[] = body['namespaces'].map((path) => (isNameList(path) && path.length > 0 ? path : null))
  for (const path of paths) if (path) index.addNamespace(path)
  for (const entry of body['tables'] as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'number' || !isName(entry[1])) continue
    const namespace = entry[0] === -1 ? [] : paths[entry[0]]
    if (!namespace) continue
    index.addTable(namespace, entry[1], readColumns(entry[2]))
  }
  const completedAt = typeof body['completedAt'] === 'number' ? body['completedAt'] : null
  return { index, state: { complete: body['complete'] === true, completedAt } }
}

function readColumns(value: unknown): IndexedColumn[] | null {
  if (!Array.isArray(value)) return null
  const columns: IndexedColumn[] = []
  for (const entry of value) {
    if (!Array.isArray(entry) || !isName(entry[0]) || typeof entry[1] !== 'string') continue
    columns.push(column(entry[0], entry[1], typeof entry[2] === 'number' ? entry[2] : undefined))
  }
  return columns
}

function isNameList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length <= DEFAULT_CRAWL_BUDGET.namespaceDepth && value.every(isName)
}

/** A name the walk would have indexed: a file written by another version may hold longer ones. */
function isName(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= DEFAULT_CRAWL_BUDGET.nameChars
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
