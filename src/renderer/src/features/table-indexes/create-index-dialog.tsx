/**
 * The create-index dialog: a column, the index types its type allows (default first), a
 * name and the type's parameters with sensible starting values. While the index builds,
 * the dialog shows progress; Cancel (or Escape) then stops the build and closes, and a
 * toast says how it ended (stopped, or finished before the stop reached it).
 */
import { useId, useRef, useState, type ReactNode } from 'react'
import type { FieldInfo, TableRef } from '@shared/catalog-types'
import { DISTANCE_TYPES, type IndexType } from '@shared/index-types'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Field } from '../../ui/field'
import { NumberField } from '../../ui/number-field'
import { Select } from '../../ui/select'
import { INDEX_TYPE_HINTS, indexableFields, indexTypesFor } from './index-choices'
import { formFor, INDEX_NUMBER, paramsOf, specOf, type IndexForm, type IndexNumberParam } from './index-form'
import { cancelIndexBuild, useCreateIndex } from './use-indexes'
import styles from './indexes.module.css'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  /** The table as people read it, e.g. `analytics$events`. */
  readonly tableName: string
  readonly fields: readonly FieldInfo[]
  readonly rows: number | null
  readonly onClose: () => void
}

/** Creates an index on one of the table's columns. */
export function CreateIndexDialog({ connectionId, table, tableName, fields, rows, onClose }: Props): ReactNode {
  const candidates = indexableFields(fields)
  const [form, setForm] = useState<IndexForm>(() => formFor(candidates.find((f) => f.type.startsWith('vector<')) ?? candidates[0], rows))
  const [tried, setTried] = useState(false)
  const create = useCreateIndex(connectionId, table)
  // Set when the person leaves while the build runs: the outcome then goes to a toast.
  const left = useRef(false)
  const operationId = useRef('')
  const ids = { column: useId(), type: useId(), distance: useId(), positions: useId() }
  const field = candidates.find((candidate) => candidate.name === form.column)
  const types = field ? indexTypesFor(field) : []
  const params = paramsOf(form.indexType)
  const built = specOf(form, field?.dimension)
  const problems = tried ? (built.problems ?? {}) : {}
  const indexLabel = built.spec?.name ?? `${form.column}_idx`

  const set = (change: Partial<IndexForm>): void => setForm((current) => ({ ...current, ...change }))
  const submit = (): void => {
    setTried(true)
    if (!built.spec || create.isPending) return
    operationId.current = crypto.randomUUID()
    const build = { spec: built.spec, operationId: operationId.current, indexName: indexLabel, tableName, left }
    // Closing through mutate(): skipped if this dialog closed before the answer came.
    create.mutate(build, { onSuccess: onClose })
  }
  // Cancel and Escape: while building, stop the build and leave the outcome to a toast.
  const close = (): void => {
    if (create.isPending) {
      left.current = true
      void cancelIndexBuild(operationId.current).catch(() => undefined)
    }
    onClose()
  }

  return (
    <Dialog
      title="Create index"
      onClose={close}
      onSubmit={submit}
      footer={{
        submitLabel: create.isPending ? 'Creating…' : 'Create index',
        busy: create.isPending,
        submitDisabled: candidates.length === 0,
        disabledReason: 'This table has no column that can be indexed',
        cancel: { label: create.isPending ? 'Cancel build' : 'Cancel' }
      }}
    >
      <p className="muted">
        Builds an index on <code>{tableName}</code>; this writes a new version of the table.
      </p>
      {candidates.length === 0 ? (
        <p>No column of this table can take an index (vectors, numbers, strings, dates, booleans and lists can).</p>
      ) : (
        <fieldset className={styles.form} disabled={create.isPending}>
          <div className="field">
            <label htmlFor={ids.column}>Column</label>
            <Select
              id={ids.column}
              autoFocus
              value={form.column}
              onChange={(event) =>
                setForm(
                  formFor(
                    candidates.find((f) => f.name === event.target.value),
                    rows,
                    form.name
                  )
                )
              }
              options={candidates.map((candidate) => ({ value: candidate.name, label: `${candidate.name} (${candidate.type})` }))}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.type}>Index type</label>
            <Select
              id={ids.type}
              value={form.indexType}
              aria-describedby={`${ids.type}-hint`}
              onChange={(event) => set({ indexType: event.target.value as IndexType })}
              options={types.map((type, index) => ({ value: type, label: index === 0 ? `${type} (default)` : type }))}
            />
            <p id={`${ids.type}-hint`} className="field-hint muted">
              {form.indexType === '' ? '' : INDEX_TYPE_HINTS[form.indexType]}
            </p>
          </div>
          <Field
            label="Index name"
            value={form.name}
            onChange={(name) => set({ name })}
            placeholder={`${form.column}_idx`}
            hint="Leave empty for LanceDB's default name."
            error={problems.name}
          />
          {params.vector && (
            <div className="field">
              <label htmlFor={ids.distance}>Distance</label>
              <Select id={ids.distance} value={form.distanceType} onChange={(event) => set({ distanceType: event.target.value as IndexForm['distanceType'] })}>
                {DISTANCE_TYPES.map((distance) => (
                  <option key={distance} value={distance}>
                    {distance}
                  </option>
                ))}
              </Select>
            </div>
          )}
          {params.vector && (
            <div className="field-columns">
              {numberParams(params).map(({ key, label, hint }) => (
                <NumberField
                  key={key}
                  label={label}
                  {...INDEX_NUMBER}
                  value={form[key]}
                  onChange={(text) => set({ [key]: text })}
                  hint={hint}
                  error={problems[key]}
                />
              ))}
            </div>
          )}
          {params.fts && (
            <label className={styles.check} htmlFor={ids.positions}>
              <input id={ids.positions} type="checkbox" checked={form.withPosition} onChange={(event) => set({ withPosition: event.target.checked })} />
              Store word positions (needed for phrase queries; a larger index)
            </label>
          )}
        </fieldset>
      )}
      {create.isPending && (
        <div role="status" className={styles.progress}>
          <progress aria-label={`Building index ${indexLabel}`} />
          <span>{`Building index ${indexLabel} on ${tableName}… Cancel stops the build and leaves the table as it was.`}</span>
        </div>
      )}
      {create.isError && <ErrorAlert error={create.error} />}
    </Dialog>
  )
}

/** The whole-number parameters the index type takes, in the order the dialog shows them. */
function numberParams(params: ReturnType<typeof paramsOf>): readonly { key: IndexNumberParam; label: string; hint?: string }[] {
  return [
    { key: 'numPartitions', label: 'Partitions', hint: 'About the square root of the rows.' },
    ...(params.subVectors ? [{ key: 'numSubVectors', label: 'Sub-vectors', hint: "Must divide the vector's dimension." } as const] : []),
    ...(params.hnsw
      ? ([
          { key: 'm', label: 'Edges per node (m)' },
          { key: 'efConstruction', label: 'Build candidates (ef_construction)' }
        ] as const)
      : [])
  ]
}
