/**
 * The preload: builds one frozen, typed api object from the contract and exposes it as
 * `window.catalogApi`. Nothing else crosses into the page. The IPC event never reaches
 * the page; only result values do.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { API_GLOBAL, createCatalogApi, type IpcResult } from '../shared/ipc-channels'

const api = createCatalogApi((channel, request) => ipcRenderer.invoke(channel, request) as Promise<IpcResult<unknown>>)
contextBridge.exposeInMainWorld(API_GLOBAL, api)
