/**
 * A gallery of one byte column: a tile per row, with the tile-sized thumbnail main made of
 * its picture (the type and the reason for anything else), laid out as many to a line as
 * the width holds and virtualized by lines, so a table of any size mounts only the tiles on
 * screen. It shows the rows the grid shows (the same filter, the same version), reads its
 * pages as the grid does (./use-gallery-pages.ts), and a click or Enter opens the row's
 * value in the value viewer, whose arrows walk the rows with the gallery following. The
 * arrow keys, Page Up/Down, Home and End move between tiles. In a search (vector, full
 * text, Find similar) the tiles are the search's rows: the same search asked again with
 * a tile's thumbnails, its rows carrying the bytes the viewer shows.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { FileAudio, FileCode, FileImage, FileQuestion, FileText, FileVideo, ImageOff, type LucideIcon } from 'lucide-react'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { MediaCell } from '@shared/contract/media'
import type { MediaKind } from '@shared/media-kind'
import { ErrorAlert } from '../../ui/error-alert'
import { useBlobSource } from '../cell-viewer/blob-source'
import { CellViewer } from '../cell-viewer/cell-viewer'
import { bytesFileName, mediaTitle } from '../cell-viewer/media-text'
import { VideoThumb } from '../cell-viewer/video-thumb'
import { mediaRowsOf } from './use-media-cells'
import { GALLERY_PAGE, useGalleryPages } from './use-gallery-pages'
import type { RowsView } from '../../lib/query-keys'
import type { ViewerValue } from '../cell-viewer/viewer-value'
import { searchMediaCell, useSearchMedia, useSearchResult } from '../table-search/use-search'
import { bytesAt, mediaValueOfBytes, undescribedSearchCell } from './media-values'
import styles from './gallery.module.css'

/** A tile's picture area, in pixels (thumbnails are made at most 256 on their longest side). */
const TILE = 168
/** The longest side of a video's first frame drawn in a tile: as main's tile thumbnails of pictures. */
const TILE_SIDE = 256
const CAPTION = 18
const GAP = 8
const LINE = TILE + CAPTION + 3 * 4 + GAP

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  /** The grid's view: its filter and version, or its search. */
  readonly view: RowsView
  readonly column: string
  /** Rows matching the view, or null while they are counted (a search's own rows are counted here). */
  readonly count: number | null
  /** Told the focused tile's row (counted over the view's rows) whenever it changes, as the grid tells its active row. */
  readonly onActiveRow?: (row: number) => void
}

