/**
 * Export and import of profiles as JSON, without secrets. An export is shown for copying
 * and can be saved as a file made in the page; an import is pasted or read from a chosen
 * file. Neither makes a network request.
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type ChangeEvent, type ReactNode } from 'react'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { Download } from 'lucide-react'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { useImportProfiles } from './use-profiles'
import styles from './profiles.module.css'

/** Shows every profile as JSON (secret values left empty) with a copy button. */
export function ExportDialog({ onClose }: { readonly onClose: () => void }): ReactNode {
  const exported = useQuery({ queryKey: queryKeys.profileExport(), queryFn: () => unwrap(api.profiles.export({})), staleTime: 0 })
  return (
    <Dialog title="Export profiles" onClose={onClose} onSubmit={onClose} footer={{ submitLabel: 'Close', cancel: null }}>
      <p className="muted">Secret values are left out; whoever imports this enters them again.</p>
      {exported.isError && <ErrorAlert error={exported.error} />}
      {/* JSON is read line by line: no wrapping, the dialog's full width, like the code dialog. */}
      <div className={styles.codeBox}>
        <textarea className={styles.codeText} aria-label="Exported profiles" readOnly rows={16} wrap="off" value={exported.data ?? ''} />
        {exported.data !== undefined && (
          <span className={styles.codeActions}>
            <CopyButton label="Copy JSON" text={exported.data} />
            <Button size="sm" icon={Download} onClick={() => saveAsFile(exported.data ?? '', 'lance-catalog-profiles.json')}>
              Save as file…
            </Button>
          </span>
        )}
      </div>
    </Dialog>
  )
}

/**
 * Hands `text` to the browser (or Electron's download) as a file: made in the page from
 * the export it already shows, so nothing is fetched; where it goes is the person's choice.
 */
function saveAsFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The download has the bytes once it has started; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Imports profiles from pasted JSON or a chosen file, then lists what was skipped and why. */
export function ImportDialog({ onClose }: { readonly onClose: () => void }): ReactNode {
  const [json, setJson] = useState('')
  const [readProblem, setReadProblem] = useState<string | null>(null)
  const run = useImportProfiles()
  const readFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0]
    if (!file) return
    file.text().then(
      (text) => {
        setJson(text)
        setReadProblem(null)
      },
      (error: unknown) => setReadProblem(`The file could not be read: ${String(error)}`)
    )
  }
  const outcome = run.data
  return (
    <Dialog
      title="Import profiles"
      onClose={onClose}
      onSubmit={() => run.mutate(json)}
      footer={{
        submitLabel: 'Import',
        busy: run.isPending,
        submitDisabled: json.trim() === '',
        disabledReason: 'Paste profiles JSON or choose a file',
        cancel: { label: outcome ? 'Close' : 'Cancel' }
      }}
    >
      <div className="field">
        <label htmlFor="import-file">Import from file</label>
        <input id="import-file" type="file" accept=".json,application/json" onChange={readFile} />
      </div>
      <div className={`field ${styles.codeField}`}>
        <label htmlFor="import-json">Profiles JSON</label>
        <textarea id="import-json" className={styles.codeText} rows={10} wrap="off" value={json} onChange={(event) => setJson(event.target.value)} />
      </div>
      {readProblem && <p className="field-problem">{readProblem}</p>}
      {run.isError && <ErrorAlert error={run.error} />}
      {outcome && (
        <div role="status">
          <p>
            {outcome.created.length === 1 ? 'Imported 1 profile' : `Imported ${outcome.created.length} profiles`}
            {outcome.created.length > 0 ? `: ${outcome.created.map((p) => p.name).join(', ')}.` : '.'}
          </p>
          {outcome.problems.length > 0 && (
            <ul>
              {outcome.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  )
}
