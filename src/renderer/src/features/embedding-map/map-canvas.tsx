/**
 * The map's drawing: deck.gl in an orthographic view on WebGL2 (no WebGPU needed, and no
 * eval, which the app's Content-Security-Policy refuses), with its pan and zoom (drag,
 * wheel, arrow keys and +/- once focused); the points are GL points (./points-layer.ts),
 * and the point under the pointer, for hover and click, is found on the CPU
 * (./point-grid.ts). While the view moves, the last drawn picture is moved and scaled as
 * it is (a CSS transform, which costs the compositor almost nothing) and the points are
 * drawn again once the view has been still for SETTLE_MS: without a GPU, a drawing of
 * 100,000 points takes a few hundred milliseconds, too long for every frame of a drag.
 * The lasso (Shift and drag, or drag while the Lasso button is on) is drawn here as a
 * polygon over the canvas; the points whose projected positions fall inside it are chosen.
 * An index's partitions, when shown, are drawn over the points as larger dots ringed in
 * the outline colour. Points come as float32 x, y; colours as RGBA bytes per point. The canvas element carries
 * `mapScreenPositions()`, each point's position in CSS pixels within it, so a test can
 * find where the clusters are drawn.
 */
import { useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react'
import { Deck, OrthographicView, type OrthographicViewState } from '@deck.gl/core'
import { insidePolygon } from './lasso'
import { PointGrid } from './point-grid'
import { PointsLayer } from './points-layer'
import styles from './embedding-map.module.css'

/** Data units the view fits at first: the placed points' box [-1, 1] and the set-apart row below it. */
const FIT_SPAN = 3.1
/** How long the view must be still before the points are drawn again at its new place. */
const SETTLE_MS = 120
/** Diameter of a point in CSS pixels; smaller on large maps, so dense clusters keep their shape. */
const POINT_SIZE = 5
const LARGE_POINT_SIZE = 3.5
const LARGE_MAP = 20_000
/** How far from a point's centre (CSS pixels) the pointer still hovers it. */
const HOVER_SLACK = 3
/** How far (CSS pixels) the pointer may move between press and release for a click. */
const CLICK_SLACK = 4
/** How much wider than a point (CSS pixels) the query point's outer ring is. */
const QUERY_RING = 16
/** How much wider than a point (CSS pixels) a partition's dot and its ring are. */
const PARTITION_DOT = 6
const PARTITION_RING = 10
/** The ring around chosen points: RGBA. */
const RING_COLOUR = [31, 35, 40, 230] as const

interface Props {
  readonly positions: Float32Array
  /** RGBA per point. */
  readonly colours: Uint8Array
  /** Points chosen (by the lasso or a legend entry), drawn ringed. */
  readonly selected: readonly number[]
  /**
   * Points a search or the grid's filter highlights, drawn again over the others, larger,
   * opaque and outlined in `outline` (RGBA): on a dense cluster the faint points stacked
   * under them would otherwise hide them.
   */
  readonly highlighted: readonly number[]
  readonly outline: readonly [number, number, number, number]
  /** Where a vector search's query lies on the map (data units), drawn as two rings in `queryColour` (RGBA); null for none. */
  readonly query: readonly [number, number] | null
  readonly queryColour: readonly [number, number, number, number]
  /** An index's partitions (x, y each, data units), drawn as dots in `partitionColour` (RGBA) ringed in `outline`; null for none. */
  readonly partitions: Float32Array | null
  readonly partitionColour: readonly [number, number, number, number]
  /** Whether a plain drag draws a lasso (else it pans). */
  readonly lassoMode: boolean
  readonly onHover: (point: { readonly index: number; readonly x: number; readonly y: number } | null) => void
  readonly onLasso: (indices: readonly number[]) => void
  /** A click on one point. */
  readonly onPick: (index: number) => void
}

/** The canvas element with the positions it exposes. */
export type MapCanvasElement = HTMLCanvasElement & { mapScreenPositions?: () => [number, number][] }

interface ViewPlace {
  readonly target: readonly number[]
  readonly zoom: number
}

/** The map's view as deck.gl reports it (a single zoom; the view never sets one per axis). */
function placeOf(state: OrthographicViewState): ViewPlace {
  const zoom = Array.isArray(state.zoom) ? (state.zoom[0] ?? 0) : (state.zoom ?? 0)
  return { target: state.target ?? [0, 0, 0], zoom }
}

/**
 * The CSS transform that carries a picture drawn at view `drawn` to view `now`: scaled
 * about the canvas's centre, then moved. The view's y axis points up (flipY off).
 */
function transformBetween(drawn: ViewPlace, now: ViewPlace): string {
  const scale = 2 ** (now.zoom - drawn.zoom)
  const pixels = 2 ** now.zoom
  const dx = ((drawn.target[0] ?? 0) - (now.target[0] ?? 0)) * pixels
  const dy = ((now.target[1] ?? 0) - (drawn.target[1] ?? 0)) * pixels
  return `translate(${dx}px, ${dy}px) scale(${scale})`
}

/** The drawn map. */
export function MapCanvas({
  positions,
  colours,
  selected,
  highlighted,
  outline,
  query,
  queryColour,
  partitions,
  partitionColour,
  lassoMode,
  onHover,
  onLasso,
  onPick
}: Props): ReactNode {
  const canvasRef = useRef<MapCanvasElement>(null)
  const deckRef = useRef<Deck<OrthographicView> | null>(null)
  const handlers = useRef({ onHover, onPick })
  const drawn = useRef(positions)
  const grid = useMemo(() => new PointGrid(positions), [positions])
  const gridRef = useRef(grid)
  const pointSize = positions.length / 2 > LARGE_MAP ? LARGE_POINT_SIZE : POINT_SIZE
  const sizeRef = useRef(pointSize)
  const [lasso, setLasso] = useState<[number, number][] | null>(null)
  useEffect(() => {
    handlers.current = { onHover, onPick }
    drawn.current = positions
    gridRef.current = grid
    sizeRef.current = pointSize
  })

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const box = canvas.getBoundingClientRect()
    const initialViewState: OrthographicViewState = { target: [0, -0.15, 0], zoom: Math.log2(Math.max(1, Math.min(box.width, box.height)) / FIT_SPAN) }
    let now = placeOf(initialViewState)
    let drawnAt = now
    let dragging = false
    let settle: ReturnType<typeof setTimeout> | null = null
    let hovering = false
    const settled = (): void => {
      settle = null
      if (dragging) return
      deckRef.current?.redraw('the view came to rest')
    }
    const moved = (): void => {
      if (settle !== null) clearTimeout(settle)
      settle = setTimeout(settled, SETTLE_MS)
    }
    const deck: Deck<OrthographicView> = new Deck<OrthographicView>({
      canvas,
      width: '100%',
      height: '100%',
      // Points are round sprites with their own soft edge; multisampling would only double the software renderer's work.
      deviceProps: { webgl: { antialias: false } },
      views: new OrthographicView({ id: 'map', flipY: false }),
      initialViewState,
      controller: { doubleClickZoom: true, keyboard: true },
      layers: [],
      onViewStateChange: ({ viewState }) => {
        now = placeOf(viewState as OrthographicViewState)
        moved()
      },
      onInteractionStateChange: (state) => {
        dragging = state.isDragging === true
        if (!dragging) moved()
      },
      _customRender: (reason) => {
        if (settle !== null || dragging) {
          canvas.style.transform = transformBetween(drawnAt, now)
          return
        }
        deck._drawLayers(reason)
        drawnAt = now
        canvas.style.transform = ''
      },
      getCursor: ({ isDragging }) => (isDragging ? 'grabbing' : hovering ? 'pointer' : 'grab')
    })
    deckRef.current = deck
    /** The point under (x, y), CSS pixels within the canvas, or -1. */
    const pointAt = (x: number, y: number): number => {
      const viewport = deck.getViewports()[0]
      if (!viewport) return -1
      const [wx, wy] = viewport.unproject([x, y])
      const [ex] = viewport.unproject([x + sizeRef.current / 2 + HOVER_SLACK, y])
      return gridRef.current.nearest(wx!, wy!, Math.abs(ex! - wx!))
    }
    let pending: { x: number; y: number } | null = null
    let hoverFrame = 0
    // Places on the map are measured against the frame, which never moves (the canvas does, while the view moves).
    const frame = canvas.parentElement ?? canvas
    const hover = (event: globalThis.PointerEvent): void => {
      if (event.buttons !== 0) return
      const box = frame.getBoundingClientRect()
      pending = { x: event.clientX - box.left, y: event.clientY - box.top }
      hoverFrame ||= requestAnimationFrame(() => {
        hoverFrame = 0
        if (!pending) return
        const { x, y } = pending
        const index = pointAt(x, y)
        hovering = index >= 0
        handlers.current.onHover(index >= 0 ? { index, x, y } : null)
      })
    }
    // A click: a press and release of the main button within a few pixels.
    let press: { x: number; y: number } | null = null
    const down = (event: globalThis.PointerEvent): void => {
      press = event.button === 0 ? { x: event.clientX, y: event.clientY } : null
    }
    const up = (event: globalThis.PointerEvent): void => {
      if (!press || event.button !== 0 || Math.hypot(event.clientX - press.x, event.clientY - press.y) > CLICK_SLACK) return
      press = null
      const box = frame.getBoundingClientRect()
      const index = pointAt(event.clientX - box.left, event.clientY - box.top)
      if (index >= 0) handlers.current.onPick(index)
    }
    const leave = (): void => {
      pending = null
      hovering = false
      handlers.current.onHover(null)
    }
    canvas.addEventListener('pointermove', hover)
    canvas.addEventListener('pointerleave', leave)
    canvas.addEventListener('pointerdown', down)
    canvas.addEventListener('pointerup', up)
    canvas.mapScreenPositions = () => {
      const viewport = deck.getViewports()[0]
      const points = drawn.current
      return Array.from({ length: points.length / 2 }, (_, i) => {
        const at = viewport?.project([points[i * 2]!, points[i * 2 + 1]!])
        return at ? [at[0]!, at[1]!] : [Number.NaN, Number.NaN]
      })
    }
    return () => {
      if (settle !== null) clearTimeout(settle)
      if (hoverFrame) cancelAnimationFrame(hoverFrame)
      canvas.removeEventListener('pointermove', hover)
      canvas.removeEventListener('pointerleave', leave)
      canvas.removeEventListener('pointerdown', down)
      canvas.removeEventListener('pointerup', up)
      delete canvas.mapScreenPositions
      deck.finalize()
      deckRef.current = null
    }
  }, [])

  useEffect(() => {
    const deck = deckRef.current
    if (!deck) return
    const chosen = pointsOf(positions, selected)
    const ring = repeated(RING_COLOUR, selected.length)
    const lit = pointsOf(positions, highlighted)
    const litColours = new Uint8Array(highlighted.length * 4)
    highlighted.forEach((index, i) => litColours.set([colours[index * 4]!, colours[index * 4 + 1]!, colours[index * 4 + 2]!, 255], i * 4))
    const litOutline = repeated(outline, highlighted.length)
    const centres = placedOnly(partitions)
    deck.setProps({
      layers: [
        new PointsLayer({ id: 'points', xy: positions, rgba: colours, pointSize }),
        new PointsLayer({ id: 'highlighted', xy: lit, rgba: litColours, pointSize: pointSize + 2 }),
        new PointsLayer({ id: 'highlighted-outline', xy: lit, rgba: litOutline, pointSize: pointSize + 4, ring: true }),
        new PointsLayer({ id: 'selected', xy: chosen, rgba: ring, pointSize: pointSize + 4, ring: true }),
        new PointsLayer({ id: 'partitions', xy: centres, rgba: repeated(partitionColour, centres.length / 2), pointSize: pointSize + PARTITION_DOT }),
        new PointsLayer({ id: 'partitions-ring', xy: centres, rgba: repeated(outline, centres.length / 2), pointSize: pointSize + PARTITION_RING, ring: true }),
        ...[QUERY_RING, QUERY_RING - 4].map(
          (size) =>
            new PointsLayer({
              id: `query-${size}`,
              xy: query ? Float32Array.from(query) : new Float32Array(0),
              rgba: Uint8Array.from(queryColour),
              pointSize: pointSize + size,
              ring: true
            })
        )
      ]
    })
  }, [positions, colours, selected, highlighted, outline, query, queryColour, partitions, partitionColour, pointSize])

  // The lasso: its pointer events stop here (capture phase), so the view does not pan meanwhile.
  const point = (event: PointerEvent): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect()
    return [event.clientX - box.left, event.clientY - box.top]
  }
  const start = (event: PointerEvent<HTMLDivElement>): void => {
    if (!(event.shiftKey || lassoMode) || event.button !== 0) return
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    setLasso([point(event)])
  }
  const extend = (event: PointerEvent<HTMLDivElement>): void => {
    if (!lasso) return
    event.stopPropagation()
    const next = point(event)
    const last = lasso[lasso.length - 1]!
    if (Math.hypot(next[0] - last[0], next[1] - last[1]) >= 3) setLasso([...lasso, next])
  }
  const finish = (event: PointerEvent<HTMLDivElement>): void => {
    if (!lasso) return
    event.stopPropagation()
    const polygon = lasso
    setLasso(null)
    const viewport = deckRef.current?.getViewports()[0]
    if (!viewport || polygon.length < 3) return
    const inside: number[] = []
    for (let i = 0; i < positions.length / 2; i++) {
      const at = viewport.project([positions[i * 2]!, positions[i * 2 + 1]!])
      if (insidePolygon(at[0]!, at[1]!, polygon)) inside.push(i)
    }
    onLasso(inside)
  }

  return (
    // deck.gl takes its pointer events on the nearest `deck-events-root` around its canvas:
    // here the frame, so pointer positions stay true while the canvas is moved.
    <div
      className={`${styles.canvasFrame} deck-events-root`}
      onPointerDownCapture={start}
      onPointerMoveCapture={extend}
      onPointerUpCapture={finish}
      onPointerCancelCapture={() => setLasso(null)}
    >
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        tabIndex={0}
        role="img"
        aria-label="Map of the vectors: drag to pan, scroll or +/- to zoom, arrow keys to move, Shift and drag to lasso points, click a point to open its row"
      />
      {lasso && (
        <svg className={styles.lasso} aria-hidden>
          <polygon points={lasso.map(([x, y]) => `${x},${y}`).join(' ')} />
        </svg>
      )}
    </div>
  )
}

/** The positions of the points at `indices`, as x, y pairs. */
function pointsOf(positions: Float32Array, indices: readonly number[]): Float32Array {
  const out = new Float32Array(indices.length * 2)
  indices.forEach((index, i) => out.set([positions[index * 2]!, positions[index * 2 + 1]!], i * 2))
  return out
}

/** The finite x, y pairs of `xy` (a partition with no place is left out). */
function placedOnly(xy: Float32Array | null): Float32Array {
  if (!xy) return new Float32Array(0)
  const out: number[] = []
  for (let i = 0; i + 1 < xy.length; i += 2) if (Number.isFinite(xy[i]) && Number.isFinite(xy[i + 1])) out.push(xy[i]!, xy[i + 1]!)
  return Float32Array.from(out)
}

/** One RGBA colour `count` times. */
function repeated(rgba: readonly [number, number, number, number], count: number): Uint8Array {
  const out = new Uint8Array(count * 4)
  for (let i = 0; i < count; i++) out.set(rgba, i * 4)
  return out
}
