/**
 * The walk's side of its budgets (find-budget.ts): the requests it spends, the time it
 * has, the names and columns it skips or cuts, counted as it goes and said once at the
 * end in a few notes rather than once per name.
 */
import type { FieldInfo } from '../../shared/catalog-types'
import type { CrawlBudget } from './find-budget'

/** `12,345`: counts in notes read as the user's numbers do. */
export function count(n: number): string {
  return n.toLocaleString('en-US')
}

/** `256 MiB`, `200 KiB`: a byte bound in words. */
export function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${count(Math.round(bytes / (1024 * 1024)))} MiB` : `${count(Math.max(1, Math.round(bytes / 1024)))} KiB`
}

/** `15 minutes`, `2 seconds`: a wall-time bound in words. */
export function duration(ms: number): string {
  if (ms >= 120_000) return `${count(Math.round(ms / 60_000))} minutes`
  const seconds = Math.max(1, Math.round(ms / 1000))
  return seconds === 1 ? '1 second' : `${count(seconds)} seconds`
}

/**
 * One walk's spending against its budget. `stop` ends the walk (through its own signal,
 * so the caller's stays unaborted: a walk stopped by a bound finishes, it is not cancelled)
 * with one note saying why.
 */
export class CrawlSpend {
  readonly #controller = new AbortController()
  readonly #timer: NodeJS.Timeout
  #requests = 0
  #stopped = false
  /** Names over the length bound, skipped. */
  longNames = 0
  /** Namespaces deeper than the depth bound, not walked. */
  tooDeep = 0
  /** Tables whose columns were cut at the fields bound. */
  partialTables = 0

  constructor(
    private readonly budget: CrawlBudget,
    private readonly parent: AbortSignal,
    private readonly note: (message: string) => void
  ) {
    if (parent.aborted) this.#controller.abort()
    parent.addEventListener('abort', this.#onCancel, { once: true })
    this.#timer = setTimeout(() => this.stop(`Stopped after ${duration(budget.wallMs)}: Find lists a catalog for at most that long.`), budget.wallMs)
  }

  /** Aborts on the caller's cancel or on a bound. */
  get signal(): AbortSignal {
    return this.#controller.signal
  }

  /** Counts one request; false (and the walk stops) once the budget is spent. */
  request(): boolean {
    if (this.#controller.signal.aborted) return false
    if (this.#requests >= this.budget.requests) {
      this.stop(`Stopped after ${count(this.budget.requests)} requests to the catalog: Find asks a catalog at most that often per search.`)
      return false
    }
    this.#requests++
    return true
  }

  /** Ends the walk with `message` (once; never after the caller cancelled). */
  stop(message: string): void {
    if (this.#stopped || this.parent.aborted) return
    this.#stopped = true
    this.note(message)
    this.#controller.abort()
  }

  /** True when `name` may be indexed; a name over the bound is counted. */
  fits(name: string): boolean {
    if (name.length <= this.budget.nameChars && name !== '') return true
    if (name !== '') this.longNames++
    return false
  }

  /**
   * The columns to index of a described table: the first `fieldsPerTable` (nested fields
   * counted), without those whose names are over the bound; a table cut short is counted.
   */
  fields(fields: readonly FieldInfo[]): FieldInfo[] {
    let left = this.budget.fieldsPerTable
    let cut = false
    const walk = (list: readonly FieldInfo[]): FieldInfo[] => {
      const kept: FieldInfo[] = []
      for (const field of list) {
        if (left <= 0) {
          cut = true
          break
        }
        if (!this.fits(field.name)) continue
        left--
        kept.push(field.children ? { ...field, children: walk(field.children) } : field)
      }
      return kept
    }
    const kept = walk(fields)
    if (cut) this.partialTables++
    return kept
  }

  /** The notes of what was skipped or cut; called once, when the walk has ended. */
  finish(): void {
    clearTimeout(this.#timer)
    this.parent.removeEventListener('abort', this.#onCancel)
    if (this.parent.aborted) return
    const { nameChars, namespaceDepth, fieldsPerTable } = this.budget
    if (this.longNames > 0)
      this.note(
        `${count(this.longNames)} ${this.longNames === 1 ? 'name' : 'names'} longer than ${count(nameChars)} characters ${this.longNames === 1 ? 'was' : 'were'} skipped.`
      )
    if (this.tooDeep > 0)
      this.note(
        `${count(this.tooDeep)} ${this.tooDeep === 1 ? 'namespace' : 'namespaces'} deeper than ${count(namespaceDepth)} levels ${this.tooDeep === 1 ? 'was' : 'were'} not searched.`
      )
    if (this.partialTables > 0) {
      const tables = this.partialTables === 1 ? '1 table' : `${count(this.partialTables)} tables`
      this.note(`Columns of ${tables} with more than ${count(fieldsPerTable)} columns were indexed in part.`)
    }
  }

  readonly #onCancel = (): void => this.#controller.abort()
}