/** The gallery. */
export function Gallery({ connectionId, table, view, column, count, onActiveRow }: Props): ReactNode {
  const scrollRef = useRef<HTMLDivElement>(null)
  const width = useWidth(scrollRef)
  const perLine = Math.max(1, Math.floor((width - GAP) / (TILE + 2 * 4 + 2 + GAP)))
  // A search's tiles: its rows with the shown column among them (hidden from the grid or not).
  const searching = Boolean(view.search)
  const searchView = useMemo<RowsView>(
    () => (view.columns && !view.columns.includes(column) ? { ...view, columns: [...view.columns, column] } : view),
    [view, column]
  )
  const found = useSearchResult(connectionId, table, searchView)
  // The tiles' thumbnails, asked once the rows are in.
  const described = useSearchMedia(connectionId, table, searchView, found.data, 'tile', searching)
  const rows = searching ? (found.data?.rows.numRows ?? 0) : (count ?? 0)
  const lines = Math.ceil(rows / perLine)
  const virtualizer = useVirtualizer({
    count: lines,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE,
    overscan: 2,
    initialRect: { width: 1000, height: 600 }
  })
  const items = virtualizer.getVirtualItems()
  const firstRow = (items[0]?.index ?? 0) * perLine
  const lastRow = Math.min(rows - 1, ((items[items.length - 1]?.index ?? 0) + 1) * perLine - 1)
  const pages = useMemo(() => {
    if (rows === 0) return []
    const first = Math.floor(firstRow / GALLERY_PAGE)
    const last = Math.floor(Math.max(firstRow, lastRow) / GALLERY_PAGE)
    return Array.from({ length: last - first + 1 }, (_, i) => first + i)
  }, [firstRow, lastRow, rows])
  const reach = useMemo(() => (rows > 0 ? { first: 0, last: Math.ceil(rows / GALLERY_PAGE) - 1 } : null), [rows])
  const mediaRows = useMemo(() => mediaRowsOf(view), [view])
  const { pages: loaded, error: pagesError } = useGalleryPages(connectionId, table, mediaRows, column, searching ? [] : pages, searching ? null : reach)
  const error = searching ? (found.error ?? described.error) : pagesError
  const [focused, setFocused] = useState(0)
  useEffect(() => {
    onActiveRow?.(focused)
  }, [onActiveRow, focused])
  // The row whose value the viewer shows, if it is open.
  const [viewing, setViewing] = useState<number | null>(null)
  const cellAt = (row: number): MediaCell | undefined => {
    if (!searching) return loaded.get(Math.floor(row / GALLERY_PAGE))?.[row % GALLERY_PAGE]
    if (!found.data || described.isPending) return undefined
    const bytes = bytesAt(found.data.rows.getChild(column), row)
    return searchMediaCell(described.data, row, column, bytes) ?? undescribedSearchCell(bytes, described.error)
  }
  /** A row's value for the viewer: read through `media:value`, or in a search from the bytes its rows carry. */
  const valueAt = (row: number): ViewerValue => {
    if (!searching) return { kind: 'media', source: { connectionId, table, rows: mediaRows, row, column } }
    const cell = cellAt(row)
    if (!found.data || cell === undefined) return { kind: 'loading' }
    if (cell.size === null) return { kind: 'null' }
    const value = mediaValueOfBytes(bytesAt(found.data.rows.getChild(column), row), cell)
    return value ? { kind: 'bytes', value } : { kind: 'unsupported', text: cell.problem ?? 'The search’s rows do not hold these bytes.' }
  }

  const focusRow = (row: number): void => {
    const target = Math.max(0, Math.min(rows - 1, row))
    setFocused(target)
    virtualizer.scrollToIndex(Math.floor(target / perLine), { align: 'auto' })
    // The tile may mount only after the scroll: focus it on the next frames.
    let tries = 0
    const focus = (): void => {
      const tile = scrollRef.current?.querySelector<HTMLButtonElement>(`[data-row="${target}"]`)
      if (tile) tile.focus()
      else if (tries++ < 10) requestAnimationFrame(focus)
    }
    requestAnimationFrame(focus)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const visibleLines = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? LINE) / LINE))
    const moves: Readonly<Record<string, number>> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: perLine,
      ArrowUp: -perLine,
      PageDown: perLine * visibleLines,
      PageUp: -perLine * visibleLines,
      Home: -Infinity,
      End: Infinity
    }
    const move = moves[event.key]
    if (move === undefined || rows === 0) return
    event.preventDefault()
    focusRow(move === -Infinity ? 0 : move === Infinity ? rows - 1 : focused + move)
  }

  return (
    <>
      {error !== null && <ErrorAlert error={error} onRetry={searching ? () => void (found.isError ? found.refetch() : described.refetch()) : undefined} />}
      <div ref={scrollRef} className={styles.galleryScroll} role="grid" aria-label={`Gallery of ${column}`} aria-rowcount={lines} onKeyDown={onKeyDown}>
        <div className={styles.galleryRows} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((line) => (
            <div key={line.key} role="row" aria-rowindex={line.index + 1} className={styles.tileRow} style={{ top: line.start + GAP / 2, height: LINE - GAP }}>
              {Array.from({ length: perLine }, (_, i) => line.index * perLine + i)
                .filter((row) => row < rows)
                .map((row) => (
                  <Tile key={row} row={row} cell={cellAt(row)} focusable={row === focused} onFocus={() => setFocused(row)} onOpen={() => setViewing(row)} />
                ))}
            </div>
          ))}
        </div>
      </div>
      {viewing !== null && (
        <CellViewer
          title={`${column} · row ${(viewing + 1).toLocaleString('en-US')}`}
          value={valueAt(viewing)}
          fileName={bytesFileName(table.name, viewing, column, cellAt(viewing)?.mime ?? 'application/octet-stream')}
          onMove={(delta) => {
            const next = viewing + delta
            if (next < 0 || next >= rows) return
            setViewing(next)
            setFocused(next)
            virtualizer.scrollToIndex(Math.floor(next / perLine), { align: 'auto' })
          }}
          onClose={() => {
            setViewing(null)
            focusRow(viewing)
          }}
        />
      )}
    </>
  )
}

