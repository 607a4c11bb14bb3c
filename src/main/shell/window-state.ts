/**
 * The window's size, position and maximized state across runs. What was saved is checked
 * before use: a damaged file, or a position on a display that is gone, never puts the
 * window somewhere the person cannot reach it.
 */

/** A rectangle in screen coordinates. */
export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** Where the window opens; no x/y means "let the OS center it". */
export interface WindowState {
  readonly x?: number
  readonly y?: number
  readonly width: number
  readonly height: number
  readonly maximized: boolean
}

/** The size of a first run. */
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const
/** The smallest usable window. */
export const MIN_WINDOW_SIZE = { width: 640, height: 420 } as const
/** How much of the window's top edge (where the title bar is) must be on a display to keep its position. */
const GRAB_STRIP = { width: 120, height: 32 } as const

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value)

/** Reads a saved state; anything malformed answers undefined (first-run defaults). */
export function parseWindowState(value: unknown): WindowState | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const saved = value as Record<string, unknown>
  const { x, y, width, height, maximized } = saved
  if (!isInt(width) || !isInt(height) || width <= 0 || height <= 0) return undefined
  const position = isInt(x) && isInt(y) ? { x, y } : {}
  return { ...position, width, height, maximized: maximized === true }
}

/**
 * The state to open with, given what was saved and the displays' work areas now: the size
 * is kept within the minimum and the largest work area; the position only if the top
 * edge of the window can still be grabbed on some display, else the OS centers it.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[]): WindowState {
  const state = parseWindowState(saved)
  if (!state) return { ...DEFAULT_WINDOW_SIZE, maximized: false }
  const maxWidth = Math.max(MIN_WINDOW_SIZE.width, ...workAreas.map((area) => area.width))
  const maxHeight = Math.max(MIN_WINDOW_SIZE.height, ...workAreas.map((area) => area.height))
  const width = clamp(state.width, MIN_WINDOW_SIZE.width, maxWidth)
  const height = clamp(state.height, MIN_WINDOW_SIZE.height, maxHeight)
  const size = { width, height, maximized: state.maximized }
  if (state.x === undefined || state.y === undefined) return size
  const strip = { x: state.x, y: state.y, width, height: GRAB_STRIP.height }
  const reachable = workAreas.some((area) => {
    const overlap = intersection(strip, area)
    return overlap.width >= Math.min(GRAB_STRIP.width, width) && overlap.height >= GRAB_STRIP.height
  })
  return reachable ? { x: state.x, y: state.y, ...size } : size
}

/** What to save: the normal (unmaximized) bounds and whether the window is maximized. */
export function captureWindowState(normalBounds: Rect, maximized: boolean): WindowState {
  return { x: normalBounds.x, y: normalBounds.y, width: normalBounds.width, height: normalBounds.height, maximized }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max)
}

function intersection(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return { width: Math.max(0, width), height: Math.max(0, height) }
}
