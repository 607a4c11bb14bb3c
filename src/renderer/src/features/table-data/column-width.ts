/** How wide the data grid draws each column. */

/** A column width that suits its type and fits its header's name and type, up to a limit. */
export function columnWidth(name: string, type: string): number {
  return Math.max(widthFor(type), Math.min(MAX_FITTED_WIDTH, headerWidth(name, type)))
}

/** Widest a column grows to fit its header; beyond it the header ends in "…" and its tooltip says it all. */
const MAX_FITTED_WIDTH = 360

/**
 * The header's width in pixels, from average glyph widths of the UI font (13 px semibold
 * name, 11 px type) plus the cell's padding: measuring in a canvas would wait for fonts.
 */
function headerWidth(name: string, type: string): number {
  return Math.ceil(name.length * 7.6 + 4 + type.length * 6.2 + 16 + 4)
}

/** A column width that suits its type: narrow numbers, wide vectors and nested values. */
function widthFor(type: string): number {
  if (/^(u?int|float|decimal)/.test(type)) return 120
  if (type === 'bool') return 80
  if (type.startsWith('date')) return 120
  if (type.startsWith('timestamp')) return 250
  if (type.startsWith('vector') || type.startsWith('fixed_size_list')) return 300
  if (/^(list|struct|map|large_list)/.test(type)) return 280
  return 200
}
