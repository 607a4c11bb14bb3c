/**
 * The one place that touches `ipcMain`: binds every channel of the contract once, and
 * refuses calls from anything but our own window's page.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { CHANNELS, type IpcResult } from '../../shared/ipc-channels'
import { dispatch, type HandlerTable } from './dispatch'

/** Binds the handler table to IPC for one window. */
export function bindIpc(handlers: HandlerTable, window: BrowserWindow, isAppUrl: (url: string) => boolean): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, request: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, window, isAppUrl)) {
        return Promise.resolve({ ok: false, error: { code: 'invalid_request', message: 'Refused: the call did not come from the app window.' } })
      }
      return dispatch(handlers, channel, request)
    })
  }
}

function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow, isAppUrl: (url: string) => boolean): boolean {
  const frameUrl = event.senderFrame?.url
  return event.sender.id === window.webContents.id && frameUrl !== undefined && isAppUrl(frameUrl)
}
