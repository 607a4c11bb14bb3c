/**
 * The grid filter that selects a map's chosen points: their key column `IN (...)`. Offered
 * only where it selects exactly those rows (the map read every row and no two share a key)
 * and stays within a filter's bounds; otherwise the reason why not.
 */
import type { MapLayout } from '@shared/contract/embedding-map'

/** The most points a selection may turn into a filter (each key is a literal of the filter). */
export const MAX_FILTER_KEYS = 5_000

/** A filter, or why there is none. */
export type KeyFilter = { readonly filter: string } | { readonly reason: string }

/** A column name as Lance's SQL reads it: in backticks, a backtick doubled. */
function quoteColumn(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``
}

/** The filter selecting the rows of points `indices` of `map`. */
export function keyFilter(map: Pick<MapLayout, 'keyColumn' | 'keyKind' | 'keys' | 'keysUnique' | 'sampled'>, indices: readonly number[]): KeyFilter {
  if (map.keyColumn === null || map.keys === null) return { reason: 'This table has no whole-number or text column to name its rows by.' }
  if (!map.keysUnique) {
    return {
      reason: map.sampled
        ? `The map is of a sample, so "${map.keyColumn}" cannot be known to name one row each.`
        : `Some rows share a value of "${map.keyColumn}", so a filter on it would select more rows than these.`
    }
  }
  if (indices.length === 0) return { reason: 'No points are selected.' }
  if (indices.length > MAX_FILTER_KEYS) {
    return { reason: `${indices.length.toLocaleString('en-US')} points are selected; a filter can name at most ${MAX_FILTER_KEYS.toLocaleString('en-US')}.` }
  }
  const literals = indices.map((i) => {
    const key = map.keys![i] ?? ''
    return map.keyKind === 'number' ? key : `'${key.replaceAll("'", "''")}'`
  })
  return { filter: `${quoteColumn(map.keyColumn)} IN (${literals.join(', ')})` }
}
