/// <reference lib="dom" />
/**
 * A folder dropped on the window opens as a directory catalog. Only the preload can turn
 * a dropped File into a path (`webUtils.getPathForFile`), so it listens for drops the page
 * left alone and asks main to open each path; the page hears the outcome as shell events.
 */
import type { IpcResult } from '../shared/ipc-channels'
import type { ShellEvent } from '../shared/contract/shell-events'

/** Listens for file drops on `target` the page did not handle itself. */
export function watchFolderDrops(
  target: Pick<Window, 'addEventListener'>,
  pathOf: (file: File) => string,
  openFolder: (path: string) => Promise<IpcResult<unknown>>,
  emit: (event: ShellEvent) => void
): void {
  // Without preventDefault on dragover the drop never fires, and Chromium would try to
  // open the file itself (the navigation guard in main blocks that anyway).
  target.addEventListener('dragover', (event: DragEvent) => {
    if (!event.defaultPrevented && event.dataTransfer?.types.includes('Files')) event.preventDefault()
  })
  target.addEventListener('drop', (event: DragEvent) => {
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
