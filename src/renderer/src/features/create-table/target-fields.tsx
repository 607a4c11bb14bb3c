/**
 * Where the new table goes and how an existing one is treated: the namespace (as an
 * identifier, empty for the root), the table name, and the mode. Names are checked as
 * you type with the rule main enforces; overwrite asks for a confirmation naming the table.
 */
import { useId, type ReactNode } from 'react'
import { parseDisplayIdentifier, type NamespacePath } from '@shared/namespace-path'
import { Field } from '../../ui/field'
import type { CreateMode } from '@shared/contract/tables'
import styles from './create-table.module.css'
import { Select } from '../../ui/select'

/**
 * A namespace typed as an identifier (`a$b`; empty or the delimiter alone for the root; a
 * name holding the delimiter or quotes in double quotes, as "Copy identifier" writes it),
 * with its problem. The namespace already exists, so its names are taken as the catalog
 * lists them.
 */
export function parseNamespace(text: string, delimiter: string): { readonly path: NamespacePath; readonly problem: string | null } {
  return parseDisplayIdentifier(text.trim(), delimiter)
}

const MODES: readonly (readonly [CreateMode, string])[] = [
  ['create', 'create: fail if the table exists'],
  ['exist_ok', 'exist_ok: keep an existing table as it is'],
  ['overwrite', 'overwrite: replace an existing table']
]

interface Props {
  readonly namespaceText: string
  /** The connection's identifier delimiter, for the hint. */
  readonly delimiter: string
  readonly onNamespace: (text: string) => void
  readonly namespaceProblem: string | null
  readonly name: string
  readonly onName: (name: string) => void
  readonly nameProblem: string | null
  readonly mode: CreateMode
  readonly onMode: (mode: CreateMode) => void
  readonly confirmed: boolean
  readonly onConfirm: (confirmed: boolean) => void
  readonly disabled: boolean
}

/** Namespace, table name, mode and the overwrite confirmation. */
export function TargetFields(props: Props): ReactNode {
  const { namespaceText, delimiter, namespaceProblem, name, nameProblem, mode, confirmed, disabled } = props
  const namespaceHint = useId()
  const ids = { namespace: useId(), mode: useId() }
  return (
    <fieldset className={styles.targetFields} disabled={disabled}>
      <legend className="visually-hidden">Target</legend>
      <div className="field">
        <label htmlFor={ids.namespace}>Namespace</label>
        <input
          id={ids.namespace}
          value={namespaceText}
          placeholder="(root)"
          aria-invalid={namespaceProblem !== null}
          aria-describedby={namespaceHint}
          onChange={(event) => props.onNamespace(event.target.value)}
        />
        <p id={namespaceHint} className={namespaceProblem ? 'field-problem' : 'field-hint muted'} aria-live="polite">
          {namespaceProblem ?? `An identifier such as analytics${delimiter}web; leave it empty for the root.`}
        </p>
      </div>
      <Field label="Table name" value={name} onChange={props.onName} error={nameProblem ?? undefined} autoFocus />
      <div className="field">
        <label htmlFor={ids.mode}>Mode</label>
        <Select id={ids.mode} value={mode} onChange={(event) => props.onMode(event.target.value as CreateMode)}>
          {MODES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {mode === 'overwrite' && (
        <label className={styles.confirmOverwrite}>
          <input type="checkbox" checked={confirmed} onChange={(event) => props.onConfirm(event.target.checked)} />
          Replace table "{name || '…'}" and all its rows if it exists
        </label>
      )}
    </fieldset>
  )
}
