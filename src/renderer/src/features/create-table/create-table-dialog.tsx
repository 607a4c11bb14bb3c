/**
 * The create-table dialog: where (namespace, prefilled), what (table name, checked with
 * the component rule as you type), how (mode; overwrite needs a confirmation naming the
 * table), in which Lance data storage version, and from what (an empty schema, pasted
 * rows or a file). Data sources show the
 * inferred, editable schema and the first rows before anything is written; a large
 * import shows progress and can be cancelled until it is sent.
 */
import { useMemo, useState, type ReactNode } from 'react'
import type { CreateMode } from '@shared/contract/tables'
import type { DataStorageVersion } from '@shared/data-storage-version'
import { componentProblem, type NamespacePath } from '@shared/namespace-path'
import { displayIdentifier } from '../../lib/node-key'
import { Dialog } from '../../ui/dialog'
import { useDelimiter } from '../connections/use-connections'
import { RowsPreview } from './rows-preview'
import { SchemaEditor, blankField } from './schema-editor'
import type { FieldSpec } from '@shared/formats/schema-spec'
import { schemaProblems } from './schema-problems'
import { EMPTY_SOURCE, SourceSection, type SourceInput } from './source-section'
import { tableNameFromFile } from './file-table-name'
import { previewFile, previewText, type SourcePreview } from '@shared/formats/source-preview'
import { TargetFields, parseNamespace } from './target-fields'
import { StorageVersionField } from './storage-version-field'
import { useCreateTable } from './use-create-table'
import { OperationError, TransactionStatus, useCancelOperation, useOperationProgress, waitingOnCatalog } from '../operations/operation-progress'
import styles from './create-table.module.css'
import { cx } from '../../ui/class-names'

interface Props {
  readonly connectionId: string
  /** The namespace to prefill (from the selection). */
  readonly namespace: NamespacePath
  readonly onClose: () => void
}

