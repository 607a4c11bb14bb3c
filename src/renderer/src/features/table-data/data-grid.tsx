/**
 * The data preview grid (role="grid"): a virtualizer draws only the rows near the
 * viewport, and only the pages of rows those need (and the next one, read ahead) are
 * fetched and kept. Rows arrive as
 * Arrow, and each cell reads its value straight from the decoded column. Byte columns are
 * left out of those reads: what their cells hold (type, size, thumbnail) comes per block
 * of rows from `media:cells`, and a whole value from `media:value` when it is opened or saved.
 * A search's rows carry their bytes, and its answer what main made of them (`search:rows`).
 * Enter or a double-click opens a cell's value in the viewer; right-click, Shift+F10 or the
 * Menu key opens the cell's menu. Where the table can be edited (`editing`), Enter and a
 * double-click edit the cell instead, and Shift+Enter opens the viewer (../table-edits).
 */
import { Rows3, SearchX } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Table, Vector } from 'apache-arrow'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { MediaCell } from '@shared/contract/media'
import type { TableProfile } from '@shared/contract/column-profile'
import { unreadableColumnsOf, type UnreadableColumn } from '@shared/unreadable-columns'
import { gridPagesView, readsBytesApart, type RowsView } from '../../lib/query-keys'
import { ErrorAlert } from '../../ui/error-alert'
import { CellViewer } from '../cell-viewer/cell-viewer'
import { MediaCellView } from '../cell-viewer/media-cell'
import { bytesFileName } from '../cell-viewer/media-text'
import { fetchMediaValue } from '../cell-viewer/use-media-value'
import type { ViewerValue } from '../cell-viewer/viewer-value'
import { RowMenu } from '../table-search/row-menu'
import { cellAt, type CellView } from './cell-format'
import { cellActions } from './cell-actions'
import { bytesAt, mediaValueOfBytes, rowJson, undescribedSearchCell } from './media-values'
import { searchMediaCell, useSearchMedia, useSearchResult } from '../table-search/use-search'
import { viewerValueAt } from './cell-values'
import { GridCell, isExpandable } from './grid-cell'
import { PAGE_ROWS, pageOfRow, pagesFor } from '../../lib/row-pages'
import { gridKeyHandler, type CellPosition } from './use-grid-keyboard'
import { useRowPages } from './use-table-rows'
import { mediaBlockOfRow, mediaBlocksFor, shownMediaBlocks } from './media-blocks'
import { mediaRowsOf, unreadMediaCell, useMediaBlocks } from './use-media-cells'
import { EmptyState } from '../../ui/empty-state'
import styles from './table-data.module.css'
import { cx } from '../../ui/class-names'
import { columnWidth } from './column-width'
import { CellEditor } from '../table-edits/cell-editor'
import { cellTextAt } from './edit-text'
import type { EditAccess } from '../table-edits/use-editability'
import { useGridEdits } from '../table-edits/use-grid-edits'
import { HeaderSparkline, sparklineText } from '../column-profile/header-sparkline'
import { DistributionsToggle, type DistributionsControl } from './distributions-toggle'

/** A column to show: its name and its readable type (from the table description). */
export interface GridColumn {
  readonly name: string
  readonly type: string
  /** The column holds bytes: left out of page reads, shown from the media channels. */
  readonly bytes?: boolean
}

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly view: RowsView
  readonly columns: readonly GridColumn[]
  /** Rows this grid shows (from `firstRow` on), or null while they are being counted. */
  readonly total: number | null
  /** The table row the grid's first row stands for (a multiple of PAGE_ROWS). */
  readonly firstRow: number
  /** Rows matching the view in all, for aria-rowcount; null while counting. */
  readonly matching: number | null
  /** Told the selected row (counted over the view's rows) whenever it changes. */
  readonly onActiveRow?: (row: number) => void
  /** "Find similar" for a row, in the cell menu; absent where the table has no vector column. */
  readonly onFindSimilar?: ((row: number) => void) | undefined
  /** Sets the grid's SQL filter ("Filter by this value"). */
  readonly onFilter?: ((filter: string) => void) | undefined
  /** Whether and on which key the rows can be edited; absent where they never can. */
  readonly editing?: EditAccess | undefined
  /** A profile of the rows whose distributions the header draws under each name; null or absent: none. */
  readonly profile?: TableProfile | null
  /** The switch for those distributions, drawn in the row-number header; absent: none. */
  readonly distributions?: DistributionsControl | undefined
}

