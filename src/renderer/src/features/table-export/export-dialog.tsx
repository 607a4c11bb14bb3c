/**
 * Export of the data tab's current result: every row the SQL filter keeps, with the
 * chosen columns, not just the loaded pages. Main writes the file in batches; this dialog
 * shows rows written of the total, can cancel, and says plainly if writing failed. In the
 * desktop app main asks where to save; in browser mode the finished file is downloaded.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import type { TableRef } from '@shared/catalog-types'
import type { ExportFormat, ExportStatus } from '@shared/contract/export'
import { api, ApiError, unwrap } from '../../lib/api'
import { queryKeys, type RowsView } from '../../lib/query-keys'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Select } from '../../ui/select'
import { showErrorToast, showToast } from '../../ui/toast-store'
import styles from './table-export.module.css'

const FORMATS: ReadonlyArray<readonly [ExportFormat, string]> = [
  ['csv', 'CSV'],
  ['jsonl', 'JSON lines'],
  ['arrow', 'Arrow IPC'],
  ['parquet', 'Parquet']
]

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly view: RowsView
  /** Rows the filter keeps, when counted. */
  readonly matching: number | null
}

/** The data tab's "Export" button and its dialog. */
export function ExportButton(props: Props): ReactNode {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button icon={Download} size="sm" onClick={() => setOpen(true)}>
        Export
      </Button>
      {open && <ExportDialog {...props} onClose={() => setOpen(false)} />}
    </>
  )
}

function ExportDialog({ connectionId, table, view, matching, onClose }: Props & { readonly onClose: () => void }): ReactNode {
  const [format, setFormat] = useState<ExportFormat>('csv')
  const formatId = useId()
  const [started, setStarted] = useState<ExportStatus | null>(null)
  const [startError, setStartError] = useState<unknown>(null)
  const [starting, setStarting] = useState(false)
  const searching = view.search !== undefined && view.search.kind !== 'scan'
  const progress = useQuery({
    queryKey: queryKeys.exportProgress(started?.id),
    queryFn: () => unwrap(api.export.status({ id: started!.id })),
    enabled: started !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'running' ? false : 200)
  })
  const status = progress.data ?? started
  const running = status?.state === 'running'
  useFinish(status, onClose)

  const start = async (): Promise<void> => {
    setStarting(true)
    setStartError(null)
    try {
      const filter = view.filter.trim() || undefined
      const begun = await unwrap(
        api.export.start({
          connectionId,
          table,
          format,
          ...(view.columns ? { columns: [...view.columns] } : {}),
          ...(filter ? { filter } : {}),
          ...(view.version === undefined ? {} : { version: view.version }),
          ...(searching ? { search: view.search } : {})
        })
      )
      if (begun) setStarted(begun)
    } catch (error) {
      setStartError(error)
    } finally {
      setStarting(false)
    }
  }
  const cancel = (): void => {
    if (running && status) {
      void unwrap(api.export.cancel({ id: status.id })).then(
        (ended) =>
          showToast(ended.state === 'cancelled' ? 'Export cancelled: the partial file was removed.' : `Export ${ended.state} before the cancel arrived.`),
        (error: unknown) => showErrorToast(`Could not cancel the export: ${error instanceof Error ? error.message : String(error)}`)
      )
    }
    onClose()
  }
  const failed = status?.state === 'failed' ? status.error : null
  const what = searching
    ? `the ${view.search!.kind === 'fts' ? 'full-text' : 'vector'} search's rows (at most ${view.search!.k})`
    : matching === null
      ? 'every row'
      : matching === 1
        ? 'the one row'
        : `all ${matching.toLocaleString('en-US')} rows`
  return (
    <Dialog
      title="Export rows"
      onClose={cancel}
      onSubmit={() => void (running ? undefined : start())}
      footer={{
        submitLabel: running ? 'Exporting…' : failed ? 'Try again' : 'Export',
        busy: running || starting,
        cancel: { label: 'Cancel', onClick: cancel }
      }}
    >
      <p>
        Exports {what} of <code>{table.name}</code>
        {view.version === undefined ? '' : ` at version ${view.version}`}
        {view.filter.trim() ? (
          <>
            {' '}
            matching <code>{view.filter.trim()}</code>
          </>
        ) : null}
        {view.columns ? `, with the ${view.columns.length} chosen column${view.columns.length === 1 ? '' : 's'}` : ', with every column'}
        {searching ? ' and the distance or score.' : '; not just the rows loaded in the grid.'}
      </p>
      <div className="field">
        <label htmlFor={formatId}>Format</label>
        <Select id={formatId} value={format} disabled={running} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
          {FORMATS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {status && (status.state === 'running' || status.state === 'done') && <Progress status={status} />}
      {failed && <ErrorAlert error={new ApiError(failed)} />}
      {startError !== null && <ErrorAlert error={startError} />}
      {progress.isError && <ErrorAlert error={progress.error} />}
    </Dialog>
  )
}

function Progress({ status }: { readonly status: ExportStatus }): ReactNode {
  const format = (n: number): string => n.toLocaleString('en-US')
  return (
    <div className={styles.progress}>
      <progress aria-label="Export progress" max={Math.max(1, status.totalRows)} value={Math.min(status.rowsWritten, status.totalRows)} />
      <span role="status" aria-label="Rows written">
        {format(status.rowsWritten)} of {format(status.totalRows)} rows written
      </span>
    </div>
  )
}

/** Once done: hands a browser-mode file to the browser, says where it went, and closes. */
function useFinish(status: ExportStatus | null, onClose: () => void): void {
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (!status || status.state !== 'done' || handled.current === status.id) return
    handled.current = status.id
    const rows = `${status.rowsWritten.toLocaleString('en-US')} row${status.rowsWritten === 1 ? '' : 's'}`
    if (status.target.kind === 'download' && status.downloadPath) {
      // The host streams the file from disk; the link's one-time path needs no token.
      const link = document.createElement('a')
      link.href = status.downloadPath
      link.download = status.target.fileName
      document.body.append(link)
      link.click()
      link.remove()
      showToast(`Exported ${rows} to ${status.target.fileName}`)
    } else if (status.target.kind === 'file') {
      showToast(`Exported ${rows} to ${status.target.path}`)
    }
    onClose()
  }, [status, onClose])
}
