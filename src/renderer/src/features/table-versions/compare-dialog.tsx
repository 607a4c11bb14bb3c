/**
 * Compare two versions: pick them (the version before the latest and the latest at first)
 * and how rows are matched (the table's stable row ids, or a key column), then see the
 * schema diff and the rows added, deleted and updated, with the method used and what it
 * cannot see, then the changed rows themselves, a page at a time. Escape and Cancel close it in every state; a count still running is left to
 * finish unseen.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { FieldInfo, TableRef } from '@shared/catalog-types'
import type { VersionDiff } from '@shared/contract/changes'
import { formatExactInt, type ExactInt } from '@shared/exact-int'
import { api, unwrap } from '../../lib/api'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Select } from '../../ui/select'
import { ChangedRows } from './changed-rows'
import styles from './versions.module.css'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  /** Every version, oldest first. */
  readonly versions: readonly ExactInt[]
  /** The latest version's columns, offered as keys. */
  readonly fields: readonly FieldInfo[]
  /** The earlier version to start with (the one before the latest unless told); the later is the latest. */
  readonly initialFrom?: ExactInt | undefined
  /** Counts on opening, by row lineage (a table without stable row ids then asks for a key). */
  readonly countAtOnce?: boolean
  readonly onClose: () => void
}

const LINEAGE = ''

/** The Compare versions dialog. */
export function CompareDialog({ connectionId, table, versions, fields, initialFrom, countAtOnce = false, onClose }: Props): ReactNode {
  const [from, setFrom] = useState(initialFrom ?? versions.at(-2) ?? versions[0] ?? '1')
  const [to, setTo] = useState(versions.at(-1) ?? '1')
  const [key, setKey] = useState(LINEAGE)
  const count = useMutation({
    mutationFn: () => unwrap(api.changes.count({ connectionId, table, from, to, ...(key === LINEAGE ? {} : { key }) }))
  })
  const same = from === to
  const counted = useRef(false)
  const { mutate } = count
  // Once, on opening (the ref outlives StrictMode's second run of the effect).
  useEffect(() => {
    if (!countAtOnce || counted.current || same) return
    counted.current = true
    mutate()
  }, [countAtOnce, same, mutate])
  const pick = (set: (v: string) => void) => (value: string) => {
    set(value)
    count.reset()
  }
  return (
    <Dialog
      title="Compare versions"
      onClose={onClose}
      onSubmit={() => !count.isPending && !same && count.mutate()}
      footer={{
        submitLabel: count.isPending ? 'Counting…' : 'Count changes',
        busy: count.isPending,
        submitDisabled: same,
        disabledReason: same ? 'Choose two different versions' : undefined
      }}
      wide
    >
      <div className={styles.compareChoices}>
        <VersionSelect label="From version" value={from} versions={versions} onChange={pick(setFrom)} />
        <VersionSelect label="To version" value={to} versions={versions} onChange={pick(setTo)} />
        <div className="field">
          <label htmlFor="compare-key">Match rows by</label>
          <Select id="compare-key" value={key} onChange={(event) => pick(setKey)(event.target.value)}>
            <option value={LINEAGE}>row lineage (stable row ids)</option>
            {fields.map((field) => (
              <option key={field.name} value={field.name}>{`key column ${field.name}`}</option>
            ))}
          </Select>
        </div>
      </div>
      {count.isError && <ErrorAlert error={count.error} />}
      {count.isSuccess && <DiffReport diff={count.data} />}
      {count.isSuccess && <ChangedRows connectionId={connectionId} table={table} diff={count.data} />}
    </Dialog>
  )
}

function VersionSelect({
  label,
  value,
  versions,
  onChange
}: {
  label: string
  value: string
  versions: readonly ExactInt[]
  onChange: (v: string) => void
}): ReactNode {
  const id = `compare-${label.replace(/\s/g, '-').toLowerCase()}`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {versions.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </Select>
    </div>
  )
}

function DiffReport({ diff }: { readonly diff: VersionDiff }): ReactNode {
  const { schema } = diff
  const schemaLines = [
    ...schema.added.map((f) => `added ${f.name} (${f.type})`),
    ...schema.dropped.map((f) => `dropped ${f.name} (${f.type})`),
    ...schema.retyped.map((f) => `${f.name}: ${f.from} → ${f.to}`)
  ]
  return (
    <div role="status" aria-label="Changes">
      <dl className={styles.diffCounts}>
        <dt>Rows added</dt>
        <dd>{formatExactInt(diff.added)}</dd>
        <dt>Rows deleted</dt>
        <dd>{formatExactInt(diff.deleted)}</dd>
        <dt>Rows updated</dt>
        <dd>{diff.updated === null ? 'not counted' : formatExactInt(diff.updated)}</dd>
        <dt>Schema</dt>
        <dd>{schemaLines.length === 0 ? 'unchanged' : schemaLines.join('; ')}</dd>
      </dl>
      <p className={styles.quiet}>
        {`From version ${diff.from} to ${diff.to}, ${diff.method === 'row-lineage' ? 'by row lineage' : `by key column ${diff.key ?? ''}`}. ${diff.limits}`}
      </p>
    </div>
  )
}
