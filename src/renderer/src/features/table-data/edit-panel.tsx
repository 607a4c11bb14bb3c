/**
 * Staged edits above the grid: the pending bar (counts by kind, each with its mark;
 * what blocks Commit; Discard, Review and Commit), the new rows, and the Review, Discard
 * and conflict dialogs. Ctrl+S commits and Alt+Insert adds a row while focus is in the
 * table's data tab.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Field } from 'apache-arrow'
import type { TableRef } from '@shared/catalog-types'
import type { CommitEditsResult } from '@shared/contract/edits'
import { gridPagesView, queryKeys, type RowsView } from '../../lib/query-keys'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { valueProblem } from '../table-edits/cell-text'
import { ConflictDialog } from '../table-edits/conflict-dialog'
import { useStagedEdits } from '../table-edits/edits-store'
import { ReviewDialog } from '../table-edits/review-dialog'
import { addRow, dropKeys, editCounts, isEmpty, NO_EDITS, rebase, type StagedEdits } from '../table-edits/staged-edits'
import { commitRequest, useCommitEdits } from '../table-edits/use-commit-edits'
import type { EditAccess } from '../table-edits/use-editability'
import styles from './edit-panel.module.css'
import { NewRows } from './new-rows'
import { useRowPages } from './use-table-rows'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly view: RowsView
  readonly access: EditAccess
  /** The columns the grid shows (name and readable type; bytes marked). */
  readonly columns: readonly { readonly name: string; readonly type: string; readonly bytes?: boolean }[]
}

type Conflict = Extract<CommitEditsResult, { kind: 'conflict' }>

/** The first values that do not fit their columns, and how many there are. */
function problemsOf(
  edits: StagedEdits,
  fields: ReadonlyMap<string, Field>,
  key: string | null,
  shown: readonly string[]
): { count: number; first: string | null } {
  let count = 0
  let first: string | null = null
  const check = (column: string, value: string | null): void => {
    const field = fields.get(column)
    const problem = field ? valueProblem(field, value) : null
    if (problem === null) return
    count++
    first ??= problem
  }
  for (const row of edits.updates.values()) for (const [column, value] of Object.entries(row.changed)) check(column, value)
  for (const row of edits.inserts) {
    for (const column of shown) check(column, row.values[column] ?? null)
    if (key !== null && (row.values[key] ?? null) === null && fields.get(key)?.nullable) {
      count++
      first ??= `A new row needs a value in the key column ${key}.`
    }
  }
  return { count, first }
}

