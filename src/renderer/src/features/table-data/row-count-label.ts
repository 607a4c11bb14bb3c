/**
 * The words beside the filter that say how many rows the grid shows. When the filter
 * last applied failed, the grid keeps the rows of the last one that worked, and the count
 * says so, so it is never read as the failed filter's answer.
 */

/** The row count's label: `count` rows for the filter `shown` (empty: none); `failed` when a newer filter failed. */
export function rowCountLabel(count: number, shown: string, failed: boolean): string {
  const number = count.toLocaleString('en-US')
  const noun = count === 1 ? 'row' : 'rows'
  if (failed) return shown ? `${number} ${noun} for the last filter that worked` : `${number} ${noun}, not filtered`
  return shown ? `${number} matching ${noun}` : `${number} ${noun}`
}
