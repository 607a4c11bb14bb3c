/**
 * Commits a batch of staged edits as one merge insert on a key column, so the table gains
 * exactly one version. Every value is read again here from its text (../../shared/edit-values.ts)
 * against the table's own schema. Updated rows are written whole: the row as it was at the
 * edits' base version with the changed cells applied, so every other value stays exactly as
 * stored. If the table moved past the base version, the edited rows are compared between the
 * two versions first; any that changed elsewhere (and that the caller did not choose to
 * overwrite) are answered as conflicts, and nothing is written.
 */
import type { Schema } from 'apache-arrow'
import type { CommitEditsRequest, CommitEditsResult, EditConflict } from '../../shared/contract/edits'
import { parseEditText, uneditableReason, type EditField } from '../../shared/edit-values'
import { CatalogError } from '../../shared/errors'
import { compareExact, type ExactInt } from '../../shared/exact-int'
import { TableMoved } from '../../catalog/merge-rows'
import type { CallOptions, TableHandle } from '../../catalog/table-handle'
import { carryProblem, cellKey, rowsIpc, type CellValue } from './arrow-cells'
import { keyId, keyLiteral, keyProblem, primaryKeyOf, rowsByKey, schemaAt, type KeyedRows } from './edit-table'

/** The most problems one refusal lists in its details. */
const MAX_LISTED_PROBLEMS = 20

/** How many times a commit starts over when the table moves between its reads and its write. */
const MAX_ATTEMPTS = 3

/** Commits `request` on `table`: the version it made, or the conflicts that stopped it. */
export async function commitEdits(table: TableHandle, request: CommitEditsRequest, options?: CallOptions): Promise<CommitEditsResult> {
  const unavailable = await table.rowWritesUnavailable(options)
  if (unavailable) throw new CatalogError('unsupported', unavailable)
  // Asked now, not from a kept table (which may be seconds old); the write checks it is still the latest.
  let latest = await table.version({ ...options, fresh: true })
  for (let attempt = 1; ; attempt++) {
    try {
      return await commitAt(table, request, latest, options)
    } catch (error) {
      if (!(error instanceof TableMoved) || attempt >= MAX_ATTEMPTS) throw error
      latest = error.version
    }
  }
}

/** Commits `request` if `latest` is still the table's latest version when it writes (else `TableMoved`). */
async function commitAt(table: TableHandle, request: CommitEditsRequest, latest: ExactInt, options: CallOptions | undefined): Promise<CommitEditsResult> {
  if (compareExact(request.baseVersion, latest) > 0) {
    throw new CatalogError('invalid_request', `The edits were made on version ${request.baseVersion}, but the table's latest version is ${latest}.`)
  }
  // The base version is read through the kept latest handle while nothing has moved.
  const moved = latest !== request.baseVersion
  const baseAt = moved ? request.baseVersion : undefined
  const schema = await schemaAt(table, baseAt, options)
  const primaryKey = primaryKeyOf(schema.fields)
  if (primaryKey !== null && request.key !== primaryKey) {
    throw new CatalogError('invalid_request', `The table's primary key is ${primaryKey}; edits are matched on it, not on ${request.key}.`)
  }
  const plan = planEdits(schema, request)

  // Deleted rows need reading only to compare them with a moved table: a delete of a row
  // that is not there deletes nothing, while an added row's key must be new.
  const deleted = new Set(plan.deletes.map((d) => d.literal))
  const literals = moved ? plan.literals : plan.literals.filter((literal) => !deleted.has(literal))
  const base = await rowsByKey(table, schema, request.key, literals, baseAt, options)
  checkUnique(request.key, base, request.baseVersion)
  checkAgainstBase(plan, base, request.key, request.baseVersion, moved)

  if (moved) {
    const latestSchema = await schemaAt(table, undefined, options)
    if (!sameSchema(schema, latestSchema)) {
      throw new CatalogError('invalid_request', `The table's columns changed since version ${request.baseVersion}; reload the table and edit again.`)
    }
    const now = await rowsByKey(table, schema, request.key, plan.literals, undefined, options)
    checkUnique(request.key, now, latest)
    const conflicts = conflictsOf(plan, base, now, new Set(plan.overwrite))
    if (conflicts.length > 0) {
      const rows = conflicts.flatMap((conflict) => (conflict.state === 'deleted' ? [] : [now.rows.get(conflict.id) as CellValue[]]))
      return {
        kind: 'conflict',
        version: latest,
        conflicts: conflicts.map(({ key, state }) => ({ key, state })),
        rows: rowsIpc(schema, rows)
      }
    }
  }

  const source: CellValue[][] = []
  for (const update of plan.updates) {
    const row = [...(base.rows.get(update.id) as CellValue[])]
    for (const [index, value] of update.values) row[index] = value
    source.push(row)
  }
  for (const insert of plan.inserts) source.push(insert)
  const rows = rowsIpc(schema, source)
  const deleteKeys = plan.deletes.map((d) => d.literal)
  const result = await table.mergeRows({ on: request.key, rows, expectedVersion: latest, deleteKeys }, options)
  return {
    kind: 'committed',
    version: result.version,
    previousVersion: (BigInt(result.version) - 1n).toString(),
    updated: result.updated,
    inserted: result.inserted,
    deleted: result.deleted
  }
}

