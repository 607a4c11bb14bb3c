/**
 * Which IPC calls main answers: only those from the main frame of our own window, showing
 * a page of our own origin. A subframe, another window or a page that navigated elsewhere
 * is refused.
 */
import { isAppUrl } from './navigation-policy'

/** The facts about a call's sender that the decision needs. */
export interface IpcSender {
  /** `event.sender.id`. */
  readonly webContentsId: number
  /** False if the sending frame has a parent (an iframe); undefined if the frame is gone. */
  readonly isMainFrame: boolean | undefined
  /** The sending frame's URL; undefined if the frame is gone. */
  readonly frameUrl: string | undefined
}

/** True if the call comes from the main frame of window `windowContentsId` on our origin. */
export function isTrustedSender(sender: IpcSender, windowContentsId: number, appOrigin: string): boolean {
  return sender.webContentsId === windowContentsId && sender.isMainFrame === true && sender.frameUrl !== undefined && isAppUrl(sender.frameUrl, appOrigin)
}
