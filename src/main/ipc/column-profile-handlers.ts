/** Column profile handlers: a table's column profiles, and how far one has got. */
import type { columnProfileContract } from '../../shared/contract/column-profile'
import type { HandlerTable } from './dispatch'
import type { ColumnProfiles } from '../profile/column-profiles'

export function columnProfileHandlers(profiles: ColumnProfiles): Pick<HandlerTable, keyof typeof columnProfileContract> {
  return {
    'columns:profile': (request) => profiles.profile(request),
    'columns:profileProgress': async ({ operationId }) => profiles.progress(operationId)
  }
}