/** The edits read against the schema: values parsed, keys as the key column holds them. */
interface EditPlan {
  readonly updates: readonly { readonly id: string; readonly key: string; readonly values: ReadonlyMap<number, CellValue> }[]
  readonly inserts: readonly CellValue[][]
  readonly insertIds: readonly { readonly id: string; readonly key: string }[]
  readonly deletes: readonly { readonly id: string; readonly key: string; readonly literal: string }[]
  /** Key ids the caller chose to overwrite. */
  readonly overwrite: readonly string[]
  /** SQL literals of every edited key. */
  readonly literals: readonly string[]
}

/** Reads every value and key of `request` against `schema`, or refuses with every problem found (the first few listed). */
function planEdits(schema: Schema, request: CommitEditsRequest): EditPlan {
  const problems: string[] = []
  const fields = schema.fields
  const index = new Map(fields.map((field, i) => [field.name, i]))
  const keyIndex = index.get(request.key)
  if (keyIndex === undefined) throw new CatalogError('invalid_request', `The table has no column ${request.key} to match rows on.`)
  const keyField = fields[keyIndex]!
  const keyIssue = keyProblem(keyField)
  if (keyIssue) throw new CatalogError('invalid_request', `Rows cannot be matched on ${request.key}: ${keyIssue}.`)
  for (const field of fields) {
    const problem = carryProblem(field.type)
    if (problem) throw new CatalogError('unsupported', `This table cannot be edited: column ${field.name}: ${problem}.`)
  }
  const keyAsField: EditField = { name: keyField.name, type: keyField.type, nullable: false }
  const seen = new Set<string>()
  const literals: string[] = []
  const keyOf = (text: string, what: string): { id: string; key: string; literal: string } | null => {
    const parsed = parseEditText(keyAsField, text)
    if (!parsed.ok) {
      problems.push(`${what}: ${parsed.message}`)
      return null
    }
    const id = keyId(parsed.value)
    if (seen.has(id)) problems.push(`${what}: the row with ${request.key} ${text} is edited more than once in this commit`)
    seen.add(id)
    const literal = keyLiteral(parsed.value)
    literals.push(literal)
    return { id, key: text, literal }
  }
  const valueOf = (column: string, text: string | null, where: string): { index: number; value: CellValue } | null => {
    const i = index.get(column)
    if (i === undefined) {
      problems.push(`${where}: the table has no column ${column}`)
      return null
    }
    const field = fields[i]!
    const reason = uneditableReason(field.type)
    if (reason) {
      problems.push(`${where}: column ${column} cannot be edited (${reason})`)
      return null
    }
    const parsed = parseEditText(field, text)
    if (!parsed.ok) {
      problems.push(`${where}: ${parsed.message}`)
      return null
    }
    return { index: i, value: parsed.value }
  }

  const updates = request.updates.flatMap((update) => {
    const where = `Row ${request.key} ${update.key}`
    const key = keyOf(update.key, where)
    const values = new Map<number, CellValue>()
    for (const [column, text] of Object.entries(update.values)) {
      if (column === request.key) {
        problems.push(`${where}: the key column ${column} cannot be changed; delete the row and add it anew`)
        continue
      }
      const parsed = valueOf(column, text, where)
      if (parsed) values.set(parsed.index, parsed.value)
    }
    return key ? [{ id: key.id, key: key.key, values }] : []
  })
  const insertIds: { id: string; key: string }[] = []
  const inserts = request.inserts.flatMap((values, n) => {
    const keyText = values[request.key]
    const where = `Added row ${n + 1}`
    if (keyText === undefined || keyText === null) {
      problems.push(`${where}: give the row a ${request.key}; rows are matched on it`)
      return []
    }
    const key = keyOf(keyText, where)
    for (const column of Object.keys(values)) if (!index.has(column)) problems.push(`${where}: the table has no column ${column}`)
    const row = fields.map((field) => {
      const text = values[field.name]
      if (text === undefined && uneditableReason(field.type) !== null) {
        if (!field.nullable) problems.push(`${where}: column ${field.name} cannot be typed and does not allow null`)
        return null
      }
      return valueOf(field.name, text ?? null, where)?.value ?? null
    })
    if (key) insertIds.push({ id: key.id, key: key.key })
    return [row]
  })
  const deletes = request.deletes.flatMap((text) => {
    const key = keyOf(text, `Deleted row ${request.key} ${text}`)
    return key ? [key] : []
  })
  const overwrite = request.overwrite.flatMap((text) => {
    const parsed = parseEditText(keyAsField, text)
    return parsed.ok ? [keyId(parsed.value)] : []
  })
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : ''
    throw new CatalogError('invalid_request', `${problems[0]}${more}.`, { issues: problems.slice(0, MAX_LISTED_PROBLEMS) })
  }
  return { updates, inserts, insertIds, deletes, overwrite, literals }
}

