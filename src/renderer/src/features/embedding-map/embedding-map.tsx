/**
 * The Map view of a vector column, in place of the data tab's grid: every row a point
 * (or a sample, said), the linear picture at once and UMAP's as it refines, with its
 * progress and Cancel; colour by any column with a legend; hover for a row's key and
 * colour value; a click opens the row in the grid and a lasso (or a legend entry's
 * points) becomes the grid's filter; the rows the grid's filter keeps stand out; where the
 * column has an IVF index, its partitions can be shown over the points.
 */
import { useMemo, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Table } from 'apache-arrow'
import type { FieldInfo, TableRef } from '@shared/catalog-types'
import type { MapLayout, MapPartitions, MapProgress } from '@shared/contract/embedding-map'
import type { SearchQuery } from '@shared/contract/search'
import { DISTANCE_COLUMN } from '@shared/search-types'
import { POINT_KINDS } from '@shared/embedding-map-points'
import { api, unwrap } from '../../lib/api'
import { decodeArrow } from '../../lib/arrow-decode'
import { queryKeys } from '../../lib/query-keys'
import { requestGridFilter } from '../../state/grid-filter-requests'
import { useUiStore } from '../../state/ui-store'
import { Button } from '../../ui/button'
import { ErrorAlert } from '../../ui/error-alert'
import { Select } from '../../ui/select'
import { HoverThumb, useHoverThumb } from './hover-thumb'
import { keyFilter } from './key-filter'
import { MapCanvas } from './map-canvas'
import { coloursByDensity, coloursByKind, coloursByValues, DENSITY_CELLS, type PointColours } from './map-colours'
import { useEmbeddingMap } from './use-embedding-map'
import styles from './embedding-map.module.css'

/** The most matching rows whose keys are read to highlight the grid's filter. */
const HIGHLIGHT_ROWS = 100_000

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly column: string
  readonly fields: readonly FieldInfo[]
  /** The filter the grid shows ('' for none): its rows are highlighted. */
  readonly gridFilter: string
  /** A search's result rows (Find similar, full text), highlighted instead while there is one. */
  readonly searchRows: Table | null
  /** The search those rows answer: a vector search of this column also places its query point. */
  readonly searchQuery: SearchQuery | null
  /** Shows the grid again (after its filter was set from the map). */
  readonly onShowGrid: () => void
}

const format = (n: number): string => n.toLocaleString('en-US')
/** The Colour by option of density, and the prefix of a column's option. */
const DENSITY = 'density'
const COLUMN_OPTION = 'column:'

