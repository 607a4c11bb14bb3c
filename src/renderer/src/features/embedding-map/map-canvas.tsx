/**
 * The map's drawing: deck.gl's ScatterplotLayer in an orthographic view on WebGL2 (no
 * WebGPU needed, and no eval, which the app's Content-Security-Policy refuses), with its
 * pan and zoom (drag, wheel, arrow keys and +/- once focused), hover and click picking.
 * The lasso (Shift and drag, or drag while the Lasso button is on) is drawn here as a
 * polygon over the canvas; the points whose projected positions fall inside it are chosen.
 * Points come as float32 x, y; colours as RGBA bytes per point. The canvas element carries
 * `mapScreenPositions()`, each point's position in CSS pixels within it, so a test can
 * find where the clusters are drawn.
 */
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react'
import { Deck, OrthographicView, type OrthographicViewState } from '@deck.gl/core'
import { ScatterplotLayer } from '@deck.gl/layers'
import { insidePolygon } from './lasso'
import styles from './embedding-map.module.css'

/** Data units the view fits at first: the placed points' box [-1, 1] and the set-apart row below it. */
const FIT_SPAN = 3.1

interface Props {
  readonly positions: Float32Array
  /** RGBA per point. */
  readonly colours: Uint8Array
  /** Points chosen (by the lasso or a legend entry), drawn ringed. */
  readonly selected: readonly number[]
  /** Whether a plain drag draws a lasso (else it pans). */
  readonly lassoMode: boolean
  readonly onHover: (point: { readonly index: number; readonly x: number; readonly y: number } | null) => void
  readonly onLasso: (indices: readonly number[]) => void
  /** A click on one point. */
  readonly onPick: (index: number) => void
}

/** The canvas element with the positions it exposes. */
export type MapCanvasElement = HTMLCanvasElement & { mapScreenPositions?: () => [number, number][] }

/** The drawn map. */
export function MapCanvas({ positions, colours, selected, lassoMode, onHover, onLasso, onPick }: Props): ReactNode {
  const canvasRef = useRef<MapCanvasElement>(null)
  const deckRef = useRef<Deck<OrthographicView> | null>(null)
  const handlers = useRef({ onHover, onPick })
  const drawn = useRef(positions)
  const [lasso, setLasso] = useState<[number, number][] | null>(null)
  useEffect(() => {
    handlers.current = { onHover, onPick }
    drawn.current = positions
  })

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const box = canvas.getBoundingClientRect()
    const initialViewState: OrthographicViewState = { target: [0, -0.15, 0], zoom: Math.log2(Math.max(1, Math.min(box.width, box.height)) / FIT_SPAN) }
    const deck = new Deck<OrthographicView>({
      canvas,
      width: '100%',
      height: '100%',
      views: new OrthographicView({ id: 'map', flipY: false }),
      initialViewState,
      controller: { doubleClickZoom: true, keyboard: true },
      layers: [],
      onHover: (info) => handlers.current.onHover(info.index >= 0 ? { index: info.index, x: info.x, y: info.y } : null),
      onClick: (info) => {
        if (info.index >= 0) handlers.current.onPick(info.index)
      },
      getCursor: ({ isDragging, isHovering }) => (isHovering ? 'pointer' : isDragging ? 'grabbing' : 'grab')
    })
    deckRef.current = deck
    canvas.mapScreenPositions = () => {
      const viewport = deck.getViewports()[0]
      const points = drawn.current
      return Array.from({ length: points.length / 2 }, (_, i) => {
        const at = viewport?.project([points[i * 2]!, points[i * 2 + 1]!])
        return at ? [at[0]!, at[1]!] : [Number.NaN, Number.NaN]
      })
    }
    return () => {
      delete canvas.mapScreenPositions
      deck.finalize()
      deckRef.current = null
    }
  }, [])

  useEffect(() => {
    const deck = deckRef.current
    if (!deck) return
    const chosen = new Float32Array(selected.length * 2)
    selected.forEach((index, i) => chosen.set([positions[index * 2]!, positions[index * 2 + 1]!], i * 2))
    deck.setProps({
      layers: [
        new ScatterplotLayer({
          id: 'points',
          data: {
            length: positions.length / 2,
            attributes: { getPosition: { value: positions, size: 2 }, getFillColor: { value: colours, size: 4, normalized: true } }
          },
          radiusUnits: 'pixels',
          getRadius: 2.5,
          pickable: true
        }),
        new ScatterplotLayer({
          id: 'selected',
          data: { length: selected.length, attributes: { getPosition: { value: chosen, size: 2 } } },
          radiusUnits: 'pixels',
          getRadius: 4.5,
          stroked: true,
          filled: false,
          lineWidthUnits: 'pixels',
          getLineWidth: 1.5,
          getLineColor: [31, 35, 40, 230]
        })
      ]
    })
  }, [positions, colours, selected])

  // The lasso: its pointer events stop here (capture phase), so the view does not pan meanwhile.
  const point = (event: PointerEvent): [number, number] => {
    const box = canvasRef.current!.getBoundingClientRect()
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
    <div
      className={styles.canvasFrame}
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
