/**
 * Whether the rows shown can be edited, on which key, and why not where they cannot: the
 * catalog's answer (`tables:editability`), the key (the table's primary key, else the
 * column the user picked among the candidates), and what the grid at hand rules out
 * (a search's rows, a hidden key column).
 */
import { useQuery } from '@tanstack/react-query'
import { create } from 'zustand'
import type { TableRef } from '@shared/catalog-types'
import type { Editability } from '@shared/contract/edits'
import type { ExactInt } from '@shared/exact-int'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { editsId } from './edits-store'

/** The editability answer's query key: under the table's key, so a write or refresh asks again. */
export function editabilityKey(connectionId: string, table: TableRef, version: ExactInt | null) {
  return [...queryKeys.table(connectionId, table), 'editability', version ?? 'latest'] as const
}

interface KeyChoiceState {
  readonly chosen: Readonly<Record<string, string>>
  choose(id: string, column: string | null): void
}

/** Key columns users picked for tables without a primary key (UI state). */
const useKeyChoices = create<KeyChoiceState>()((set) => ({
  chosen: {},
  choose: (id, column) =>
    set((state) => {
      const chosen = { ...state.chosen }
      if (column === null) delete chosen[id]
      else chosen[id] = column
      return { chosen }
    })
}))

/** Editing of one table as the grid offers it. */
export interface EditAccess {
  /** The catalog's answer; null while it is asked for (or when it failed, see `error`). */
  readonly answer: Editability | null
  readonly error: unknown
  /** The key column edits are matched on; null until there is one. */
  readonly key: string | null
  /** Picks the key column (only where the table has no primary key). */
  readonly chooseKey: (column: string | null) => void
  /** True when cells can be edited now. */
  readonly on: boolean
  /** Why editing is off, in a sentence; null when it is on. */
  readonly reason: string | null
}

/** What the grid at hand rules out, besides the catalog's answer. */
interface GridFacts {
  readonly version: ExactInt | null
  readonly searching: boolean
  /** Columns shown (null: all). */
  readonly shown: readonly string[] | null
}

/** The editing access to a table's rows in the grid. */
export function useEditAccess(connectionId: string, table: TableRef, facts: GridFacts): EditAccess {
  const query = useQuery({
    queryKey: editabilityKey(connectionId, table, facts.version),
    queryFn: () => unwrap(api.tables.editability({ connectionId, table, ...(facts.version === null ? {} : { version: facts.version }) }))
  })
  const id = editsId(connectionId, table)
  const picked = useKeyChoices((state) => state.chosen[id] ?? null)
  const choose = useKeyChoices((state) => state.choose)
  const answer = query.data ?? null
  const key = answer?.primaryKey ?? (picked !== null && answer?.keyColumns.includes(picked) ? picked : null)
  const reason = offReason(answer, query.isError, key, facts)
  return { answer, error: query.error, key, chooseKey: (column) => choose(id, column), on: reason === null, reason }
}

function offReason(answer: Editability | null, failed: boolean, key: string | null, facts: GridFacts): string | null {
  if (facts.version !== null) return 'An older version is open read-only: rows are edited on the latest version.'
  if (failed) return 'Whether this table can be edited could not be found out.'
  if (answer === null) return 'Checking whether this table can be edited…'
  if (!answer.editable) return answer.reason ?? 'This table cannot be edited here.'
  if (facts.searching) return 'Rows found by a search are not edited here: clear the search to edit the table’s rows.'
  if (key === null) {
    return answer.keyColumns.length === 0
      ? 'The table has no primary key and no column that can serve as one (a column of integers or strings).'
      : 'Pick the key column that names each row to edit rows.'
  }
  if (facts.shown !== null && !facts.shown.includes(key)) return `Show the key column ${key} to edit rows.`
  return null
}