/** The view. */
export function EmbeddingMap({ connectionId, table, column, fields, gridFilter, searchRows, searchQuery, onShowGrid }: Props): ReactNode {
  const { kept, layout, progress, cancel } = useEmbeddingMap(connectionId, table, column)
  // What colours the points: '' (why a point is set apart), DENSITY, or `column:` and a column's name.
  const [colourBy, setColourBy] = useState('')
  const colourColumn = colourBy.startsWith(COLUMN_OPTION) ? colourBy.slice(COLUMN_OPTION.length) : ''
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null)
  const [selected, setSelected] = useState<readonly number[]>([])
  // The finished map, else the kept one (an older version's while the new one is computed).
  const map: MapLayout | null = layout.data ?? (kept && (layout.isFetching || layout.isError) ? kept : null)
  const live = layout.isFetching && progress?.positions ? progress : null
  // Each poll decodes the positions anew; they change only with the rows read or the epoch
  // (finding neighbours brings none), so the drawing is handed new ones (and redraws) only
  // then. While reading, only when the rows have at least doubled or are all read: without
  // a GPU each drawing of many points takes a few hundred milliseconds, which would hold
  // back the picture of every row.
  const [drawnLive, setDrawnLive] = useState<{
    readonly key: string
    readonly rowsRead: number
    readonly positions: Float32Array
    readonly kinds: Uint8Array | null
  } | null>(null)
  const liveKey = live ? `${live.phase === 'neighbours' ? 'reading' : live.phase}:${live.rowsRead}:${live.epoch}` : null
  // (Fewer rows than drawn: a new computation has started.)
  const worthDrawing =
    live?.phase !== 'reading' ||
    drawnLive === null ||
    live.rowsRead < drawnLive.rowsRead ||
    live.rowsRead >= drawnLive.rowsRead * 2 ||
    live.rowsRead === live.rowsTotal
  if (live?.positions && liveKey !== null && drawnLive?.key !== liveKey && worthDrawing)
    setDrawnLive({ key: liveKey, rowsRead: live.rowsRead, positions: floats(live.positions)!, kinds: live.kinds })
  const finished = useMemo(() => floats(map?.positions ?? null), [map?.positions])
  const positions = live && drawnLive ? drawnLive.positions : finished
  const kinds = live && drawnLive ? drawnLive.kinds : (map?.kinds ?? null)

  const colourColumns = fields.filter((field) => field.dimension === undefined && field.children === undefined && field.name !== column)
  const values = useQuery({
    queryKey: queryKeys.embeddingMapValues(connectionId, table, map?.version ?? '', colourColumn),
    queryFn: () => unwrap(api.map.values({ connectionId, table, version: map!.version, column: colourColumn, windows: [...map!.windows] })),
    enabled: map !== null && colourColumn !== '' && !live,
    staleTime: Infinity
  })
  const colours: PointColours | null = useMemo(() => {
    if (!kinds) return null
    if (colourBy === DENSITY && positions) return coloursByDensity(positions, kinds)
    if (colourBy.startsWith(COLUMN_OPTION) && values.data && values.data.values.length === kinds.length) return coloursByValues(values.data)
    return coloursByKind(kinds)
  }, [kinds, colourBy, positions, values.data])

  const highlightKeys = useQuery({
    queryKey: queryKeys.embeddingMapHighlight(connectionId, table, map?.version ?? '', map?.keyColumn ?? '', gridFilter),
    queryFn: async () => {
      const page = await unwrap(api.tables.readRows({ connectionId, table, offset: 0, limit: HIGHLIGHT_ROWS, columns: [map!.keyColumn!], filter: gridFilter }))
      const keys = decodeArrow(page.arrow).getChild(map!.keyColumn!)
      return new Set(Array.from({ length: keys?.length ?? 0 }, (_, i) => String(keys!.get(i) as unknown)))
    },
    enabled: map !== null && map.keyColumn !== null && gridFilter !== '',
    staleTime: Infinity
  })
  const keyColumn = map?.keyColumn ?? null
  const searchKeys = useMemo(() => {
    const keys = keyColumn !== null ? searchRows?.getChild(keyColumn) : null
    return keys ? new Set(Array.from({ length: keys.length }, (_, i) => String(keys.get(i) as unknown))) : null
  }, [keyColumn, searchRows])
  const highlight = useMemo(() => {
    const keys = searchKeys ?? (gridFilter !== '' ? highlightKeys.data : null)
    if (!map?.keys || !keys || live) return null
    return Uint8Array.from(map.keys, (key) => (key !== null && keys.has(key) ? 1 : 0))
  }, [map, searchKeys, highlightKeys.data, gridFilter, live])
  const highlighted = highlight ? highlight.reduce((sum, v) => sum + v, 0) : 0
  // Drawn over the others unless every point is highlighted (then none stands out).
  const highlightedPoints = useMemo(() => {
    if (!highlight || highlighted === highlight.length) return []
    const indices: number[] = []
    highlight.forEach((lit, i) => {
      if (lit === 1) indices.push(i)
    })
    return indices
  }, [highlight, highlighted])
  const queryPoint = useMemo(
    () => (map && positions && !live && searchQuery?.kind === 'vector' && searchQuery.column === column ? queryPlace(map, positions, searchRows) : null),
    [map, positions, live, searchQuery, column, searchRows]
  )
  // The colours come from the theme's tokens, read again when the theme changes.
  const theme = useUiStore((state) => state.theme)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rgba = useMemo(() => (colours ? pointBytes(colours, highlight) : new Uint8Array(0)), [colours, highlight, theme])
  // The outline of highlighted points is the theme's text colour, in contrast with the background.
  const { outline, queryColour, partitionColour } = useMemo(
    () => ({ outline: tokenColour('--color-text'), queryColour: tokenColour('--map-query'), partitionColour: tokenColour('--map-partition') }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [theme]
  )
  const [showPartitions, setShowPartitions] = useState(false)
  const partitionsReason = live
    ? 'The partitions are placed once the map is finished.'
    : map
      ? map.partitions.available
        ? null
        : map.partitions.reason
      : 'No map yet.'
  const partitions = showPartitions && partitionsReason === null && map?.partitions.available ? map.partitions : null
  const partitionPositions = useMemo(() => floats(partitions?.positions ?? null), [partitions])
  const [lassoMode, setLassoMode] = useState(false)
  const thumb = useHoverThumb(connectionId, table, fields, map, hover?.index ?? null)

  const openRows = (indices: readonly number[]): void => {
    if (!map) return
    const made = keyFilter(map, indices)
    if ('filter' in made) {
      requestGridFilter(connectionId, table, made.filter)
      onShowGrid()
    }
  }
  const selection = map && selected.length > 0 ? keyFilter(map, selected) : null

  return (
    <section className={styles.map} aria-label={`Map of ${column}`}>
      <div className={styles.bar}>
        <span role="status" aria-label="Map status" className={styles.status}>
          {statusText(map, layout.isFetching, progress, layout.error)}
        </span>
        {layout.isFetching && (
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        )}
        {!layout.isFetching && layout.isError && (
          <Button variant="secondary" onClick={() => void layout.refetch()}>
            Compute again
          </Button>
        )}
        <Button
          variant="secondary"
          aria-pressed={lassoMode}
          title="While on, a drag draws a lasso instead of moving the map (Shift and drag lassoes at any time)"
          onClick={() => setLassoMode(!lassoMode)}
        >
          Lasso
        </Button>
        <Button
          variant="secondary"
          aria-pressed={partitions !== null}
          disabled={partitionsReason !== null}
          disabledReason={partitionsReason ?? ''}
          title="Draw the partitions (IVF centroids) of the column’s vector index over the points"
          onClick={() => setShowPartitions(!showPartitions)}
        >
          Show index partitions
        </Button>
        <label className={styles.colourBy}>
          Colour by
          <Select
            aria-label="Colour by"
            value={colourBy}
            onChange={(event) => setColourBy(event.target.value)}
            disabled={map === null}
            options={colourColumns.map((field) => ({ value: `${COLUMN_OPTION}${field.name}`, label: field.name }))}
          >
            <option value="">Why a point is set apart</option>
            <option value={DENSITY}>Density (points nearby)</option>
          </Select>
        </label>
      </div>
      {layout.isError && !isCancel(layout.error) && <ErrorAlert error={layout.error} />}
      {values.isError && <ErrorAlert error={values.error} />}
      {map && unplacedText(map) && <p className={styles.note}>{unplacedText(map)}</p>}
      {map && !live && placedText(map) && (
        <p className={styles.note} aria-label="How the points were placed">
          {placedText(map)}
        </p>
      )}
      {highlight && (
        <p className={styles.note} aria-label="Highlighted rows">
          {format(highlighted)} of {format(map?.points ?? 0)} points {searchKeys ? 'are the search’s results' : 'match the grid’s filter'} and stand out.
        </p>
      )}
      {colourBy === DENSITY && (
        <p className={styles.note} aria-label="Density">
          Each point is coloured by the points in its square of a {DENSITY_CELLS} × {DENSITY_CELLS} grid over the map: the brighter, the more crowded.
        </p>
      )}
      {queryPoint && (
        <p className={styles.note} aria-label="Query point">
          The magenta rings mark the search’s query, placed among the rows it found (nearer the nearer ones).
        </p>
      )}
      {partitions && (
        <p className={styles.note} aria-label="Index partitions">
          {partitionsText(partitions)}
        </p>
      )}
      <div className={styles.body}>
        <div className={styles.plot}>
          {positions && colours ? (
            <MapCanvas
              {...{ positions, selected, lassoMode, outline }}
              colours={rgba}
              highlighted={highlightedPoints}
              query={queryPoint}
              queryColour={queryColour}
              partitions={partitionPositions}
              partitionColour={partitionColour}
              onHover={setHover}
              onLasso={setSelected}
              onPick={(index) => openRows([index])}
            />
          ) : (
            <p className={styles.empty}>{layout.isFetching ? 'The first picture appears once the rows are read…' : 'No map yet.'}</p>
          )}
          {hover && map && (
            <div className={styles.tooltip} style={{ left: hover.x + 12, top: hover.y + 12 }} role="tooltip">
              {thumb && <HoverThumb {...thumb} />}
              {hoverText(map, hover.index, colourColumn, values.data?.values[hover.index], colours?.density?.[hover.index])}
            </div>
          )}
        </div>
        {colours && (
          <aside className={styles.legend} aria-label="Legend">
            <ul>
              {colours.legend.map((entry) => (
                <li key={entry.label}>
                  <button
                    type="button"
                    className={styles.legendEntry}
                    title="Select these points"
                    onClick={() => setSelected(pointsOf(colours, entry.paletteIndex))}
                  >
                    <span className={styles.swatch} style={{ background: `var(${entry.colour})` }} aria-hidden />
                    <span className={styles.legendLabel}>{entry.label}</span>
                    <span className="muted">{format(entry.count)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
      {selected.length > 0 && (
        <div className={styles.bar} aria-label="Selection">
          <span>{format(selected.length)} points selected</span>
          <Button
            disabled={!selection || !('filter' in selection)}
            disabledReason={selection && 'reason' in selection ? selection.reason : ''}
            onClick={() => openRows(selected)}
          >
            Filter the grid to these rows
          </Button>
          <Button variant="secondary" onClick={() => setSelected([])}>
            Clear selection
          </Button>
        </div>
      )}
    </section>
  )
}

/** A colour token (`#rrggbb`) as opaque RGBA bytes. */
function tokenColour(name: string): [number, number, number, number] {
  const hex = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
  return [r ?? 0, g ?? 0, b ?? 0, 255]
}

/**
 * Where a vector search's query lies on the map: the map places no new vector, so the
 * query is put among the rows the search found, each weighted by the inverse of its
 * distance; at a found row itself when one is at distance 0 (Find similar's own row).
 * Null when none of the found rows is placed on the map.
 */
function queryPlace(map: MapLayout, positions: Float32Array, rows: Table | null): [number, number] | null {
  const keys = map.keyColumn !== null ? rows?.getChild(map.keyColumn) : null
  const distances = rows?.getChild(DISTANCE_COLUMN)
  if (!map.keys || !keys || !distances) return null
  const found = new Map<string, number>()
  for (let r = 0; r < keys.length; r++) found.set(String(keys.get(r) as unknown), Number(distances.get(r)))
  let x = 0
  let y = 0
  let total = 0
  for (let i = 0; i < map.keys.length; i++) {
    const distance = found.get(map.keys[i] ?? '')
    if (distance === undefined || map.kinds[i] !== 0 || !Number.isFinite(distance)) continue
    if (distance <= 1e-12) return [positions[i * 2]!, positions[i * 2 + 1]!]
    x += positions[i * 2]! / distance
    y += positions[i * 2 + 1]! / distance
    total += 1 / distance
  }
  return total > 0 ? [x / total, y / total] : null
}

/** RGBA bytes per point: its palette colour, faint where a highlight leaves it out. */
function pointBytes(colours: PointColours, highlight: Uint8Array | null): Uint8Array {
  const style = getComputedStyle(document.documentElement)
  const rgb = colours.palette.map((name) => {
    const hex = style.getPropertyValue(name).trim()
    return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
  })
  const out = new Uint8Array(colours.index.length * 4)
  colours.index.forEach((p, i) => {
    const [r, g, b] = rgb[p] ?? [128, 128, 128]
    out.set([r!, g!, b!, highlight && highlight[i] === 0 ? 36 : 220], i * 4)
  })
  return out
}

/** A float32 view of positions' bytes (copied when they are not aligned). */
function floats(bytes: Uint8Array | null): Float32Array | null {
  if (!bytes) return null
  return bytes.byteOffset % 4 === 0 ? new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4) : new Float32Array(bytes.slice().buffer)
}

function isCancel(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'cancelled'
}

/** What the map shows and where its computation is. */
function statusText(map: MapLayout | null, running: boolean, progress: MapProgress | null, error: unknown): string {
  const what = map
    ? `${format(map.points)} points${map.sampled ? ` (sample of ${format(map.points)} of ${format(map.totalRows)} rows)` : ''} · ${map.method === 'umap' ? 'UMAP' : 'principal components'} · version ${map.version}${map.cached ? ' · kept map' : ''}`
    : ''
  if (running) {
    const step =
      progress === null
        ? 'Starting…'
        : progress.phase === 'reading'
          ? `Reading rows: ${format(progress.rowsRead)} of ${format(progress.rowsTotal ?? 0)}…${progress.positions ? ' The picture shows the rows read so far.' : ''}`
          : progress.phase === 'neighbours'
            ? 'First picture (principal components); finding each point’s neighbours for UMAP…'
            : `Refining the UMAP layout${fittedNote(progress)}: epoch ${format(progress.epoch)} of ${format(progress.epochs)}…`
    return map ? `Showing the kept map of version ${map.version}; computing the latest version’s. ${step}` : step
  }
  if (isCancel(error)) return map ? `${what}. Computing the latest version’s map was cancelled.` : 'The map was cancelled.'
  return what
}

/** While UMAP refines: on how many points it is fitted, when not on all. */
function fittedNote(progress: MapProgress): string {
  return progress.fittedPoints !== null ? ` (fitted on ${format(progress.fittedPoints)} points, the others follow their nearest)` : ''
}

/** Which points UMAP placed and which follow their neighbours, when not all were fitted. */
function placedText(map: MapLayout): string | null {
  if (map.method !== 'umap') return null
  const unplaced = Object.values(map.unplaced).reduce((sum, n) => sum + n, 0)
  const followers = map.points - unplaced - map.fittedPoints
  if (followers <= 0) return null
  return `UMAP was fitted on a uniform sample of ${format(map.fittedPoints)} points; the other ${format(followers)} sit at the weighted mean of their nearest fitted points (nearest in principal components).`
}

/** What the partitions' markers are and how they were placed. */
function partitionsText(partitions: Extract<MapPartitions, { available: true }>): string {
  const index = `index “${partitions.indexName}”${partitions.distanceType ? ` (${partitions.distanceType} distance)` : ''}`
  const how =
    partitions.placement === 'projected'
      ? 'each centroid projected on the same principal axes as the points'
      : 'UMAP places no new vector, so each centroid sits at the mean of the 8 fitted points nearest it (in principal components)'
  const cosine =
    partitions.distanceType === 'cosine' ? ' The index compares directions, so its centroids are of unit length and may sit off points that are not.' : ''
  return `The cyan dots ringed are the ${format(partitions.count)} partitions of ${index}: ${how}.${cosine}`
}

/** Why some points are set apart, or null when none are. */
function unplacedText(map: MapLayout): string | null {
  const parts = [
    [map.unplaced.null, 'null'],
    [map.unplaced.nan, 'holding NaN or infinite values'],
    [map.unplaced.zero, 'all zeros'],
    [map.unplaced.constant, 'one repeated value'],
    [map.unplaced.length, 'of the wrong length']
  ].filter(([count]) => (count as number) > 0)
  if (parts.length === 0) return null
  return `Set apart below the map, as their vectors cannot be placed: ${parts.map(([count, why]) => `${format(count as number)} ${why}`).join(', ')}.`
}

function hoverText(map: MapLayout, index: number, colourBy: string, value: string | number | null | undefined, density: number | null | undefined): string {
  const lines = [map.keyColumn && map.keys ? `${map.keyColumn}: ${map.keys[index] ?? 'null'}` : `Point ${format(index + 1)}`]
  if (colourBy !== '' && value !== undefined) lines.push(`${colourBy}: ${value === null ? 'null' : String(value)}`)
  if (density !== undefined && density !== null) lines.push(`${format(density)} ${density === 1 ? 'point' : 'points'} in its square`)
  const kind = POINT_KINDS[map.kinds[index] ?? 0]
  if (kind && kind !== 'ok') lines.push(`Set apart: ${kind === 'nan' ? 'NaN or infinite values' : kind}`)
  else if (placedText(map) !== null) lines.push(map.fitted[index] === 1 ? 'Fitted by UMAP' : 'Placed by its nearest fitted points')
  return lines.join(' · ')
}

function pointsOf(colours: PointColours, paletteIndex: number): number[] {
  const out: number[] = []
  colours.index.forEach((p, i) => {
    if (p === paletteIndex) out.push(i)
  })
  return out
}
