/**
 * The desktop shell's own settings in the data dir (`shell-state.json`): the window's
 * bounds and the theme source. A damaged file means first-run defaults, never a failed start.
 */
import { join } from 'node:path'
import { readJsonFile, writeFileAtomic } from '../files/atomic-write'
import { THEME_SOURCES, type ThemeSource } from './menu-template'
import type { WindowState } from './window-state'

/** The file name inside the data dir. */
export const SHELL_STATE_FILE = 'shell-state.json'

/** What is kept: the window as saved (checked again on use) and the theme source. */
export interface ShellState {
  /** Unchecked: `restoreWindowState` validates it against the displays of this run. */
  readonly window: unknown
  readonly theme: ThemeSource
}

/** Reads the shell state; a missing or damaged file gives defaults. */
export async function loadShellState(dataDir: string): Promise<ShellState> {
  const read = await readJsonFile(join(dataDir, SHELL_STATE_FILE))
  const value = read.status === 'ok' && typeof read.value === 'object' && read.value !== null ? (read.value as Record<string, unknown>) : {}
  const theme = THEME_SOURCES.find((source) => source === value['theme']) ?? 'system'
  return { window: value['window'], theme }
}

/** Saves the shell state atomically. */
export async function saveShellState(dataDir: string, state: { readonly window: WindowState; readonly theme: ThemeSource }): Promise<void> {
  await writeFileAtomic(join(dataDir, SHELL_STATE_FILE), `${JSON.stringify(state, null, 2)}\n`)
}
