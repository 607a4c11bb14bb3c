/**
 * Edits staged on one table before they are committed: changed cells of existing rows,
 * new rows and deleted rows. Existing rows are named by their key column's value (as
 * text), never by their position, so the edits outlive scrolling, filters, sorting and a
 * failed commit. Every function returns a new value and leaves its input alone.
 */
import type { ExactInt } from '@shared/exact-int'

/** A cell's value as typed: its text form, or null for SQL null. */
export type CellText = string | null

/** Changed cells of one existing row. */
export interface RowUpdate {
  readonly key: string
  /** Each changed column's value before the edit (as the grid read it). */
  readonly original: Readonly<Record<string, CellText>>
  /** Each changed column's new value. */
  readonly changed: Readonly<Record<string, CellText>>
}

/** A row added in the grid; `id` names it until it is committed. */
export interface InsertedRow {
  readonly id: number
  readonly values: Readonly<Record<string, CellText>>
}

/** Everything staged on one table. */
export interface StagedEdits {
  /** The table version the edits were made on; null until the first edit. */
  readonly base: ExactInt | null
  readonly updates: ReadonlyMap<string, RowUpdate>
  readonly inserts: readonly InsertedRow[]
  /** Keys of existing rows to delete. */
  readonly deletes: ReadonlySet<string>
}

/** No edits. */
export const NO_EDITS: StagedEdits = { base: null, updates: new Map(), inserts: [], deletes: new Set() }

/** Compares two values of one column; text equality unless the column's type knows better. */
export type SameValue = (column: string, a: CellText, b: CellText) => boolean

const sameText: SameValue = (_column, a, b) => a === b

/** How many rows each kind of change touches. */
export interface EditCounts {
  readonly updates: number
  readonly inserts: number
  readonly deletes: number
}

/** The counts of staged changes. */
export function editCounts(edits: StagedEdits): EditCounts {
  return { updates: edits.updates.size, inserts: edits.inserts.length, deletes: edits.deletes.size }
}

/** True when nothing is staged. */
export function isEmpty(edits: StagedEdits): boolean {
  return edits.updates.size === 0 && edits.inserts.length === 0 && edits.deletes.size === 0
}

/** Remembers the version of the first edit; later edits keep it. */
function based(edits: StagedEdits, version: ExactInt | null): StagedEdits {
  return edits.base !== null || version === null ? edits : { ...edits, base: version }
}

/** Forgets the base once nothing is staged, so the next edit starts from the version then shown. */
function settled(edits: StagedEdits): StagedEdits {
  return isEmpty(edits) ? NO_EDITS : edits
}

/**
 * Sets one cell of an existing row. A value equal to the cell's original drops the change
 * (and the row, once none of its cells is changed).
 */
export function setCell(
  edits: StagedEdits,
  change: { readonly key: string; readonly column: string; readonly original: CellText; readonly value: CellText; readonly version: ExactInt | null },
  same: SameValue = sameText
): StagedEdits {
  const row = edits.updates.get(change.key)
  const original = row && change.column in row.original ? (row.original[change.column] ?? null) : change.original
  const updates = new Map(edits.updates)
  const changed = { ...row?.changed }
  const originals = { ...row?.original }
  if (same(change.column, original, change.value)) {
    delete changed[change.column]
    delete originals[change.column]
  } else {
    changed[change.column] = change.value
    originals[change.column] = original
  }
  if (Object.keys(changed).length === 0) updates.delete(change.key)
  else updates.set(change.key, { key: change.key, original: originals, changed })
  return settled(based({ ...edits, updates }, change.version))
}

/** The staged value of a cell of an existing row, or undefined where it is not changed. */
export function stagedCell(edits: StagedEdits, key: string, column: string): CellText | undefined {
  const row = edits.updates.get(key)
  return row && column in row.changed ? (row.changed[column] ?? null) : undefined
}

/** Drops the changes to the cells of `columns` in the row `key` (every cell when `columns` is absent). */
export function revertCells(edits: StagedEdits, key: string, columns?: readonly string[]): StagedEdits {
  const row = edits.updates.get(key)
  if (!row) return edits
  const updates = new Map(edits.updates)
  if (!columns) updates.delete(key)
  else {
    const changed = { ...row.changed }
    const original = { ...row.original }
    for (const column of columns) {
      delete changed[column]
      delete original[column]
    }
    if (Object.keys(changed).length === 0) updates.delete(key)
    else updates.set(key, { key, original, changed })
  }
  return settled({ ...edits, updates })
}

/** Drops every staged change of the rows `keys`: their cell changes and their deletion. */
export function revertRows(edits: StagedEdits, keys: readonly string[]): StagedEdits {
  const updates = new Map(edits.updates)
  const deletes = new Set(edits.deletes)
  for (const key of keys) {
    updates.delete(key)
    deletes.delete(key)
  }
  return settled({ ...edits, updates, deletes })
}

/** Marks existing rows deleted; their cell changes go, as they would be deleted too. */
export function deleteRows(edits: StagedEdits, keys: readonly string[], version: ExactInt | null): StagedEdits {
  const updates = new Map(edits.updates)
  const deletes = new Set(edits.deletes)
  for (const key of keys) {
    updates.delete(key)
    deletes.add(key)
  }
  return settled(based({ ...edits, updates, deletes }, version))
}

/** Adds a new row with `values` (columns left out are null); answers the edits and the row's id. */
export function addRow(edits: StagedEdits, values: Readonly<Record<string, CellText>>, version: ExactInt | null): { edits: StagedEdits; id: number } {
  const id = edits.inserts.reduce((max, row) => Math.max(max, row.id), 0) + 1
  return { edits: based({ ...edits, inserts: [...edits.inserts, { id, values: { ...values } }] }, version), id }
}

/** Sets one cell of a new row. */
export function setInsertedCell(edits: StagedEdits, id: number, column: string, value: CellText): StagedEdits {
  return { ...edits, inserts: edits.inserts.map((row) => (row.id === id ? { id, values: { ...row.values, [column]: value } } : row)) }
}

/** Drops new rows. */
export function removeInserted(edits: StagedEdits, ids: readonly number[]): StagedEdits {
  return settled({ ...edits, inserts: edits.inserts.filter((row) => !ids.includes(row.id)) })
}

/** Drops the staged changes of the rows `keys` that changed elsewhere (a reload of them after a conflict). */
export function dropKeys(edits: StagedEdits, keys: readonly string[]): StagedEdits {
  return revertRows(edits, keys)
}

/** The edits with a new base version, after their conflicts were seen and kept. */
export function rebase(edits: StagedEdits, version: ExactInt): StagedEdits {
  return isEmpty(edits) ? edits : { ...edits, base: version }
}