interface TileProps {
  readonly row: number
  readonly cell: MediaCell | undefined
  /** The one tile reached by Tab; the arrows move from it. */
  readonly focusable: boolean
  readonly onFocus: () => void
  readonly onOpen: () => void
}

function Tile({ row, cell, focusable, onFocus, onOpen }: TileProps): ReactNode {
  const number = (row + 1).toLocaleString('en-US')
  const title = cell ? (cell.size === null ? 'null' : mediaTitle(cell)) : 'Loading…'
  const problem = cell?.problem ?? cell?.firstFrameProblem ?? null
  return (
    <div role="gridcell">
      <button
        type="button"
        className={styles.tile}
        data-row={row}
        tabIndex={focusable ? 0 : -1}
        title={problem ? `${title}: ${problem}` : title}
        aria-label={`Row ${number}: ${title}`}
        onFocus={onFocus}
        onClick={onOpen}
      >
        <span className={styles.tileFrame} style={{ width: TILE, height: TILE }}>
          <TileContent cell={cell} />
        </span>
        <span className={styles.tileCaption} style={{ width: TILE }}>
          {number} · {cell ? (cell.size === null ? 'null' : cell.label) : '…'}
        </span>
      </button>
    </div>
  )
}

/** The icon of a tile without a picture, by what its cell holds. */
const ICONS: Readonly<Record<MediaKind, LucideIcon>> = {
  image: FileImage,
  audio: FileAudio,
  video: FileVideo,
  pdf: FileText,
  document: FileCode,
  bytes: FileQuestion
}

function TileContent({ cell }: { readonly cell: MediaCell | undefined }): ReactNode {
  if (!cell) return null
  if ((cell.kind === 'image' || cell.kind === 'pdf') && cell.thumb && cell.problem === null) return <TileImage thumb={cell.thumb} />
  if (cell.kind === 'video' && cell.firstFrame && cell.problem === null) {
    const frame = cell.firstFrame
    return (
      <VideoThumb frame={frame} side={TILE_SIDE} className={styles.tileImage} title="" fallback={(problem) => <TileLabel cell={cell} problem={problem} />} />
    )
  }
  if (cell.size === null) return <span className={styles.tileLabel}>null</span>
  return <TileLabel cell={cell} problem={null} />
}

/** A tile's icon and type, for a cell without a picture; `problem`, why a video's frame did not decode. */
function TileLabel({ cell, problem }: { readonly cell: MediaCell; readonly problem: string | null }): ReactNode {
  const Icon = cell.problem !== null ? ImageOff : ICONS[cell.kind]
  return (
    <span className={styles.tileLabel} title={problem ?? undefined}>
      <Icon size={28} aria-hidden="true" />
      {cell.label}
    </span>
  )
}

function TileImage({ thumb }: { readonly thumb: Uint8Array }): ReactNode {
  const source = useBlobSource<HTMLImageElement>(thumb, 'image/webp')
  return <img ref={source} className={styles.tileImage} alt="" draggable={false} />
}

/** The element's content width, kept up to date as it resizes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(1000)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return undefined
    setWidth(element.clientWidth)
    const observer = new ResizeObserver(() => setWidth(element.clientWidth))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}
