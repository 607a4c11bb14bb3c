/**
 * The value viewer: a dialog showing one cell's whole value, whatever its type (see
 * ./value-views.tsx and ./media-view.tsx). ArrowUp and ArrowDown show the neighbouring row's
 * value (the grid moves with it); Escape or Close closes it and the grid, focused again,
 * points at the cell. A byte value can be saved as a file from here.
 */
import { ChevronDown, ChevronUp, Download } from 'lucide-react'
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import type { MediaValue } from '@shared/contract/media'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { saveBytes } from './blob-source'
import { MediaValueView } from './media-view'
import { useMediaValue } from './use-media-value'
import { TextView, TreeView, VectorView } from './value-views'
import type { ViewerValue } from './viewer-value'
import styles from './cell-viewer.module.css'

interface Props {
  /** What the dialog is titled: the column and the row. */
  readonly title: string
  readonly value: ViewerValue
  /** The name a byte value is saved under. */
  readonly fileName: string
  /** Shows the row `delta` away (1 down, -1 up), when there is one. */
  readonly onMove: (delta: 1 | -1) => void
  readonly onClose: () => void
}

/** Keys that stay with the element focused in the viewer rather than move rows. */
function keepsArrows(target: EventTarget): boolean {
  return (
    target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLMediaElement || target instanceof HTMLSelectElement
  )
}

/** The viewer dialog. */
export function CellViewer({ title, value, fileName, onMove, onClose }: Props): ReactNode {
  const read = useMediaValue(value.kind === 'media' ? value.source : null)
  const bytesValue: MediaValue | null = value.kind === 'bytes' ? value.value : value.kind === 'media' ? (read.data ?? null) : null
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || event.altKey || event.ctrlKey || event.metaKey || keepsArrows(event.target)) return
    event.preventDefault()
    onMove(event.key === 'ArrowDown' ? 1 : -1)
  }
  const save = bytesValue?.bytes
  // Moving to another row replaces the content, and with it the element that had focus
  // (a zoom button, the player): keep focus in the dialog, so the arrows keep working.
  const body = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const dialog = body.current?.closest('dialog')
    if (dialog && !dialog.contains(document.activeElement)) body.current?.focus()
  })
  return (
    <Dialog
      title={title}
      wide
      onClose={onClose}
      onSubmit={onClose}
      onKeyDown={onKeyDown}
      footer={{
        submitLabel: 'Close',
        cancel: null,
        extra: (
          <>
            <Button icon={ChevronUp} size="sm" onClick={() => onMove(-1)} aria-keyshortcuts="ArrowUp">
              Previous row
            </Button>
            <Button icon={ChevronDown} size="sm" onClick={() => onMove(1)} aria-keyshortcuts="ArrowDown">
              Next row
            </Button>
            {(value.kind === 'media' || value.kind === 'bytes') && (
              <Button
                icon={Download}
                size="sm"
                disabled={!save}
                disabledReason={bytesValue?.problem ?? 'The value is still being read.'}
                onClick={() => save && bytesValue && saveBytes(save, bytesValue.mime, fileName)}
              >
                Save bytes as file
              </Button>
            )}
          </>
        )
      }}
    >
      <div ref={body} tabIndex={-1} className={styles.viewerBody} data-testid="cell-value">
        {value.kind === 'media' && read.isError ? (
          <ErrorAlert error={read.error} onRetry={() => void read.refetch()} />
        ) : value.kind === 'media' && !read.data ? (
          <p className={styles.valueFacts} role="status">
            Reading the value…
          </p>
        ) : bytesValue ? (
          bytesValue.label === 'null' && bytesValue.bytes === null && bytesValue.size === 0 ? (
            <NullValue />
          ) : (
            <MediaValueView value={bytesValue} />
          )
        ) : (
          <PlainValue value={value} />
        )}
      </div>
    </Dialog>
  )
}

function NullValue(): ReactNode {
  return <p className={styles.nullValue}>null</p>
}

function PlainValue({ value }: { readonly value: ViewerValue }): ReactNode {
  switch (value.kind) {
    case 'null':
      return <NullValue />
    case 'text':
      return value.text === '' ? <p className={styles.valueFacts}>An empty string</p> : <TextView text={value.text} />
    case 'number':
      return <TextView text={value.text} />
    case 'vector':
      return <VectorView values={value.values} texts={value.texts} />
    case 'tree': {
      const entries = value.entries()
      return (
        <div className={styles.valueBlock}>
          <p className={styles.valueFacts}>
            {value.summary.startsWith('[') ? 'A list' : 'A struct or map'} · {entries.length.toLocaleString('en-US')}{' '}
            {entries.length === 1 ? 'member' : 'members'} shown
          </p>
          <TreeView entries={entries} />
        </div>
      )
    }
    case 'unsupported':
      return <p className={styles.valueFacts}>{value.text}</p>
    case 'loading':
      return (
        <p className={styles.valueFacts} role="status">
          Reading the row…
        </p>
      )
    default:
      return null
  }
}
