/**
 * Answers about tables (a REST catalog's describe) kept under the same freshness rule as
 * kept tables (lance/table-handles.ts): reused for TABLE_FRESHNESS_MS, forgotten when this
 * app changes the table, and asked again after the user's Refresh.
 */
import type { TableRef } from '../shared/catalog-types'
import { TABLE_FRESHNESS_MS } from './lance/table-handles'

/** Most answers kept; the oldest go first. */
const MAX_ANSWERS = 256

/** Per-table answers of one connection. */
export class FreshAnswers<T> {
  readonly #answers = new Map<string, { readonly answer: Promise<T>; readonly at: number }>()

  constructor(private readonly freshnessMs = TABLE_FRESHNESS_MS) {}

  /** The kept answer for `table` while fresh, else `load`'s (kept once it succeeds). */
  get(table: TableRef, load: () => Promise<T>): Promise<T> {
    const key = keyOf(table)
    const kept = this.#answers.get(key)
    if (kept && Date.now() - kept.at < this.freshnessMs) return kept.answer
    const answer = load()
    const entry = { answer, at: Date.now() }
    this.#answers.delete(key)
    this.#answers.set(key, entry)
    if (this.#answers.size > MAX_ANSWERS) this.#answers.delete(this.#answers.keys().next().value as string)
    answer.catch(() => {
      if (this.#answers.get(key) === entry) this.#answers.delete(key)
    })
    return answer
  }

  /** Forgets the answer for `table` (this app changed it). */
  forget(table: TableRef): void {
    this.#answers.delete(keyOf(table))
  }

  /** Forgets every answer (the user's Refresh). */
  clear(): void {
    this.#answers.clear()
  }
}

function keyOf(table: TableRef): string {
  return JSON.stringify([...table.namespace, table.name])
}
