/**
 * The handlers that count what changed between two versions of a table (the Versions
 * view's Compare) and page the changed rows, by the table's row lineage or a key column the page names.
 */
import type { changesContract } from '../../shared/contract/changes'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the changes channels. */
export function changesHandlers({ registry }: HandlerContext): Pick<HandlerTable, keyof typeof changesContract> {
  return {
    'changes:count': async ({ connectionId, table, from, to, key }) =>
      (await registry.client(connectionId)).table(table).diffVersions({ from, to, ...(key === undefined ? {} : { key }) }),
    'changes:rows': async ({ connectionId, table, key, ...page }) =>
      (await registry.client(connectionId)).table(table).changedRows({ ...page, ...(key === undefined ? {} : { key }) })
  }
}