function checkUnique(key: string, read: KeyedRows, version: string): void {
  if (read.repeated.length === 0) return
  throw new CatalogError(
    'invalid_request',
    `Column ${key} does not identify rows: ${key} ${read.repeated[0]} names more than one row at version ${version}. Match rows on a column whose values are unique.`,
    { issues: read.repeated.slice(0, MAX_LISTED_PROBLEMS).map((id) => `${key} ${id}`) }
  )
}

function checkAgainstBase(plan: EditPlan, base: KeyedRows, key: string, version: string, withDeletes: boolean): void {
  const missing = [...plan.updates, ...(withDeletes ? plan.deletes : [])].find((edit) => !base.rows.has(edit.id))
  if (missing) throw new CatalogError('invalid_request', `No row has ${key} ${missing.key} at version ${version}, so it cannot be changed or deleted.`)
  const present = plan.insertIds.find((insert) => base.rows.has(insert.id))
  if (present) throw new CatalogError('invalid_request', `A row with ${key} ${present.key} already exists; change that row instead of adding another.`)
}

/** The edited rows that changed between the base version and now, except those to overwrite. */
function conflictsOf(plan: EditPlan, base: KeyedRows, now: KeyedRows, overwrite: ReadonlySet<string>): (EditConflict & { readonly id: string })[] {
  const conflicts: (EditConflict & { readonly id: string })[] = []
  for (const edit of [...plan.updates, ...plan.deletes]) {
    if (overwrite.has(edit.id)) continue
    const current = now.rows.get(edit.id)
    if (current === undefined) conflicts.push({ id: edit.id, key: edit.key, state: 'deleted' })
    else if (cellKey(current) !== cellKey(base.rows.get(edit.id))) conflicts.push({ id: edit.id, key: edit.key, state: 'changed' })
  }
  for (const insert of plan.insertIds) {
    if (!overwrite.has(insert.id) && now.rows.has(insert.id)) conflicts.push({ id: insert.id, key: insert.key, state: 'added' })
  }
  return conflicts
}

function sameSchema(a: Schema, b: Schema): boolean {
  return (
    a.fields.length === b.fields.length && a.fields.every((field, i) => field.name === b.fields[i]?.name && String(field.type) === String(b.fields[i]?.type))
  )
}
