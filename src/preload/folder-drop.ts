/**
 * A folder dropped on the window opens as a directory catalog. Only the preload can turn
 * a dropped File into a path (`webUtils.getPathForFile`), so it listens for drops the page
 * left alone and asks main to open each path; the page hears the outcome as shell events.
 */
import type { IpcResult } from '../shared/ipc-channels'
import type { ShellEvent } from '../shared/contract/shell-events'

/** The parts of a DragEvent used here (typed by hand: the main-process build has no DOM lib). */
export interface DragLike<F> {
  readonly defaultPrevented: boolean
  preventDefault(): void
  readonly dataTransfer: { readonly types: readonly string[]; readonly files: ArrayLike<F> } | null
}

/** Where drag events arrive: the page's window. */
export interface DropTarget<F> {
  addEventListener(type: 'dragover' | 'drop', listener: (event: DragLike<F>) => void): void
}

/** Listens for file drops on `target` the page did not handle itself. */
export function watchFolderDrops<F>(
  target: DropTarget<F>,
  pathOf: (file: F) => string,
  openFolder: (path: string) => Promise<IpcResult<unknown>>,
  emit: (event: ShellEvent) => void
): void {
  // Without preventDefault on dragover the drop never fires, and Chromium would try to
  // open the file itself (the navigation guard in main blocks that anyway).
  target.addEventListener('dragover', (event) => {
    if (!event.defaultPrevented && event.dataTransfer?.types.includes('Files')) event.preventDefault()
  })
  target.addEventListener('drop', (event) => {
    const files = event.dataTransfer?.files
    if (event.defaultPrevented || !files || files.length === 0) return
    event.preventDefault()
    for (const file of Array.from(files)) {
      const path = pathOf(file)
      if (!path) continue
      void openFolder(path).then((result) => {
        if (result.ok) {
          const value = result.value as { readonly id?: unknown }
          if (typeof value.id === 'string') emit({ type: 'connection-opened', connectionId: value.id })
        } else {
          emit({ type: 'problem', message: result.error.message })
        }
      })
    }
  })
}
