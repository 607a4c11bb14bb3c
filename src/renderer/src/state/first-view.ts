/**
 * How a connection looks the first time it is shown: the catalog the app makes on first
 * run (a `default-catalog` folder holding the `examples` namespace) opens expanded, so a
 * newcomer sees its table at once. Any other catalog starts folded.
 */
import type { ConnectionSummary } from '@shared/catalog-types'
import type { NamespacePath } from '@shared/namespace-path'

/** The namespaces to expand when `connection` is shown for the first time. */
export function firstExpanded(connection: Pick<ConnectionSummary, 'type' | 'target'>): NamespacePath[] {
  const isDefault = connection.type === 'dir' && /[\\/]default-catalog[\\/]?$/.test(connection.target)
  return isDefault ? [['examples']] : []
}
