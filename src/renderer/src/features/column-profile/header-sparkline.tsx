/**
 * A column's distribution drawn small under its name in the grid's header: the bars of
 * ./spark-bars.ts in SVG, stretched to the column's width. The picture is decoration for
 * assistive technology: the header is described by the same words in text (the
 * description's element, which the grid refers to), and a pointer gets them as a tooltip.
 */
import type { ReactNode } from 'react'
import type { ColumnProfile, TableProfile } from '@shared/contract/column-profile'
import { SPARK_HEIGHT, SPARK_WIDTH, sparkDescription, sparkRects, sparkSeries } from './spark-bars'
import styles from './column-profile.module.css'

/** The sparkline of `column` (as `profile` has it), or a dash where its profile draws none. */
export function HeaderSparkline({ column, profile }: { readonly column: ColumnProfile | undefined; readonly profile: TableProfile }): ReactNode {
  const series = column ? sparkSeries(column) : null
  if (!column || !series) {
    return (
      <span className={styles.sparkNone} aria-hidden="true" title="No distribution to draw for this column">
        —
      </span>
    )
  }
  const rects = sparkRects(series.bars.map((bar) => bar.count))
  return (
    <svg
      className={styles.spark}
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="column-sparkline"
      data-kind={series.bins ? 'bins' : 'values'}
    >
      <title>{sparkDescription(column, series, profile)}</title>
      {rects.map((rect, k) => (
        <rect key={k} x={rect.x} y={rect.y} width={rect.width} height={rect.height} data-count={rect.count} className={styles.sparkBar} />
      ))}
    </svg>
  )
}

/** The words of `column`'s sparkline, for the header's description; empty where it draws none. */
export function sparklineText(column: ColumnProfile | undefined, profile: TableProfile): string {
  const series = column ? sparkSeries(column) : null
  return column && series ? sparkDescription(column, series, profile) : ''
}