const ROW_HEIGHT = 28
/** Rows of a grid with byte columns are taller, so thumbnails can be seen. */
const MEDIA_ROW_HEIGHT = 40
const HEADER_HEIGHT = 32
/** The header with a distribution sparkline under each name. */
const SPARK_HEADER_HEIGHT = 50
const ROW_NUMBER_WIDTH = 80
/** Frames after a keyboard move in which the active row is fitted into view again. */
const FIT_FRAMES = 10

/** The virtualized grid of a table's rows. */
export function DataGrid({
  connectionId,
  table,
  view,
  columns,
  total,
  firstRow,
  matching,
  onActiveRow,
  onFindSimilar,
  onFilter,
  editing,
  profile = null,
  distributions
}: Props): ReactNode {
  const gridId = useId()
  const scrollRef = useRef<HTMLDivElement>(null)
  const client = useQueryClient()
  const byteColumns = useMemo(() => columns.filter((column) => column.bytes).map((column) => column.name), [columns])
  const rowHeight = byteColumns.length > 0 ? MEDIA_ROW_HEIGHT : ROW_HEIGHT
  const headerHeight = profile ? SPARK_HEADER_HEIGHT : HEADER_HEIGHT
  const profiled = useMemo(() => new Map((profile?.columns ?? []).map((column) => [column.name, column])), [profile])
  // Byte columns are left out of the page reads (main describes their cells instead), unless
  // they are all there is to read or a search's rows carry them.
  const readView = useMemo<RowsView>(() => gridPagesView(view, columns), [view, columns])
  const mediaRead = readsBytesApart(view, columns) ? byteColumns : []
  // Until the count arrives, assume a page's worth so the first page can be asked for.
  const rowCount = total ?? PAGE_ROWS
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin: headerHeight,
    // A guess at the viewport, so the first render already draws rows instead of waiting for a measurement.
    initialRect: { width: 1000, height: 600 }
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items[items.length - 1]?.index ?? 0
  const firstPage = firstRow / PAGE_ROWS
  const wanted = useMemo(() => pagesFor(first, last, total).map((page) => firstPage + page), [first, last, total, firstPage])
  // The pages this grid can scroll to, for reading ahead; none until the rows are counted.
  const reach = useMemo(() => (total ? { first: firstPage, last: firstPage + Math.ceil(total / PAGE_ROWS) - 1 } : null), [total, firstPage])
  const { pages, error } = useRowPages(connectionId, table, readView, wanted, reach)
  const mediaBlocks = useMemo(() => mediaBlocksFor(firstRow + first, firstRow + last, total === null ? null : firstRow + total), [first, last, total, firstRow])
  // The rows on screen, without the overscan: their blocks are asked first.
  const shownFirst = virtualizer.range?.startIndex ?? first
  const shownLast = virtualizer.range?.endIndex ?? last
  const shownBlocks = useMemo(
    () => shownMediaBlocks(firstRow + shownFirst, firstRow + shownLast, total === null ? null : firstRow + total),
    [shownFirst, shownLast, total, firstRow]
  )
  const media = useMediaBlocks(connectionId, table, view, mediaBlocks, mediaRead, shownBlocks)
  // A search's answer (the query its pages are sliced from), and main's description of its
  // byte cells, asked once the rows are in: until it comes, they show their type and size.
  const searchResult = useSearchResult(connectionId, table, view).data
  const searchMedia = useSearchMedia(connectionId, table, view, searchResult, 'row', byteColumns.length > 0)

  const [active, setActive] = useState<CellPosition>({ row: 0, col: 0 })
  const [viewing, setViewing] = useState(false)
  const [menu, setMenu] = useState<{ readonly row: number; readonly col: number; readonly x: number; readonly y: number } | null>(null)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [keyboardMove, setKeyboardMove] = useState(0)
  // Whether the view keeps the active row in sight: set by a keyboard move, cleared when the
  // user scrolls with the wheel, a touch or the scrollbar.
  const followsKeyboard = useRef(false)
  const stopFollowing = (): void => {
    followsKeyboard.current = false
  }
  const toggle = useCallback((position: CellPosition) => {
    const key = `${position.row}:${position.col}`
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(key)) next.add(key)
      return next
    })
  }, [])

  const widths = useMemo(() => columns.map((column) => columnWidth(column.name, column.type)), [columns])
  const template = `${ROW_NUMBER_WIDTH}px ${widths.map((w) => `${w}px`).join(' ')}`
  const width = ROW_NUMBER_WIDTH + widths.reduce((sum, w) => sum + w, 0)
  const cellId = (row: number, col: number): string => `${gridId}-r${row}-c${col}`
  /** The page's column and the row's index in it, once the page is in. */
  const vectorAt = (row: number, col: number): { readonly vector: Vector; readonly index: number } | null => {
    const { page, index } = pageOfRow(firstRow + row)
    const loaded = pages.get(page)
    const vector = loaded && index < loaded.numRows ? vectorsOf(loaded, columns)[col] : null
    return vector ? { vector, index } : null
  }
  /**
   * What a byte cell holds: from main's media cells, or for a search row, as main described
   * it in the search's answer (else from its bytes, without a thumbnail); undefined while read.
   */
  const mediaAt = (row: number, col: number): MediaCell | undefined => {
    if (!columns[col]?.bytes) return undefined
    const name = columns[col]?.name ?? ''
    const at = mediaRead.indexOf(name)
    if (at < 0) {
      const cell = vectorAt(row, col)
      if (!cell) return undefined
      const bytes = bytesAt(cell.vector, cell.index)
      return searchMediaCell(searchMedia.data, firstRow + row, name, bytes) ?? undescribedSearchCell(bytes, searchMedia.error)
    }
    const { block, index } = mediaBlockOfRow(firstRow + row)
    const failed = media.failed.get(block)
    return failed === undefined ? media.blocks.get(block)?.[index]?.[at] : unreadMediaCell(failed)
  }
  const viewAt = (row: number, col: number): CellView | null => {
    const { page, index } = pageOfRow(firstRow + row)
    const loaded = pages.get(page)
    if (!loaded || index >= loaded.numRows) return null
    const vector = vectorsOf(loaded, columns)[col]
    if (vector) return cellAt(vector, index)
    const name = columns[col]?.name
    // Main left the column out because the engine could not read it: say so, not "null".
    return unreadableColumnsOf(loaded.schema.metadata).some((u) => u.name === name) ? { kind: 'unsupported', text: 'could not be read' } : { kind: 'null' }
  }
  const unreadable = unreadableIn(pages)
  const edits = useGridEdits({
    connectionId,
    table,
    access: editing,
    columns,
    pages,
    rowCount: total ?? 0,
    originalAt: (row, col) => {
      const cell = columns[col]?.bytes ? null : vectorAt(row, col)
      return cell ? cellTextAt(cell.vector, cell.index) : undefined
    }
  })
  /** Closes the editor, the grid taking the keyboard back; `right` moves to the next cell. */
  const afterEdit = (right: boolean): void => {
    scrollRef.current?.focus()
    if (right && active.col + 1 < columns.length) moveTo({ row: active.row, col: active.col + 1 })
  }

  // The virtualizer's own scrollToIndex counts the horizontal scrollbar as room and ignores
  // the sticky header, so the last row could end half under the scrollbar: use clientHeight.
  const scrollRowIntoView = (row: number): void => {
    const scroller = scrollRef.current
    const item = virtualizer.measurementsCache[row]
    if (!scroller || !item) return
    if (item.start < scroller.scrollTop + headerHeight) scroller.scrollTop = item.start - headerHeight
    else if (item.end > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = item.end - scroller.clientHeight
  }

  // Once the row is drawn, its own box says where it is, whatever heights were estimated.
  const fitDrawnRow = (row: number): void => {
    const scroller = scrollRef.current
    const box = scroller?.querySelector(`[role="row"][data-index="${row}"]`)?.getBoundingClientRect()
    if (!scroller || !box) return
    const top = scroller.getBoundingClientRect().top + scroller.clientTop
    if (box.bottom > top + scroller.clientHeight) scroller.scrollTop += box.bottom - (top + scroller.clientHeight)
    else if (box.top < top + headerHeight) scroller.scrollTop -= top + headerHeight - box.top
  }

  const moveTo = (position: CellPosition): void => {
    followsKeyboard.current = true
    setActive(position)
    setKeyboardMove((n) => n + 1)
    scrollRowIntoView(position.row)
  }
  const onKeyDown = gridKeyHandler({
    rowCount: total ?? 0,
    colCount: columns.length,
    active,
    pageSize: () => Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 0) - headerHeight) / rowHeight) - 1),
    moveTo,
    toggle: (position) => isExpandable(viewAt(position.row, position.col)) && toggle(position),
    open: (position) => {
      setActive(position)
      setViewing(true)
    }
  })

  /** Which byte cell of the view's rows `media:value` reads. */
  const mediaSource = (row: number, col: number) => ({
    connectionId,
    table,
    rows: mediaRowsOf(view),
    row: firstRow + row,
    column: columns[col]?.name ?? ''
  })
  /** The whole value of a byte cell: read from main, or a search row's bytes at hand. */
  const readBytes = async (row: number, col: number) => {
    if (mediaRead.includes(columns[col]?.name ?? '')) return fetchMediaValue(client, mediaSource(row, col))
    const cell = vectorAt(row, col)
    const value = cell ? mediaValueOfBytes(bytesAt(cell.vector, cell.index), mediaAt(row, col)) : null
    if (!value) throw new Error('The row is still being read.')
    return value
  }
  const viewerValue = (row: number, col: number): ViewerValue => {
    const column = columns[col]
    if (column?.bytes) {
      const cell = mediaAt(row, col)
      if (cell === undefined) return { kind: 'loading' }
      if (cell.size === null) return { kind: 'null' }
      if (mediaRead.includes(column.name)) return { kind: 'media', source: mediaSource(row, col) }
      const at = vectorAt(row, col)
      const value = at ? mediaValueOfBytes(bytesAt(at.vector, at.index), cell) : null
      return value ? { kind: 'bytes', value } : { kind: 'null' }
    }
    const cell = vectorAt(row, col)
    if (cell) return viewerValueAt(cell.vector, cell.index)
    const shown = viewAt(row, col)
    return shown === null ? { kind: 'loading' } : shown.kind === 'unsupported' ? { kind: 'unsupported', text: shown.text } : { kind: 'null' }
  }
  const fileName = (row: number, col: number): string => {
    const cell = mediaAt(row, col)
    return bytesFileName(table.name, firstRow + row, columns[col]?.name ?? '', cell?.mime ?? 'application/octet-stream')
  }
  const jsonOfRow = (row: number): string | null => {
    const { page, index } = pageOfRow(firstRow + row)
    const loaded = pages.get(page)
    if (!loaded || index >= loaded.numRows) return null
    return rowJson(columns, vectorsOf(loaded, columns), index, (col) => mediaAt(row, col))
  }

  // Rows drawn after the jump are measured and may push the target down, and a page that
  // arrives later fills rows that then grow: fit the row again after each, for a few frames
  // (each scroll draws and measures new rows, which may move the target again). Only while
  // the view follows the keyboard: a mouse or touch scroll must not be pulled back.
  useEffect(() => {
    if (keyboardMove === 0 || !followsKeyboard.current) return
    let left = FIT_FRAMES
    const step = (): void => {
      if (!followsKeyboard.current) return
      fitDrawnRow(active.row)
      if (--left > 0) frame = requestAnimationFrame(step)
    }
    let frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyboardMove, pages])

  // After a key moved the active cell sideways, bring its column into view.
  useEffect(() => {
    if (keyboardMove === 0) return
    const scroller = scrollRef.current
    const left = ROW_NUMBER_WIDTH + widths.slice(0, active.col).reduce((sum, w) => sum + w, 0)
    const right = left + (widths[active.col] ?? 0)
    if (!scroller) return
    if (left - ROW_NUMBER_WIDTH < scroller.scrollLeft) scroller.scrollLeft = left - ROW_NUMBER_WIDTH
    else if (right > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = right - scroller.clientWidth
  }, [keyboardMove, active.col, widths])

  useEffect(() => {
    onActiveRow?.(firstRow + active.row)
  }, [onActiveRow, firstRow, active.row])
  const openMenu = (row: number, col: number, x: number, y: number): void => {
    setActive({ row, col })
    setMenu({ row, col, x, y })
  }
  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (columns.length > 0 && (total ?? 0) > 0 && (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10'))) {
      event.preventDefault()
      const cell = document.getElementById(cellId(active.row, active.col))?.getBoundingClientRect()
      return openMenu(active.row, active.col, cell?.left ?? 0, cell?.bottom ?? 0)
    }
    if (edits.onKeyDown(event, active)) return
    onKeyDown(event)
  }
  /** The column of the cell an event happened in (none on the row number). */
  const columnOf = (event: MouseEvent): number | null => {
    const cell = (event.target as Element).closest('[role="gridcell"]')
    const index = Number(cell?.getAttribute('aria-colindex') ?? NaN) - 2
    return Number.isInteger(index) && index >= 0 ? index : null
  }
  const moveViewer = (delta: 1 | -1): void => {
    const row = Math.max(0, Math.min((total ?? 1) - 1, active.row + delta))
    if (row !== active.row) moveTo({ row, col: active.col })
  }

  const activeDrawn = items.some((item) => item.index === active.row) && active.col < columns.length
  return (
    <>
      {error !== null && <ErrorAlert error={error} />}
      {unreadable.length > 0 && (
        <p role="status" className={styles.gridUnreadable}>
          {unreadable.map((u) => `Column "${u.name}" could not be read: ${u.message}`).join(' ')} The other columns are shown.
        </p>
      )}
      {profile && (
        // The sparklines in words, which each column header refers to as its description.
        <div hidden>
          {columns.map((column, c) => (
            <span key={column.name} id={`${gridId}-spark-${c}`}>
              {sparklineText(profiled.get(column.name), profile) || 'No distribution drawn.'}
            </span>
          ))}
        </div>
      )}
      <div
        ref={scrollRef}
        role="grid"
        aria-label={`Rows of ${table.name}`}
        aria-rowcount={(matching ?? rowCount) + 1}
        aria-colcount={columns.length + 1}
        aria-busy={total === null}
        aria-activedescendant={activeDrawn ? cellId(active.row, active.col) : undefined}
        tabIndex={0}
        className={styles.gridScroll}
        onKeyDown={onGridKeyDown}
        onPaste={(event) => edits.onPaste(event, active)}
        onWheel={stopFollowing}
        onPointerDown={stopFollowing}
        onTouchStart={stopFollowing}
      >
        <div role="rowgroup" className={styles.gridHead} style={{ width: `${width}px` }}>
          <div role="row" aria-rowindex={1} className={styles.gridRow} style={{ gridTemplateColumns: template, height: `${headerHeight}px` }}>
            <div role="columnheader" aria-colindex={1} className={cx(styles.gridCell, styles.rowNumber, distributions && styles.rowNumberHead)}>
              {distributions && <DistributionsToggle {...distributions} />}#
            </div>
            {columns.map((column, c) => (
              <div
                role="columnheader"
                aria-colindex={c + 2}
                key={column.name}
                className={cx(styles.gridCell, styles.columnHeader)}
                title={`${column.name}: ${column.type}`}
                aria-describedby={profile ? `${gridId}-spark-${c}` : undefined}
              >
                <span data-testid="column-name">{column.name}</span> <span className={styles.columnType}>{column.type}</span>
                {profile && <HeaderSparkline column={profiled.get(column.name)} profile={profile} />}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className={styles.gridBody} style={{ height: `${virtualizer.getTotalSize()}px`, width: `${width}px` }}>
          {items.map((item) => (
            <div
              role="row"
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-rowindex={firstRow + item.index + 2}
              className={cx(
                styles.gridRow,
                edits.rowState(item.index) === 'deleted' && styles.rowDeleted,
                edits.selected(item.index, active) && styles.rowSelected,
                edits.editing?.row === item.index && styles.rowEditing
              )}
              style={{
                transform: `translateY(${item.start - headerHeight}px)`,
                gridTemplateColumns: template,
                minHeight: `${rowHeight}px`,
                // In taller rows, text lines up with the thumbnails beside it.
                ...(rowHeight === MEDIA_ROW_HEIGHT ? { alignItems: 'center' } : {})
              }}
              onContextMenu={(event) => {
                event.preventDefault()
                openMenu(item.index, columnOf(event) ?? active.col, event.clientX, event.clientY)
              }}
              onDoubleClick={(event) => {
                const col = columnOf(event)
                if (col === null || (event.target as Element).closest('button')) return
                setActive({ row: item.index, col })
                if (!edits.on || !edits.start({ row: item.index, col })) setViewing(true)
              }}
            >
              <div role="rowheader" aria-colindex={1} className={cx(styles.gridCell, styles.rowNumber)}>
                <RowMark state={edits.rowState(item.index)} />
                {(firstRow + item.index + 1).toLocaleString('en-US')}
              </div>
              {columns.map((column, c) => (
                <GridCell
                  key={column.name}
                  id={cellId(item.index, c)}
                  colIndex={c + 2}
                  view={column.bytes ? mediaView(mediaAt(item.index, c)) : viewAt(item.index, c)}
                  media={
                    column.bytes
                      ? mediaContent(mediaAt(item.index, c), `${gridId}:${firstRow + item.index}:${column.name}`, () => readBytes(item.index, c).then(playable))
                      : null
                  }
                  active={active.row === item.index && active.col === c}
                  expanded={expanded.has(`${item.index}:${c}`)}
                  onActivate={() => {
                    edits.collapse()
                    setActive({ row: item.index, col: c })
                  }}
                  onToggle={() => toggle({ row: item.index, col: c })}
                  edit={edits.cell(item.index, c)}
                  editor={
                    edits.editing?.row === item.index && edits.editing.col === c && edits.fieldAt(c) ? (
                      <CellEditor
                        field={edits.fieldAt(c)!}
                        value={edits.valueAt(item.index, c)}
                        typed={edits.editing.typed}
                        selectAll={edits.editing.selectAll}
                        width={widths[c] ?? 120}
                        onKeep={(value, after) => {
                          edits.keep(value)
                          afterEdit(after === 'right')
                        }}
                        onCancel={() => {
                          edits.cancel()
                          afterEdit(false)
                        }}
                      />
                    ) : null
                  }
                />
              ))}
            </div>
          ))}
        </div>
        {total === 0 &&
          (view.search ? (
            <EmptyState compact icon={SearchX} title="The search found no rows">
              Change the search or the filter, or clear the search to see the table's rows.
            </EmptyState>
          ) : view.filter ? (
            <EmptyState compact icon={SearchX} title="No rows match the filter">
              Change or clear the filter to see rows.
            </EmptyState>
          ) : (
            <EmptyState compact icon={Rows3} title="No rows">
              This table is empty; rows added to it show here after a refresh (F5).
            </EmptyState>
          ))}
      </div>
      {viewing && columns[active.col] && (
        <CellViewer
          title={`${columns[active.col]?.name ?? ''} · row ${(firstRow + active.row + 1).toLocaleString('en-US')}`}
          value={viewerValue(active.row, active.col)}
          fileName={fileName(active.row, active.col)}
          onMove={moveViewer}
          onClose={() => setViewing(false)}
        />
      )}
      {menu && (
        <RowMenu
          target={{ row: firstRow + menu.row, x: menu.x, y: menu.y }}
          onFindSimilar={onFindSimilar}
          items={[
            ...cellActions(
              {
                column: columns[menu.col]?.name ?? '',
                bytes: columns[menu.col]?.bytes ?? false,
                cell: columns[menu.col]?.bytes ? null : vectorAt(menu.row, menu.col),
                bytesNull: columns[menu.col]?.bytes ? mediaAt(menu.row, menu.col)?.size === null : null,
                rowJson: () => jsonOfRow(menu.row),
                fileName: fileName(menu.row, menu.col)
              },
              {
                open: () => {
                  // The viewer gives focus back to what had it when it opened: the grid, not the menu.
                  scrollRef.current?.focus()
                  setMenu(null)
                  setViewing(true)
                },
                filter: onFilter,
                readBytes: () => readBytes(menu.row, menu.col)
              }
            ),
            // Editing items close the menu and give the grid the keyboard back first.
            ...edits.menuItems(menu.row, menu.col).map((item) => ({
              ...item,
              run: () => {
                scrollRef.current?.focus()
                setMenu(null)
                item.run()
              }
            }))
          ]}
          onClose={() => setMenu(null)}
        />
      )}
    </>
  )
}

/** A row's staged state beside its number: a mark as well as a colour, so it is seen without colour. */
function RowMark({ state }: { readonly state: 'deleted' | 'updated' | null }): ReactNode {
  if (state === null) return null
  return (
    <span
      className={styles.rowMark}
      title={state === 'deleted' ? 'Deleted when committed' : 'Changed'}
      aria-label={state === 'deleted' ? 'Deleted' : 'Changed'}
    >
      {state === 'deleted' ? '−' : '✎'}
    </span>
  )
}

/** The grid's view of a byte cell: null while it is read, the grid's null for a null cell, else drawn by mediaContent. */
function mediaView(cell: MediaCell | undefined): CellView | null {
  if (cell === undefined) return null
  return cell.size === null ? { kind: 'null' } : { kind: 'text', text: cell.label }
}

/** A byte cell's content, once known and not null; null leaves the cell to the grid's view. */
function mediaContent(
  cell: MediaCell | undefined,
  playKey: string,
  loadBytes: () => Promise<{ readonly bytes: Uint8Array; readonly mime: string }>
): ReactNode {
  if (cell === undefined || cell.size === null) return null
  return <MediaCellView cell={cell} playKey={playKey} loadBytes={loadBytes} />
}

/** A whole value as the audio player takes it, or why it cannot be played. */
function playable(value: { readonly bytes: Uint8Array | null; readonly mime: string; readonly problem: string | null }) {
  if (value.bytes === null) throw new Error(value.problem ?? 'The clip has no bytes to play.')
  return { bytes: value.bytes, mime: value.mime }
}

/** The columns any loaded page could not read, each named once. */
function unreadableIn(pages: ReadonlyMap<number, Table>): readonly UnreadableColumn[] {
  const byName = new Map<string, UnreadableColumn>()
  for (const page of pages.values()) for (const column of unreadableColumnsOf(page.schema.metadata)) byName.set(column.name, column)
  return [...byName.values()]
}

const vectorCache = new WeakMap<Table, Map<string, readonly (Vector | null)[]>>()

/** The page's column vectors in display order, looked up once per page and column choice. */
function vectorsOf(page: Table, columns: readonly GridColumn[]): readonly (Vector | null)[] {
  const key = columns.map((column) => column.name).join('\u0000')
  let byKey = vectorCache.get(page)
  if (!byKey) vectorCache.set(page, (byKey = new Map()))
  let vectors = byKey.get(key)
  if (!vectors) byKey.set(key, (vectors = columns.map((column) => page.getChild(column.name))))
  return vectors
}