/** The pending bar, new rows and the editing dialogs of one table's data tab. */
export function EditPanel({ connectionId, table, view, access, columns }: Props): ReactNode {
  const client = useQueryClient()
  const [edits, change] = useStagedEdits(connectionId, table)
  const [dialog, setDialog] = useState<'review' | 'discard' | null>(null)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const ref = useRef<HTMLDivElement>(null)
  const commit = useCommitEdits(connectionId, table, change)
  // The columns' Arrow types, from the schema of the grid's first page: read under the view
  // data-grid.tsx reads its pages under, so it comes from the grid's cache.
  const readView = useMemo<RowsView>(() => gridPagesView(view, columns), [view, columns])
  const { pages } = useRowPages(connectionId, table, readView, [0])
  const schema = pages.get(0)?.schema
  const fields = useMemo(() => new Map<string, Field>((schema?.fields ?? []).map((field) => [field.name, field])), [schema])
  const editable = columns.filter((column) => fields.has(column.name)).map((column) => column.name)
  const problems = problemsOf(edits, fields, access.key, editable)
  const counts = editCounts(edits)
  const blocked = !access.on
    ? access.reason
    : problems.count > 0
      ? `${problems.count === 1 ? '1 value needs' : `${problems.count} values need`} fixing before Commit: ${problems.first ?? ''}`
      : null

  const send = (overwrite: readonly string[]): void => {
    if (blocked !== null || access.key === null || isEmpty(edits)) return
    commit.mutate(commitRequest(connectionId, table, access.key, edits, overwrite), {
      onSuccess: (result) => {
        if (result.kind === 'conflict') {
          setDialog(null)
          setConflict(result)
        } else {
          setDialog(null)
          setConflict(null)
        }
      }
    })
  }
  const add = (): void => {
    if (access.on) change((current) => addRow(current, {}, access.answer?.version ?? null).edits)
  }

  // Ctrl+S and Alt+Insert while focus is in this data tab (the panel's parent). The keys act
  // on the edits as they are after the key: Ctrl+S in a cell editor keeps its value first, so
  // the commit runs once that value is staged (after this event's render).
  const latest = useRef({ send, add, empty: isEmpty(edits) })
  useEffect(() => {
    latest.current = { send, add, empty: isEmpty(edits) }
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const tab = ref.current?.parentElement
      // The key's target may be a cell editor that closed on this very key: then the focus,
      // given back to the grid, says where the key was pressed.
      const inTab = (node: EventTarget | null): boolean => node instanceof Node && tab !== null && tab !== undefined && tab.contains(node)
      if (!inTab(event.target) && !inTab(document.activeElement)) return
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault()
        setTimeout(() => {
          if (!latest.current.empty) latest.current.send([])
        }, 0)
      } else if (event.altKey && event.key === 'Insert') {
        event.preventDefault()
        latest.current.add()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const plan = { table, key: access.key ?? '', edits, typeOf: (column: string) => fields.get(column)?.type }
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      {!isEmpty(edits) && (
        <div className={styles.pendingBar} role="region" aria-label="Pending changes">
          <span className={styles.pendingCounts} role="status" aria-label="Pending change counts">
            <span className={styles.pendingCount}>
              <span aria-hidden>✎</span> {counts.updates} changed
            </span>
            <span className={styles.pendingCount}>
              <span aria-hidden>+</span> {counts.inserts} added
            </span>
            <span className={styles.pendingCount}>
              <span aria-hidden>−</span> {counts.deletes} deleted
            </span>
            {edits.base !== null && <span className="muted">on version {edits.base}</span>}
          </span>
          <span className={styles.pendingActions}>
            <Button size="sm" onClick={() => setDialog('discard')}>
              Discard
            </Button>
            <Button size="sm" onClick={() => setDialog('review')}>
              Review
            </Button>
            <Button
              size="sm"
              variant="primary"
              busy={commit.isPending}
              disabled={blocked !== null}
              disabledReason={blocked ?? undefined}
              title="Commit (Ctrl+S)"
              onClick={() => send([])}
            >
              Commit
            </Button>
          </span>
          {blocked !== null && <p className={styles.pendingProblem}>{blocked}</p>}
          {commit.isError && dialog === null && conflict === null && <ErrorAlert error={commit.error} />}
        </div>
      )}
      <NewRows edits={edits} change={change} columns={columns.filter((column) => !column.bytes)} fields={fields} />
      {dialog === 'review' && (
        <ReviewDialog plan={plan} blocked={blocked} pending={commit.isPending} error={commit.error} onCommit={() => send([])} onClose={() => setDialog(null)} />
      )}
      {dialog === 'discard' && (
        <ConfirmDialog
          title="Discard changes"
          confirmLabel="Discard"
          danger
          onConfirm={() => {
            change(() => NO_EDITS)
            setDialog(null)
          }}
          onClose={() => setDialog(null)}
        >
          <p>
            Discard {counts.updates} changed, {counts.inserts} added and {counts.deletes} deleted{' '}
            {counts.updates + counts.inserts + counts.deletes === 1 ? 'row' : 'rows'}? Nothing was committed, so the table stays as it is.
          </p>
        </ConfirmDialog>
      )}
      {conflict && access.key !== null && (
        <ConflictDialog
          table={table.name}
          keyColumn={access.key}
          base={edits.base ?? conflict.version}
          version={conflict.version}
          conflicts={conflict.conflicts}
          pending={commit.isPending}
          error={commit.error}
          onKeepMine={() => send(conflict.conflicts.map((row) => row.key))}
          onReload={() => {
            change((current) =>
              rebase(
                dropKeys(
                  current,
                  conflict.conflicts.map((row) => row.key)
                ),
                conflict.version
              )
            )
            setConflict(null)
            void client.invalidateQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
            void client.invalidateQueries({ queryKey: queryKeys.table(connectionId, table) })
          }}
          onClose={() => setConflict(null)}
        />
      )}
    </div>
  )
}
