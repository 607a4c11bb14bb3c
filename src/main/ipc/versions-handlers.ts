/**
 * Handlers of a table's versions: history with tags, an older version's
 * description, count and rows, restore, and tags.
 */
import type { versionsContract } from '../../shared/contract/versions'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the version channels. */
export function versionsHandlers({ registry }: HandlerContext): Pick<HandlerTable, keyof typeof versionsContract> {
  return {
    'versions:list': async ({ connectionId, table }) => {
      const client = await registry.client(connectionId)
      const [versions, tags] = await Promise.all([client.table(table).listVersions(), client.table(table).listTags()])
      return { versions, tags }
    },
    'versions:describe': async ({ connectionId, table, version }) => (await registry.client(connectionId)).table(table).describeVersion(version),
    'versions:count': async ({ connectionId, table, version, filter }) => (await registry.client(connectionId)).table(table).countRowsAt(version, filter),
    'versions:readRows': async ({ connectionId, table, version, offset, limit, columns, filter, leaveOutBytes }) =>
      (await registry.client(connectionId)).table(table).readRows({ offset, limit, columns, filter, version, leaveOutBytes }),
    'versions:restore': async ({ connectionId, table, version }) => (await registry.client(connectionId)).table(table).restoreVersion(version),
    'versions:createTag': async ({ connectionId, table, tag, version }) => {
      await (await registry.client(connectionId)).table(table).createTag(tag, version)
      return null
    },
    'versions:deleteTag': async ({ connectionId, table, tag }) => {
      await (await registry.client(connectionId)).table(table).deleteTag(tag)
      return null
    }
  }
}
