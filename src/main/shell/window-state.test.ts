import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SHELL_STATE_FILE, loadShellState, saveShellState } from './shell-state-file'
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, captureWindowState, parseWindowState, restoreWindowState } from './window-state'

const laptop = { x: 0, y: 0, width: 1920, height: 1080 }
const rightMonitor = { x: 1920, y: 0, width: 2560, height: 1440 }

describe('window state', () => {
  it('restores a saved window where it was, maximized or not', () => {
    const saved = { x: 2000, y: 100, width: 1400, height: 900, maximized: true }
    expect(restoreWindowState(saved, [laptop, rightMonitor])).toEqual(saved)
    expect(restoreWindowState({ ...saved, x: 300, maximized: false }, [laptop])).toEqual({ ...saved, x: 300, maximized: false })
  })

  it('drops a position whose title bar is off every display, and lets the OS center the window', () => {
    // The monitor it was on is unplugged.
    expect(restoreWindowState({ x: 3000, y: 200, width: 1200, height: 800, maximized: false }, [laptop])).toEqual({
      width: 1200,
      height: 800,
      maximized: false
    })
    // Title bar above the top edge: the window could not be dragged.
    expect(restoreWindowState({ x: 100, y: -500, width: 1200, height: 800, maximized: false }, [laptop])).toEqual({
      width: 1200,
      height: 800,
      maximized: false
    })
    // Only a sliver on screen.
    expect(restoreWindowState({ x: 1900, y: 100, width: 1200, height: 800, maximized: false }, [laptop])).toEqual({
      width: 1200,
      height: 800,
      maximized: false
    })
    // Enough of the top edge is on the laptop.
    expect(restoreWindowState({ x: -1000, y: 100, width: 1200, height: 800, maximized: false }, [laptop])).toMatchObject({ x: -1000, y: 100 })
  })

  it('keeps the size between the minimum and the largest display', () => {
    expect(restoreWindowState({ x: 0, y: 0, width: 100, height: 50, maximized: false }, [laptop])).toMatchObject(MIN_WINDOW_SIZE)
    expect(restoreWindowState({ x: 0, y: 0, width: 9000, height: 9000, maximized: false }, [laptop])).toMatchObject({ width: 1920, height: 1080 })
  })

  it('ignores damaged state: first-run size, centered', () => {
    for (const bad of [
      undefined,
      null,
      'x',
      [],
      { width: '800', height: 600 },
      { width: 0, height: 600 },
      { width: 1e400, height: 600 },
      { width: 800.5, height: 600 }
    ]) {
      expect(restoreWindowState(bad, [laptop])).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: false })
    }
    expect(parseWindowState({ x: 'a', y: 3, width: 800, height: 600 })).toEqual({ width: 800, height: 600, maximized: false })
  })

  it('saves the normal bounds and the maximized flag', () => {
    expect(captureWindowState({ x: 10, y: 20, width: 800, height: 600 }, true)).toEqual({ x: 10, y: 20, width: 800, height: 600, maximized: true })
  })
})

describe('shell state file', () => {
  let dir: string | undefined
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('round-trips the window and the theme, and falls back to defaults on a damaged file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lcb-shell-state-'))
    expect(await loadShellState(dir)).toEqual({ window: undefined, theme: 'system' })
    const window = { x: 5, y: 6, width: 900, height: 700, maximized: false }
    await saveShellState(dir, { window, theme: 'dark' })
    expect(JSON.parse(await readFile(join(dir, SHELL_STATE_FILE), 'utf8'))).toEqual({ window, theme: 'dark' })
    expect(await loadShellState(dir)).toEqual({ window, theme: 'dark' })
    await writeFile(join(dir, SHELL_STATE_FILE), '{"window": {"width": ')
    expect(await loadShellState(dir)).toEqual({ window: undefined, theme: 'system' })
    await writeFile(join(dir, SHELL_STATE_FILE), '{"theme": "purple", "window": 3}')
    expect(await loadShellState(dir)).toEqual({ window: 3, theme: 'system' })
  })
})
