/**
 * What every view of an open table's details pane is given. Its own module, so the views in
 * other feature folders and the strip that lists them both depend on it rather than on each other.
 */
import type { TableDescription, TableRef } from '@shared/catalog-types'

/** What every view is given. */
export interface DetailViewProps {
  readonly connectionId: string
  readonly table: TableRef
  readonly description: TableDescription
  readonly delimiter: string
}
