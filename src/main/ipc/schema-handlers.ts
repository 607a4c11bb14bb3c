/**
 * Handlers of schema evolution: add columns from SQL expressions, alter (rename, make
 * nullable) and drop columns, each answering the table's new version.
 */
import type { schemaContract } from '../../shared/contract/schema'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the schema channels. */
export function schemaHandlers({ registry }: HandlerContext): Pick<HandlerTable, keyof typeof schemaContract> {
  return {
    'schema:addColumns': async ({ connectionId, table, columns }) => (await registry.client(connectionId)).table(table).addColumns(columns),
    'schema:alterColumns': async ({ connectionId, table, alterations }) => (await registry.client(connectionId)).table(table).alterColumns(alterations),
    'schema:dropColumns': async ({ connectionId, table, columns }) => (await registry.client(connectionId)).table(table).dropColumns(columns)
  }
}
