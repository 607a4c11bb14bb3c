/** Handlers of row editing: whether a table can be edited, and committing a batch of edits. */
import type { editsContract } from '../../shared/contract/edits'
import { CatalogError } from '../../shared/errors'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the row editing channels. */
export function editHandlers(_context: HandlerContext): Pick<HandlerTable, keyof typeof editsContract> {
  const notYet = async (): Promise<never> => {
    throw new CatalogError('unsupported', 'Editing rows is not available in this build yet.')
  }
  return {
    'tables:editability': notYet,
    'tables:commitEdits': notYet
  }
}
