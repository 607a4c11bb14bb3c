/**
 * For tests that drive the real handler table: one call through `dispatch`, answering the
 * value or throwing the error value (code, message, details) as an Error.
 */
import type { Channel } from '../../shared/ipc-channels'
import { dispatch, type HandlerTable } from './dispatch'

/** Calls `channel` with `request` as the IPC binding would; the error value is thrown. */
export async function callHandler<T>(handlers: HandlerTable, channel: Channel, request: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, request)
  if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
  return result.value as T
}