/** The dialog; closes itself once the table is created and opened. */
export function CreateTableDialog({ connectionId, namespace, onClose }: Props): ReactNode {
  const delimiter = useDelimiter(connectionId)
  const [initialNamespace] = useState(() => (namespace.length === 0 ? '' : displayIdentifier(namespace, delimiter)))
  const [namespaceText, setNamespaceText] = useState(initialNamespace)
  const [name, setName] = useState('')
  const [mode, setMode] = useState<CreateMode>('create')
  const [confirmed, setConfirmed] = useState(false)
  const [storageVersion, setStorageVersion] = useState<DataStorageVersion | undefined>(undefined)
  const [input, setInput] = useState<SourceInput>(EMPTY_SOURCE)
  const [schemaFields, setSchemaFields] = useState<readonly FieldSpec[]>(() => [blankField()])
  // Edits to an inferred schema hold while the data keeps the same columns.
  const [edited, setEdited] = useState<{ readonly columns: string; readonly fields: readonly FieldSpec[] } | null>(null)
  const { mutation, phase, cancel, operationId, start } = useCreateTable(connectionId, onClose)
  const progress = useOperationProgress(operationId)
  const cancelOperation = useCancelOperation(operationId)
  const waiting = phase.step === 'sending' && waitingOnCatalog(progress)

  const { preview, previewError } = useMemo(() => readSource(input), [input])
  const columnsKey = preview ? preview.columns.join('\u0000') : ''
  const fields = input.kind === 'schema' ? schemaFields : edited && edited.columns === columnsKey ? edited.fields : (preview?.inferred ?? [])
  const setFields = (next: readonly FieldSpec[]): void => (input.kind === 'schema' ? setSchemaFields(next) : setEdited({ columns: columnsKey, fields: next }))

  const target = parseNamespace(namespaceText, delimiter)
  const nameProblem = name === '' ? null : componentProblem(name)
  const problems = input.kind !== 'schema' && !preview ? [] : schemaProblems(fields)
  const busy = mutation.isPending
  const ready =
    !busy &&
    target.problem === null &&
    name !== '' &&
    nameProblem === null &&
    problems.length === 0 &&
    (mode !== 'overwrite' || confirmed) &&
    (input.kind === 'schema' || preview !== null)
  // Anything entered beyond what the dialog opened with is asked about before it is thrown away.
  const started =
    name !== '' ||
    namespaceText !== initialNamespace ||
    mode !== 'create' ||
    storageVersion !== undefined ||
    input.text !== '' ||
    input.file !== null ||
    edited !== null ||
    JSON.stringify(schemaFields) !== JSON.stringify([blankField()])
  const notReady =
    name === ''
      ? 'Enter a table name first'
      : nameProblem !== null || target.problem !== null
        ? 'Fix the name above first'
        : input.kind !== 'schema' && preview === null
          ? input.kind === 'file'
            ? 'Choose a file to import first'
            : 'Paste the rows first'
          : problems.length > 0
            ? 'Fix the schema first'
            : mode === 'overwrite' && !confirmed
              ? 'Confirm that the table may be replaced first'
              : undefined
  // A file chosen while the name is empty names the table after itself, as a person would.
  const changeSource = (next: SourceInput): void => {
    if (next.file && next.file !== input.file && name === '') setName(tableNameFromFile(next.file.name))
    setInput(next)
  }
  const submit = (): void => {
    if (!ready) return
    start({ table: { namespace: target.path, name }, mode, dataStorageVersion: storageVersion, fields, source: input.kind === 'schema' ? null : preview })
  }

  return (
    <Dialog
      title="Create table"
      wide
      onClose={onClose}
      discardQuestion={started && !busy ? 'Discard the table you started?' : null}
      onSubmit={submit}
      footer={{
        submitLabel: waiting ? 'Waiting for the catalog…' : phase.step === 'sending' ? 'Writing…' : phase.step === 'reading' ? 'Reading…' : 'Create',
        busy: phase.step === 'sending' || phase.step === 'reading',
        submitDisabled: !ready,
        disabledReason: busy ? undefined : notReady,
        // While the catalog runs the create as a transaction, Cancel asks it to cancel.
        cancel:
          phase.step === 'reading'
            ? { label: 'Cancel import', onClick: cancel }
            : waiting
              ? { onClick: cancelOperation, disabled: progress?.cancelRequested === true }
              : { disabled: phase.step === 'sending' }
      }}
    >
      <TargetFields
        namespaceText={namespaceText}
        delimiter={delimiter}
        onNamespace={setNamespaceText}
        namespaceProblem={target.problem}
        name={name}
        onName={setName}
        nameProblem={nameProblem}
        mode={mode}
        onMode={(next) => {
          setMode(next)
          setConfirmed(false)
        }}
        confirmed={confirmed}
        onConfirm={setConfirmed}
        disabled={busy}
      />
      <StorageVersionField version={storageVersion} onVersion={setStorageVersion} disabled={busy} />
      <SourceSection input={input} onChange={changeSource} disabled={busy} />
      {previewError && (
        <p role="alert" className="error-alert">
          {previewError}
        </p>
      )}
      {(input.kind === 'schema' || preview) && (
        <fieldset className={styles.schemaSection} disabled={busy}>
          <legend>{input.kind === 'schema' ? 'Schema' : 'Schema (inferred; change anything that is wrong)'}</legend>
          <SchemaEditor fields={fields} onChange={setFields} />
          {problems.length > 0 && (name !== '' || input.kind !== 'schema') && (
            <ul className={cx('field-problem', styles.schemaProblems)}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
      {preview && <RowsPreview source={preview} fields={fields} />}
      {phase.step === 'reading' && (
        <div className={styles.importProgress}>
          <progress aria-label="Import progress" max={1} value={phase.fraction} />
          <span className="muted">{phase.rows.toLocaleString('en-US')} rows read</span>
        </div>
      )}
      {phase.step === 'sending' && <TransactionStatus progress={progress} />}
      {mutation.isError && <CreateError error={mutation.error} />}
    </Dialog>
  )
}

function CreateError({ error }: { readonly error: Error }): ReactNode {
  if (error.name === 'AbortError') {
    return (
      <p role="status" className="muted">
        Import cancelled: nothing was written.
      </p>
    )
  }
  return <OperationError error={error} />
}

function readSource(input: SourceInput): { readonly preview: SourcePreview | null; readonly previewError: string | null } {
  try {
    if (input.kind === 'paste') return { preview: input.text.trim() === '' ? null : previewText(input.text, input.format), previewError: null }
    if (input.kind === 'file') return { preview: input.file ? previewFile(input.file) : null, previewError: null }
    return { preview: null, previewError: null }
  } catch (error) {
    return { preview: null, previewError: error instanceof Error ? error.message : String(error) }
  }
}
