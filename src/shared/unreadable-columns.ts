/**
 * Columns the engine could not read for a page of rows. Main leaves them out of the page
 * (so the other columns still show) and names them in the Arrow schema's metadata under
 * UNREADABLE_COLUMNS_KEY; the grid reads them back from there.
 */

/** The schema metadata key holding the unreadable columns as JSON. */
export const UNREADABLE_COLUMNS_KEY = 'lcb.unreadable_columns'

/** One column left out of a page, and why. */
export interface UnreadableColumn {
  readonly name: string
  readonly message: string
}

/** The unreadable columns a page's schema metadata names; none if absent or malformed. */
export function unreadableColumnsOf(metadata: ReadonlyMap<string, string>): readonly UnreadableColumn[] {
  const text = metadata.get(UNREADABLE_COLUMNS_KEY)
  if (!text) return []
  try {
    const parsed: unknown = JSON.parse(text)
    if (!Array.isArray(parsed)) return []
    return parsed.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return []
      const { name, message } = item as Record<string, unknown>
      return typeof name === 'string' && typeof message === 'string' ? [{ name, message }] : []
    })
  } catch {
    return []
  }
}
