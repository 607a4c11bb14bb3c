/**
 * The preload: builds one frozen, typed api object from the contract and exposes it as
 * `window.catalogApi`. Nothing else crosses into the page. The IPC event never reaches
 * the page; only result values and checked shell events do.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import { API_GLOBAL, createCatalogApi, type IpcResult } from '../shared/ipc-channels'
import { isShellEvent, SHELL_EVENT_CHANNEL, type ShellEvent } from '../shared/contract/shell-events'
import { watchFolderDrops, type DropTarget } from './folder-drop'

const listeners = new Set<(event: ShellEvent) => void>()
const emit = (event: ShellEvent): void => listeners.forEach((listener) => listener(event))

ipcRenderer.on(SHELL_EVENT_CHANNEL, (_event: IpcRendererEvent, payload: unknown) => {
  if (isShellEvent(payload)) emit(payload)
})

const invoke = (channel: string, request: unknown): Promise<IpcResult<unknown>> => ipcRenderer.invoke(channel, request) as Promise<IpcResult<unknown>>

const api = createCatalogApi(invoke, (listener) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
})
contextBridge.exposeInMainWorld(API_GLOBAL, api)

// The page's window is the preload's global object.
watchFolderDrops(
  globalThis as unknown as DropTarget<File>,
  (file) => webUtils.getPathForFile(file),
  (path) => invoke('shell:openFolder', { path }),
  emit
)
