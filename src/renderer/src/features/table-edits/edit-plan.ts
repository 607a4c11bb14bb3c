/**
 * What a commit of staged edits does, said two ways: the plan in Lance's terms ("merge
 * insert on `id`: 3 updates, 1 insert, 2 deletes, from version 41 to 42") and the same
 * change written with LanceDB's SDK, in TypeScript and Python, for a person to copy.
 * Updated rows are written whole by a merge insert, so the code reads their other columns
 * first, as the app does.
 */
import { DataType } from 'apache-arrow'
import type { TableRef } from '@shared/catalog-types'
import type { CellText, StagedEdits } from './staged-edits'

/** The plan's facts. */
export interface EditPlan {
  readonly table: TableRef
  readonly key: string
  readonly edits: StagedEdits
  /** The Arrow type of a column, where the grid knows it. */
  readonly typeOf: (column: string) => DataType | undefined
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

/** The plan in one line. */
export function planText({ key, edits }: EditPlan): string {
  const counts = [
    plural(edits.updates.size, 'update', 'updates'),
    plural(edits.inserts.length, 'insert', 'inserts'),
    plural(edits.deletes.size, 'delete', 'deletes')
  ]
  const from = edits.base
  const versions = from === null ? '' : `, from version ${from} to ${(BigInt(from) + 1n).toString()}`
  return `merge insert on \`${key}\`: ${counts.join(', ')}${versions}`
}

/** A column name in Lance SQL. */
function sqlName(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``
}

/** A key's value in Lance SQL: numbers bare, anything else quoted. */
function sqlValue(type: DataType | undefined, text: string): string {
  const numeric = type !== undefined && (DataType.isInt(type) || DataType.isFloat(type) || DataType.isDecimal(type))
  return numeric && /^[+-]?[0-9.eE+-]+$/.test(text.trim()) ? text.trim() : `'${text.replaceAll("'", "''")}'`
}

/** The filter naming the rows of `keys`. */
export function keyFilter(plan: EditPlan, keys: Iterable<string>): string {
  return `${sqlName(plan.key)} IN (${[...keys].map((key) => sqlValue(plan.typeOf(plan.key), key)).join(', ')})`
}

type Language = 'typescript' | 'python'

/** A JSON value as a Python literal. */
function pythonOf(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (Array.isArray(value)) return `[${value.map(pythonOf).join(', ')}]`
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonOf(v)}`)
      .join(', ')}}`
  }
  return JSON.stringify(value)
}

