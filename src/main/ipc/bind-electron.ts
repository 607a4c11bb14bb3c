/**
 * The one place that touches `ipcMain`: binds every channel of the contract once, and
 * refuses calls from anything but the main frame of our own window on our own origin
 * (the decision is `isTrustedSender`). Bulk calls pass the gates of `call-gates.ts`, the
 * window their caller; a slot is free again once Electron has the answer.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { CHANNELS, type IpcResult } from '../../shared/ipc-channels'
import { isTrustedSender } from '../shell/ipc-sender'
import { dispatch, type HandlerTable } from './dispatch'
import { CallGates, throughGate } from './call-gates'

/** Binds the handler table to IPC for one window. */
export function bindIpc(handlers: HandlerTable, window: BrowserWindow, appOrigin: string): void {
  const gates = new CallGates()
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, request: unknown): Promise<IpcResult<unknown>> => {
      const frame = event.senderFrame
      const sender = { webContentsId: event.sender.id, isMainFrame: frame ? frame.parent === null : undefined, frameUrl: frame?.url }
      if (!isTrustedSender(sender, window.webContents.id, appOrigin)) {
        return Promise.resolve({ ok: false, error: { code: 'invalid_request', message: 'Refused: the call did not come from the app window.' } })
      }
      return throughGate(gates, channel, event.sender.id, () => dispatch(handlers, channel, request))
    })
  }
}
