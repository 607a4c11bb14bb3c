/** Handlers of row editing: whether a table can be edited, and committing a batch of edits. */
import type { editsContract } from '../../shared/contract/edits'
import { CatalogError } from '../../shared/errors'
import { commitEdits } from '../edits/commit-edits'
import { editabilityOf } from '../edits/editability'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the row editing channels. */
export function editHandlers({ registry }: HandlerContext): Pick<HandlerTable, keyof typeof editsContract> {
  // Why a connection's writes were refused (a read-only key, say): editing is then offered nowhere on it.
  const refused = new Map<string, string>()
  return {
    'tables:editability': async ({ connectionId, table, version }) =>
      editabilityOf((await registry.client(connectionId)).table(table), version, refused.get(connectionId) ?? null),
    'tables:commitEdits': async (request) => {
      const handle = (await registry.client(request.connectionId)).table(request.table)
      try {
        return await commitEdits(handle, request)
      } catch (error) {
        if (error instanceof CatalogError && (error.code === 'permission_denied' || error.code === 'unauthenticated')) {
          refused.set(request.connectionId, `Writes on this connection were refused: ${error.message}`)
        }
        throw error
      }
    }
  }
}