/** A cell's value as a literal of `language`, by the column's type. */
function literal(type: DataType | undefined, text: CellText, language: Language): string {
  const py = language === 'python'
  if (text === null) return py ? 'None' : 'null'
  const t = text.trim()
  if (type === undefined || DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return JSON.stringify(text)
  if (DataType.isInt(type)) return !py && !Number.isSafeInteger(Number(t)) ? `${BigInt(t)}n` : t
  if (DataType.isFloat(type)) {
    if (t === 'NaN') return py ? 'float("nan")' : 'NaN'
    if (/^\+?Infinity$/.test(t)) return py ? 'float("inf")' : 'Infinity'
    if (t === '-Infinity') return py ? 'float("-inf")' : '-Infinity'
    return t
  }
  if (DataType.isDecimal(type)) return py ? `Decimal(${JSON.stringify(t)})` : JSON.stringify(t)
  if (DataType.isBool(type)) return t.toLowerCase() === 'true' ? (py ? 'True' : 'true') : py ? 'False' : 'false'
  if (DataType.isDate(type)) return py ? `date.fromisoformat(${JSON.stringify(t)})` : `new Date(${JSON.stringify(t)})`
  if (DataType.isTimestamp(type)) return py ? `datetime.fromisoformat(${JSON.stringify(t)})` : `new Date(${JSON.stringify(t)})`
  try {
    const json: unknown = JSON.parse(t)
    return py ? pythonOf(json) : JSON.stringify(json)
  } catch {
    return JSON.stringify(text)
  }
}

/** One row's values as an object literal. */
function rowLiteral(plan: EditPlan, values: Readonly<Record<string, CellText>>, language: Language): string {
  const members = Object.entries(values).map(([column, text]) => `${JSON.stringify(column)}: ${literal(plan.typeOf(column), text, language)}`)
  return `{ ${members.join(', ')} }`
}

/**
 * The statement that writes the change: a delete alone when nothing else changed, else one
 * merge insert of `sources` (updated and inserted rows) that also deletes the deleted keys.
 */
function writeStatement(plan: EditPlan, sources: readonly string[], language: Language): string[] {
  const deletes = plan.edits.deletes.size > 0 ? JSON.stringify(keyFilter(plan, plan.edits.deletes)) : null
  const key = JSON.stringify(plan.key)
  if (language === 'typescript') {
    if (sources.length === 0 && deletes) return [`await table.delete(${deletes})`]
    const deleting = deletes ? [`  .whenNotMatchedBySourceDelete({ where: ${deletes} })`] : []
    return [
      'await table',
      `  .mergeInsert(${key})`,
      '  .whenMatchedUpdateAll()',
      '  .whenNotMatchedInsertAll()',
      ...deleting,
      `  .execute([${sources.join(', ')}])`
    ]
  }
  if (sources.length === 0 && deletes) return [`table.delete(${deletes})`]
  const deleting = deletes ? [`    .when_not_matched_by_source_delete(${deletes})`] : []
  return [
    '(',
    '    table',
    `    .merge_insert(${key})`,
    '    .when_matched_update_all()',
    '    .when_not_matched_insert_all()',
    ...deleting,
    `    .execute(${sources.join(' + ')})`,
    ')'
  ]
}

/** The added rows as a list named `inserted`, one row a line. */
function insertedList(plan: EditPlan, language: Language): string[] {
  const indent = language === 'typescript' ? '  ' : '    '
  const rows = plan.edits.inserts.map((row) => `${indent}${rowLiteral(plan, row.values, language)},`)
  return [language === 'typescript' ? 'const inserted = [' : 'inserted = [', ...rows, ']']
}

function tableOpen(table: TableRef, language: Language): string {
  const name = JSON.stringify(table.name)
  const namespace = table.namespace.length === 0 ? '' : JSON.stringify(table.namespace)
  if (language === 'python') return `table = db.open_table(${name}${namespace ? `, namespace=${namespace}` : ''})`
  return `const table = await db.openTable(${name}${namespace ? `, ${namespace}` : ''})`
}

/** The change as TypeScript on `@lancedb/lancedb`. */
export function typescriptCode(plan: EditPlan): string {
  const { edits } = plan
  const lines = [
    "import * as lancedb from '@lancedb/lancedb'",
    '',
    "const db = await lancedb.connect('<the catalog’s location>')",
    tableOpen(plan.table, 'typescript')
  ]
  const sources: string[] = []
  if (edits.updates.size > 0) {
    lines.push('', `// Changed cells of existing rows, by ${plan.key}. A merge insert writes whole rows: read the rest first.`)
    lines.push('const changes = new Map<string, Record<string, unknown>>([')
    for (const row of edits.updates.values()) lines.push(`  [${JSON.stringify(row.key)}, ${rowLiteral(plan, row.changed, 'typescript')}],`)
    lines.push('])')
    lines.push(`const current = await table.query().where(${JSON.stringify(keyFilter(plan, edits.updates.keys()))}).limit(changes.size).toArray()`)
    lines.push(`const updated = current.map((row) => ({ ...row.toJSON(), ...changes.get(String(row[${JSON.stringify(plan.key)}])) }))`)
    sources.push('...updated')
  }
  if (edits.inserts.length > 0) {
    lines.push(...insertedList(plan, 'typescript'))
    sources.push('...inserted')
  }
  return [...lines, '', ...writeStatement(plan, sources, 'typescript')].join('\n')
}

/** The change as Python on `lancedb`. */
export function pythonCode(plan: EditPlan): string {
  const { edits } = plan
  const types = [...edits.updates.values()].flatMap((row) => Object.keys(row.changed)).concat(edits.inserts.flatMap((row) => Object.keys(row.values)))
  const uses = (test: (type: DataType) => boolean): boolean =>
    types.some((column) => {
      const type = plan.typeOf(column)
      return type !== undefined && test(type)
    })
  const lines = ['import lancedb']
  if (uses((type) => DataType.isDecimal(type))) lines.push('from decimal import Decimal')
  const dates = [uses((type) => DataType.isDate(type)) && 'date', uses((type) => DataType.isTimestamp(type)) && 'datetime'].filter(Boolean)
  if (dates.length > 0) lines.push(`from datetime import ${dates.join(', ')}`)
  lines.push('', 'db = lancedb.connect("<the catalog’s location>")', tableOpen(plan.table, 'python'))
  const sources: string[] = []
  if (edits.updates.size > 0) {
    lines.push('', `# Changed cells of existing rows, by ${plan.key}. A merge insert writes whole rows: read the rest first.`, 'changes = {')
    for (const row of edits.updates.values()) lines.push(`    ${JSON.stringify(row.key)}: ${rowLiteral(plan, row.changed, 'python')},`)
    lines.push('}')
    lines.push(`current = table.search().where(${JSON.stringify(keyFilter(plan, edits.updates.keys()))}).limit(len(changes)).to_list()`)
    lines.push(`updated = [{**row, **changes[str(row[${JSON.stringify(plan.key)}])]} for row in current]`)
    sources.push('updated')
  }
  if (edits.inserts.length > 0) {
    lines.push(...insertedList(plan, 'python'))
    sources.push('inserted')
  }
  return [...lines, '', ...writeStatement(plan, sources, 'python')].join('\n')
}
