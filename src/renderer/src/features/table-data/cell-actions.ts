/**
 * The cell menu's own actions: open the value in the viewer, copy it, copy its row as JSON,
 * filter the grid by it, and save a byte cell's bytes as a file. An action that does not
 * apply to the cell stays in the menu, disabled, saying why.
 */
import { Braces, Copy, Download, Eye, Filter } from 'lucide-react'
import type { DataType, Vector } from 'apache-arrow'
import type { MediaValue } from '@shared/contract/media'
import type { MenuItem } from '../../ui/menu'
import { showErrorToast, showToast } from '../../ui/toast-store'
import { saveBytes } from '../cell-viewer/blob-source'
import { cellAt } from './cell-format'
import { copyTextAt } from './cell-values'
import { filterForCell, quoteColumn } from './filter-literal'

/** What the actions need to know of the cell. */
export interface CellTarget {
  readonly column: string
  /** Whether the column holds bytes (read through the media channels, not the page). */
  readonly bytes: boolean
  /** The page's column and the row's index in it; null while the page is read (or for bytes not in the page). */
  readonly cell: { readonly vector: Vector; readonly index: number } | null
  /** For a byte cell: whether it is null, once known. */
  readonly bytesNull: boolean | null
  /** The row as JSON, or null while its page is read. */
  readonly rowJson: () => string | null
  /** The name its bytes are saved under. */
  readonly fileName: string
}

/** What the actions do beyond the clipboard and downloads. */
export interface CellHandlers {
  readonly open: () => void
  /** Sets the grid's filter; absent where the grid has none to set. */
  readonly filter?: ((filter: string) => void) | undefined
  /** The byte cell's whole value. */
  readonly readBytes: () => Promise<MediaValue>
}

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    showToast(`Copied ${what}.`)
  } catch (error) {
    showErrorToast(`Could not copy ${what} (${error instanceof Error ? error.message : String(error)}).`)
  }
}

/** The items for `target`. */
export function cellActions(target: CellTarget, handlers: CellHandlers): MenuItem[] {
  const { cell, column } = target
  const reading = 'the row is still being read'
  const filterBy = ((): { readonly filter: string } | { readonly reason: string } => {
    if (target.bytes) return target.bytesNull ? { filter: `${quoteColumn(column)} IS NULL` } : { reason: 'bytes cannot be compared' }
    if (!cell) return { reason: reading }
    return filterForCell(column, cell.vector.type as DataType, cell.vector.get(cell.index), cellAt(cell.vector, cell.index))
  })()
  const setFilter = handlers.filter
  return [
    { label: 'Open value', icon: Eye, run: handlers.open },
    {
      label: 'Copy value',
      icon: Copy,
      run: () => cell && void copy(copyTextAt(cell.vector, cell.index), 'the value'),
      ...(target.bytes ? { disabledReason: 'bytes are not text; save them as a file' } : cell ? {} : { disabledReason: reading })
    },
    {
      label: 'Copy row as JSON',
      icon: Braces,
      run: () => {
        const json = target.rowJson()
        if (json !== null) void copy(json, 'the row as JSON')
      }
    },
    {
      label: 'Filter by this value',
      icon: Filter,
      separated: true,
      run: () => 'filter' in filterBy && setFilter?.(filterBy.filter),
      ...('reason' in filterBy ? { disabledReason: filterBy.reason } : setFilter ? {} : { disabledReason: 'this view has no filter' })
    },
    {
      label: 'Save bytes as file',
      icon: Download,
      run: () => void saveCell(target.fileName, handlers.readBytes),
      ...(!target.bytes ? { disabledReason: 'only byte cells hold bytes to save' } : target.bytesNull ? { disabledReason: 'the cell is null' } : {})
    }
  ]
}

async function saveCell(name: string, read: () => Promise<MediaValue>): Promise<void> {
  try {
    const value = await read()
    if (value.bytes === null) throw new Error(value.problem ?? 'The value has no bytes to save.')
    saveBytes(value.bytes, value.mime, name)
  } catch (error) {
    showErrorToast(`Could not save the bytes: ${error instanceof Error ? error.message : String(error)}`)
  }
}
