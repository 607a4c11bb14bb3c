/**
 * One column's card in the profile: its name and type, rows, nulls (and NaN), distinct
 * values, then what its type adds: range, quantiles and a histogram for numbers and times;
 * top values and lengths for strings; the true/false split; norms of vectors; lengths of
 * lists; sizes and media types of bytes.
 */
import type { ReactNode } from 'react'
import type { ColumnProfile, DistinctCount, NumberSummary } from '@shared/contract/column-profile'
import { Histogram, TopBars, type Bar } from './bar-chart'
import { axisText, countText, floatText, meanText, percentText, valueText, wideValues } from './profile-format'
import { cx } from '../../ui/class-names'
import styles from './column-profile.module.css'

interface CardProps {
  readonly column: ColumnProfile
  /** Filters the grid to the rows of a bar or value. */
  readonly onPick: (filter: string) => void
}

/** A label and its value, in the card's facts list. */
function Fact({ label, children, title }: { readonly label: string; readonly children: ReactNode; readonly title?: string }): ReactNode {
  return (
    <div className={styles.fact} title={title}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function distinctText(distinct: DistinctCount): { text: string; title: string } {
  if (distinct.method === 'exact') return { text: countText(distinct.value), title: 'Counted exactly' }
  const error = ((distinct.standardError ?? 0) * 100).toFixed(1)
  return { text: `≈${countText(distinct.value)}`, title: `Estimated with a HyperLogLog: standard error ±${error}%` }
}

/** Min, quartiles, max, mean and standard deviation of a number summary. */
function NumberFacts({ numbers, prefix = '' }: { readonly numbers: NumberSummary; readonly prefix?: string }): ReactNode {
  const how = numbers.quantiles === 'exact' ? 'Exact: from the sorted values' : 'From a quantile sketch, within 1% of the value'
  return (
    <>
      <Fact label={`${prefix}min`}>{valueText(numbers, numbers.min)}</Fact>
      <Fact label="q25" title={how}>
        {valueText(numbers, numbers.q25)}
      </Fact>
      <Fact label="q50" title={how}>
        {valueText(numbers, numbers.q50)}
      </Fact>
      <Fact label="q75" title={how}>
        {valueText(numbers, numbers.q75)}
      </Fact>
      <Fact label={`${prefix}max`}>{valueText(numbers, numbers.max)}</Fact>
      <Fact label={`${prefix}mean`}>{meanText(numbers, numbers.mean)}</Fact>
      <Fact label="std">{meanText(numbers, numbers.std, true)}</Fact>
      {numbers.quantiles === 'sketch' && <Fact label="quantiles">sketch, ±1%</Fact>}
    </>
  )
}

function histogramBars(numbers: NumberSummary): Bar[] {
  const bins = numbers.histogram?.bins ?? []
  return bins.map((bin, k) => {
    const closed = numbers.domain === 'float' && k === bins.length - 1
    return { label: `[${valueText(numbers, bin.low)}, ${valueText(numbers, bin.high)}${closed ? ']' : ')'}`, count: bin.count, filter: bin.filter }
  })
}

function NumberChart({
  numbers,
  title,
  onPick
}: {
  readonly numbers: NumberSummary
  readonly title: string
  readonly onPick?: (filter: string) => void
}): ReactNode {
  if (!numbers.histogram || numbers.histogram.bins.length === 0) return null
  const method = numbers.histogram.method === 'sketch' ? ' (bins filled from the quantile sketch)' : ''
  return (
    <Histogram
      bars={histogramBars(numbers)}
      low={axisText(numbers, numbers.min)}
      high={axisText(numbers, numbers.max)}
      title={`${title}${method}`}
      {...(onPick ? { onPick } : {})}
    />
  )
}

/** What the column's type adds: its chart first, then its numbers. */
function Detail({ column, onPick }: CardProps): ReactNode {
  const d = column.detail
  switch (d.kind) {
    case 'number':
      return (
        <>
          <NumberChart numbers={d.numbers} title={`Histogram of ${column.name}`} onPick={onPick} />
          <dl className={cx(styles.facts, wideValues(d.numbers) && styles.wide)}>
            <NumberFacts numbers={d.numbers} />
            {d.nan > 0 && <Fact label="NaN">{countText(d.nan)}</Fact>}
            {d.infinite > 0 && <Fact label="±Infinity">{countText(d.infinite)}</Fact>}
          </dl>
        </>
      )
    case 'string':
      return (
        <>
          {d.top.length > 0 && d.top[0]!.count === 1 && <p className={styles.note}>No value occurs twice.</p>}
          {d.top.length > 0 && d.top[0]!.count > 1 && (
            <TopBars
              bars={d.top.map((top) => ({ label: top.value === '' ? '(empty)' : top.value, count: top.count, filter: top.filter }))}
              title={`Top values of ${column.name}${d.topExact ? '' : ' (counts are upper bounds from a sketch)'}`}
              onPick={onPick}
            />
          )}
          {!d.topExact && <p className={styles.note}>Top counts are upper bounds (Space-Saving sketch).</p>}
          <dl className={styles.facts}>
            <Fact label="length min">{valueText(d.lengths, d.lengths.min)}</Fact>
            <Fact label="length mean">{d.lengths.mean === null ? '—' : floatText(d.lengths.mean)}</Fact>
            <Fact label="length max">{valueText(d.lengths, d.lengths.max)}</Fact>
            <Fact label="empty">{countText(d.empty)}</Fact>
          </dl>
        </>
      )
    case 'boolean':
      return (
        <TopBars
          bars={[
            { label: 'true', count: d.trueCount, filter: d.trueFilter },
            { label: 'false', count: d.falseCount, filter: d.falseFilter }
          ]}
          title={`True and false in ${column.name}`}
          onPick={onPick}
        />
      )
    case 'vector':
      return (
        <>
          <NumberChart numbers={d.norms} title={`Histogram of the norms of ${column.name}`} />
          <dl className={styles.facts}>
            <Fact label="dimension">{countText(d.dimension)}</Fact>
            <Fact label="normalised" title="Every norm within 1 ± 1e-3">
              {d.normalised ? 'yes' : 'no'}
            </Fact>
            <Fact label="zero vectors">{countText(d.zeroVectors)}</Fact>
            <Fact label="NaN vectors">{countText(d.nanVectors)}</Fact>
            <NumberFacts numbers={d.norms} prefix="norm " />
          </dl>
        </>
      )
    case 'list':
      return (
        <>
          <NumberChart numbers={d.lengths} title={`Lengths of the lists in ${column.name}`} />
          <dl className={styles.facts}>
            <NumberFacts numbers={d.lengths} prefix="length " />
          </dl>
        </>
      )
    case 'bytes':
      return (
        <>
          {d.media.length > 0 && (
            <TopBars bars={d.media.map((m) => ({ label: m.type, count: m.count, filter: null }))} title={`Media types in ${column.name}`} />
          )}
          <dl className={styles.facts}>
            <Fact label="size min">{valueText(d.sizes, d.sizes.min)} B</Fact>
            <Fact label="size mean">{d.sizes.mean === null ? '—' : floatText(d.sizes.mean)} B</Fact>
            <Fact label="size max">{valueText(d.sizes, d.sizes.max)} B</Fact>
            {d.unread > 0 && <Fact label="not read">{countText(d.unread)}</Fact>}
          </dl>
        </>
      )
    case 'other':
      return null
  }
}

/** One column's card. */
export function ColumnCard({ column, onPick }: CardProps): ReactNode {
  const distinct = column.distinct ? distinctText(column.distinct) : null
  return (
    <article className={styles.card} aria-label={`Profile of ${column.name}`}>
      <header className={styles.cardHead}>
        <h4 className={styles.name}>{column.name}</h4>
        <span className={styles.type}>{column.type}</span>
      </header>
      {column.problem && <p className="muted">{column.problem}</p>}
      <p className={styles.counts}>
        <span>{`${countText(column.count)} rows`}</span>
        <span>{`${countText(column.nulls)} null (${percentText(column.nullPercent)})`}</span>
        {distinct && <span title={distinct.title}>{`${distinct.text} distinct`}</span>}
      </p>
      <Detail column={column} onPick={onPick} />
    </article>
  )
}
