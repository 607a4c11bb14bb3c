/**
 * Handlers of exports: start one (the desktop app asks where to save first), read its
 * progress, cancel it.
 */
import type { exportContract } from '../../shared/contract/export'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the export channels. */
export function exportHandlers({ registry, exports }: HandlerContext): Pick<HandlerTable, keyof typeof exportContract> {
  return {
    'export:start': async ({ connectionId, table, format, columns, filter, version, search }) =>
      exports.start(await registry.client(connectionId), { table, format, columns, filter, version, search }),
    'export:status': async ({ id }) => exports.status(id),
    'export:cancel': async ({ id }) => exports.cancel(id)
  }
}
