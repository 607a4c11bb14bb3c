/**
 * The renderer's UI state (expanded nodes, selection, page size) kept in the data dir,
 * so it survives a restart in Electron and in browser mode alike (a browser's own
 * storage is per origin, and browser mode gets a new port each run).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../files/atomic-write'

/** The file name inside the data dir. */
export const UI_STATE_FILE = 'ui-state.json'

/** Reads and writes the UI state; it is opaque JSON text to main. */
export class UiStateFile {
  readonly #path: string

  constructor(dataDir: string) {
    this.#path = join(dataDir, UI_STATE_FILE)
  }

  /** The saved state, or null if there is none or it cannot be read (UI state is not worth an error). */
  async load(): Promise<string | null> {
    try {
      const text = await readFile(this.#path, 'utf8')
      JSON.parse(text)
      return text
    } catch {
      return null
    }
  }

  /** Saves the state atomically, so a crash never leaves half a file. */
  async save(state: string): Promise<void> {
    await writeFileAtomic(this.#path, state)
  }
}
